import type { Payload } from 'payload'

import type { Invoice, NotificationPreference, Payment, User } from '#cms/payload-types'
import { getAppContext } from '#server/context.server'
import { formatCalendarDay } from '#shared/dates'
import { formatCents } from '#shared/money'
import { academyToday } from '#api/lib/academy-clock'
import { academyName, paymentReceiptMail, sendMail } from '#api/email'

/** Whether the family wants email: no preferences row yet means the spec's defaults (on). */
async function wantsEmail(payload: Payload, userId: number): Promise<boolean> {
  const prefs = await payload.find({ collection: 'notification-preferences', where: { user: { equals: userId } }, limit: 1, depth: 0, overrideAccess: true })
  const row = prefs.docs[0] as NotificationPreference | undefined
  return row?.emailNotifications !== false
}

/**
 * The payment receipt of decisions §7, sent to the family's current email when their email
 * notifications are on. Failures are the caller's to log; they never undo the payment.
 */
export async function sendPaymentReceipt(payload: Payload, payment: Payment, invoice: Invoice): Promise<boolean> {
  const user = (await payload.findByID({ collection: 'users', id: invoice.userId, overrideAccess: true, depth: 0, disableErrors: true })) as User | null
  if (!user?.email || !(await wantsEmail(payload, user.id))) return false
  const mail = paymentReceiptMail({
    fullName: user.fullName,
    academyName: await academyName(payload),
    amount: formatCents(payment.amountCents),
    description: invoice.description,
    invoiceId: invoice.id,
    paidOn: formatCalendarDay(academyToday(new Date(payment.createdAt))),
    reference: String(payment.transactionId ?? payment.id),
    link: `${getAppContext().env.publicOrigin}/billing`,
  })
  await sendMail(payload, user.email, mail)
  return true
}
