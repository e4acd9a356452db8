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

export function createMailer(options: { smtpUrl?: string; from: string; log?: (line: string) => void }): Mailer {
  const log = options.log ?? ((line: string) => console.log(line))
  if (!options.smtpUrl) {
    return {
      logOnly: true,
      async send(mail) {
        log(`[mail] (demo mode, not sent) to=${mail.to} subject=${JSON.stringify(mail.subject)}\n${mail.text}`)
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
