import type { EmailAdapter, SendEmailOptions } from 'payload'

import { getAppContext } from '#server/context.server'

/** Nodemailer's recipient forms (text, {name, address}, lists of either, nested) as one address list. */
function addresses(to: SendEmailOptions['to'] | unknown): string {
  if (!to) return ''
  if (typeof to === 'string') return to
  if (Array.isArray(to)) return to.map(addresses).filter(Boolean).join(', ')
  const address = (to as { address?: unknown }).address
  return typeof address === 'string' ? address : ''
}

/**
 * Payload's own mail (the /cms panel's "forgot password", say) goes out through the app's one
 * mailer (src/server/mailer.server.ts): the same SMTP settings and sender, and in demo mode
 * the same log, instead of Payload's console fallback and its start-up warning.
 */
export const academyEmailAdapter: EmailAdapter = () => ({
  name: 'academy-mailer',
  // The mailer sends from MAIL_FROM whatever these say; Payload requires them.
  defaultFromAddress: 'no-reply@academy.local',
  defaultFromName: 'Academy',
  async sendEmail(message) {
    const text = typeof message.text === 'string' ? message.text : ''
    const html = typeof message.html === 'string' ? message.html : undefined
    await getAppContext().mailer.send({ to: addresses(message.to), subject: message.subject ?? '', text: text || (html ?? '').replace(/<[^>]+>/g, ''), html })
  },
})
