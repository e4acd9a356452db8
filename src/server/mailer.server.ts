import nodemailer, { type Transporter } from 'nodemailer'

/** Outgoing mail (decisions §7): SMTP through nodemailer, or the server log in demo mail mode. */
/** A file sent with a message (a signed policy's PDF), its content in base64 so a queued job can hold it. */
export type MailAttachment = { filename: string; contentType: string; contentBase64: string }

export type OutgoingMail = {
  to: string
  subject: string
  text: string
  html?: string
  replyTo?: string
  attachments?: MailAttachment[]
  /** Extra headers, such as a message's List-Unsubscribe (issue 25). */
  headers?: Record<string, string>
}

/** A message as the demo outbox keeps it. */
export type OutboxEntry = OutgoingMail & { id: number; sentAt: string; outcome: 'sent' | 'logged' | 'failed' }

export type Mailer = {
  /** True when no SMTP server is configured: messages are written to the log. */
  readonly logOnly: boolean
  send(mail: OutgoingMail): Promise<void>
  /** Checks the SMTP connection; `null` when it works, otherwise the reason. */
  verify(): Promise<string | null>
  /**
   * Demo mode only: the latest messages this process sent or would have sent, newest first, so
   * an admin can read them in the browser. `null` elsewhere: a deployment keeps no copy of mail.
   */
  outbox(): OutboxEntry[] | null
}

/** How many messages the demo outbox keeps (the oldest leave first). */
export const OUTBOX_CAPACITY = 100

/**
 * Without SMTP_URL, mail goes to the log. `redact` (any deployment with a DATABASE_URL) keeps the
 * message text out of it: a password-reset link in a shared log would be a key to the account.
 */
export function createMailer(options: { smtpUrl?: string; from: string; redact?: boolean; keepOutbox?: boolean; log?: (line: string) => void }): Mailer {
  const log = options.log ?? ((line: string) => console.log(line))
  const kept: OutboxEntry[] = []
  let lastId = 0
  function keep(mail: OutgoingMail, outcome: OutboxEntry['outcome']): void {
    if (!options.keepOutbox) return
    kept.unshift({ ...mail, id: ++lastId, sentAt: new Date().toISOString(), outcome })
    kept.length = Math.min(kept.length, OUTBOX_CAPACITY)
  }
  const outbox = () => (options.keepOutbox ? kept.map((entry) => ({ ...entry })) : null)

  if (!options.smtpUrl) {
    return {
      logOnly: true,
      async send(mail) {
        const head = `[mail] (not sent: SMTP_URL is not set) to=${mail.to} subject=${JSON.stringify(mail.subject)}`
        log(options.redact ? `${head} (text withheld outside demo mode)` : `${head}\n${mail.text}`)
        keep(mail, 'logged')
      },
      async verify() {
        return 'No SMTP server is configured (SMTP_URL is not set): mail is written to the server log.'
      },
      outbox,
    }
  }
  const transport: Transporter = nodemailer.createTransport(options.smtpUrl, { from: options.from })
  return {
    logOnly: false,
    async send(mail) {
      try {
        const { attachments, ...message } = mail
        await transport.sendMail({
          from: options.from,
          ...message,
          ...(attachments?.length
            ? { attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.contentBase64, encoding: 'base64' })) }
            : {}),
        })
      } catch (error) {
        keep(mail, 'failed')
        throw error
      }
      keep(mail, 'sent')
    },
    outbox,
    async verify() {
      try {
        await transport.verify()
        return null
      } catch (error) {
        return error instanceof Error ? error.message : String(error)
      }
    },
  }
}
