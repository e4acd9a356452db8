import nodemailer, { type Transporter } from 'nodemailer'

/** Outgoing mail (decisions §7): SMTP through nodemailer, or the server log in demo mail mode. */
export type OutgoingMail = { to: string; subject: string; text: string; html?: string; replyTo?: string }

export type Mailer = {
  /** True when no SMTP server is configured: messages are written to the log. */
  readonly logOnly: boolean
  send(mail: OutgoingMail): Promise<void>
  /** Checks the SMTP connection; `null` when it works, otherwise the reason. */
  verify(): Promise<string | null>
}

/**
 * Without SMTP_URL, mail goes to the log. `redact` (any deployment with a DATABASE_URL) keeps the
 * message text out of it: a password-reset link in a shared log would be a key to the account.
 */
export function createMailer(options: { smtpUrl?: string; from: string; redact?: boolean; log?: (line: string) => void }): Mailer {
  const log = options.log ?? ((line: string) => console.log(line))
  if (!options.smtpUrl) {
    return {
      logOnly: true,
      async send(mail) {
        const head = `[mail] (not sent: SMTP_URL is not set) to=${mail.to} subject=${JSON.stringify(mail.subject)}`
        log(options.redact ? `${head} (text withheld outside demo mode)` : `${head}\n${mail.text}`)
      },
      async verify() {
        return 'No SMTP server is configured (SMTP_URL is not set): mail is written to the server log.'
      },
    }
  }
  const transport: Transporter = nodemailer.createTransport(options.smtpUrl, { from: options.from })
  return {
    logOnly: false,
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail })
    },
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
