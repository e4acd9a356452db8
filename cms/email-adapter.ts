import type { EmailAdapter, SendEmailOptions } from 'payload'

import { queueMail } from '#api/email'

/** Nodemailer's recipient forms (text, {name, address}, lists of either, nested) as one address list. */
function addresses(to: SendEmailOptions['to'] | unknown): string {
  if (!to) return ''
  if (typeof to === 'string') return to
  if (Array.isArray(to)) return to.map(addresses).filter(Boolean).join(', ')
  const address = (to as { address?: unknown }).address
  return typeof address === 'string' ? address : ''
}

/**
 * Payload's own mail (the /cms panel's "forgot password", say) is a mail job like the app's
 * (src/api/email/mail-jobs.ts, docs/decisions/018), sent through the app's one mailer: the
 * same SMTP settings and sender, the same retries, and in demo mode the same log, instead of
 * Payload's console fallback and its start-up warning.
 */
export const academyEmailAdapter: EmailAdapter = ({ payload }) => ({
  name: 'academy-mailer',
  // The mailer sends from MAIL_FROM whatever these say; Payload requires them.
  defaultFromAddress: 'no-reply@academy.local',
  defaultFromName: 'Academy',
  async sendEmail(message) {
    const text = typeof message.text === 'string' ? message.text : ''
    const html = typeof message.html === 'string' ? message.html : undefined
    await queueMail(payload, { to: addresses(message.to), subject: message.subject ?? '', text: text || (html ?? '').replace(/<[^>]+>/g, ''), html })
  },
})
