import type { AddressInfo } from 'node:net'

import { SMTPServer } from 'smtp-server'

/** `text` and `html` are the message's plain-text and HTML parts, decoded ('' when it has none). */
export type CaughtMail = { from: string; to: string[]; raw: string; subject: string; contentType: string; text: string; html: string }

/** Decodes the quoted-printable soft breaks and escapes nodemailer may use in a text part. */
function decodeQuotedPrintable(input: string): string {
  return input.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

function decodeBody(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (/quoted-printable/i.test(encoding)) return Buffer.from(decodeQuotedPrintable(body), 'latin1').toString('utf8')
  return body
}

const headerOf = (head: string, name: string) => new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? ''

/** The text/plain and text/html parts of a message, one level of multipart/alternative or a single part. */
function partsOf(head: string, body: string): { text: string; html: string } {
  const type = headerOf(head, 'Content-Type')
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (!boundary) {
    const decoded = decodeBody(body, headerOf(head, 'Content-Transfer-Encoding'))
    return /text\/html/i.test(type) ? { text: '', html: decoded } : { text: decoded, html: '' }
  }
  const found = { text: '', html: '' }
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break
    const [partHead = '', ...rest] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/)
    const decoded = decodeBody(rest.join('\n\n').replace(/\r?\n$/, ''), headerOf(partHead, 'Content-Transfer-Encoding'))
    if (/text\/html/i.test(headerOf(partHead, 'Content-Type'))) found.html = decoded
    else if (/text\/plain/i.test(headerOf(partHead, 'Content-Type'))) found.text = decoded
  }
  return found
}

function decodeHeader(value: string): string {
  // Whitespace between two encoded words is folding, not text (RFC 2047).
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?Q\?([^?]*)\?=/gi, (_, text: string) => decodeQuotedPrintable(text.replace(/_/g, ' ')))
}

/**
 * A real SMTP listener in the test process (the `smtp-server` package): the app sends mail to
 * it through nodemailer exactly as it would to a hosted mail service.
 */
export async function startSmtpListener(options: { port?: number; refuse?: (address: string) => boolean } = {}): Promise<{
  url: string
  messages: CaughtMail[]
  waitFor(predicate: (m: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>
  close(): Promise<void>
}> {
  const messages: CaughtMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A mailbox that does not exist: refused for good at RCPT TO (550), as a real server answers.
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        const error = Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 })
        callback(error)
        return
      }
      callback()
    },
    onData(stream, session, callback) {
      let raw = ''
      stream.setEncoding('utf8')
      stream.on('data', (chunk: string) => (raw += chunk))
      stream.on('end', () => {
        const [head = '', ...rest] = raw.split(/\r?\n\r?\n/)
        const subject = decodeHeader(/^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '')
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject,
          contentType: headerOf(head, 'Content-Type'),
          ...partsOf(head, rest.join('\n\n')),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(predicate, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = messages.find(predicate)
        if (found) return found
        if (Date.now() > deadline) throw new Error(`no matching mail within ${timeoutMs} ms (caught ${messages.length})`)
        await new Promise((r) => setTimeout(r, 50))
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
