import type { AddressInfo } from 'node:net'

import { SMTPServer } from 'smtp-server'

export type CaughtMail = { from: string; to: string[]; raw: string; subject: string; text: string }

/** Decodes the quoted-printable soft breaks and escapes nodemailer may use in a text part. */
function decodeQuotedPrintable(input: string): string {
  return input.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?Q\?([^?]*)\?=/gi, (_, text: string) => decodeQuotedPrintable(text.replace(/_/g, ' ')))
}

/**
 * A real SMTP listener in the test process (the `smtp-server` package): the app sends mail to
 * it through nodemailer exactly as it would to a hosted mail service.
 */
export async function startSmtpListener(options: { port?: number } = {}): Promise<{
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
          text: decodeQuotedPrintable(rest.join('\n\n')),
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
