import type { Payload } from 'payload'

import type { Invoice, Payment } from '#cms/payload-types'
import { getAppContext } from '#server/context.server'
import { formatCalendarDay } from '#shared/dates'
import { formatCents } from '#shared/money'
import { academyToday } from '#api/lib/academy-clock'
import { mailHousehold, paymentReceiptMail } from '#api/email'

/**
 * The payment receipt of decisions §7, sent to the family's current email when their email
 * notifications are on. Failures are the caller's to log; they never undo the payment.
 */
export async function sendPaymentReceipt(payload: Payload, payment: Payment, invoice: Invoice): Promise<boolean> {
  const paidOn = formatCalendarDay(academyToday(new Date(payment.createdAt)))
  const link = `${getAppContext().env.publicOrigin}/billing`
  const sent = await mailHousehold(payload, invoice.userId, (guardian, academy) =>
    paymentReceiptMail({
      fullName: guardian.fullName,
      academyName: academy,
      amount: formatCents(payment.amountCents),
      description: invoice.description,
      invoiceId: invoice.id,
      paidOn,
      reference: String(payment.transactionId ?? payment.id),
      link,
    }),
  )
  return sent > 0
}
