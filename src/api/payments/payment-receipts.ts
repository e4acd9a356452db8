import type { Payload } from 'payload'

import type { Invoice, NotificationPreference, Payment, User } from '#cms/payload-types'
import { getAppContext } from '#server/context.server'
import { formatCents } from '#shared/money'
import { academyToday } from '#api/lib/academy-clock'
import { getSiteTexts } from '#api/site-content'

/** Whether the family wants email: no preferences row yet means the spec's defaults (on). */
async function wantsEmail(payload: Payload, userId: number): Promise<boolean> {
  const prefs = await payload.find({ collection: 'notification-preferences', where: { user: { equals: userId } }, limit: 1, depth: 0, overrideAccess: true })
  const row = prefs.docs[0] as NotificationPreference | undefined
  return row?.emailNotifications !== false
}

async function academyName(payload: Payload): Promise<string> {
  try {
    return (await getSiteTexts(payload)).text('global.site_name')
  } catch {
    return 'The Academy'
  }
}

/**
 * The payment receipt of decisions §7, sent to the family's current email when their email
 * notifications are on. Failures are the caller's to log; they never undo the payment.
 */
export async function sendPaymentReceipt(payload: Payload, payment: Payment, invoice: Invoice): Promise<boolean> {
  const user = (await payload.findByID({ collection: 'users', id: invoice.userId, overrideAccess: true, depth: 0, disableErrors: true })) as User | null
  if (!user?.email || !(await wantsEmail(payload, user.id))) return false
  const name = await academyName(payload)
  const amount = formatCents(payment.amountCents)
  const paidOn = academyToday(new Date(payment.createdAt))
  const { mailer, env } = getAppContext()
  await mailer.send({
    to: user.email,
    subject: `Payment received: ${amount} for ${invoice.description}`,
    text: [
      `Hello ${user.fullName},`,
      '',
      `Thank you: we received your card payment of ${amount} for "${invoice.description}" (invoice #${invoice.id}) on ${paidOn}.`,
      'The invoice is now marked as paid.',
      '',
      `Reference: ${payment.transactionId ?? payment.id}`,
      `Your payment history: ${env.publicOrigin}/billing`,
      '',
      name,
    ].join('\n'),
  })
  return true
}
