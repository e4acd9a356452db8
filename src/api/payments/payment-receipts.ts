import { createLocalReq, type Payload } from 'payload'

import type { Invoice, Payment } from '#cms/payload-types'
import { getAppContext } from '#server/context.server'
import { formatCalendarDay } from '#shared/dates'
import { formatCents } from '#shared/money'
import { academyToday } from '#api/lib/academy-clock'
import { paymentReceiptMail } from '#api/email'
import { mailAboutInvoice } from '#api/households'

/**
 * The payment receipt of decisions §7, sent to the family's current email when their email
 * notifications are on: by the "billed to" rule (decisions §10), to every guardian of a household
 * that does not split, else to the guardian the invoice is billed to alone. Only the guardian who
 * paid reads "your card payment"; another reads whose it was. Failures are the caller's to log;
 * they never undo the payment.
 */
export async function sendPaymentReceipt(payload: Payload, payment: Payment, invoice: Invoice): Promise<boolean> {
  const paidOn = formatCalendarDay(academyToday(new Date(payment.createdAt)))
  const link = `${getAppContext().env.publicOrigin}/billing`
  const req = await createLocalReq({}, payload)
  const sent = await mailAboutInvoice(req, invoice, (guardian, academy) =>
    paymentReceiptMail({
      fullName: guardian.fullName,
      paidBy: payment.paidById == null ? null : payment.paidById === guardian.id ? 'you' : (payment.paidByName ?? null),
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
