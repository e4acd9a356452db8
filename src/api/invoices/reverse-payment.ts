import type { PayloadRequest } from 'payload'

import type { Payment, User } from '#cms/payload-types'
import { conflict } from '#api/errors'
import type { PaymentDto } from '#api/payments/schemas'
import { refundReversedPayment, toPaymentDto } from '#api/payments'
import { inTransaction } from '#api/lib/database'
import { withRequestContext } from '#api/lib/request-context'
import { FINAL_INVOICE_MESSAGES, INVOICE_CONTEXT, type ReversePaymentInput } from './final.schemas'
import type { InvoiceDto } from './schemas'
import { lockedInvoice } from './invoice-actions'
import { toInvoiceDto } from './invoices'
import { academyNow } from '#api/lib/academy-clock'

/**
 * Reversing a paid invoice (decisions §10, issue 23): the one way back from paid, with a reason.
 *
 * - Each completed payment of the invoice is reversed, never deleted: a card payment is refunded
 *   in full at Stripe (status 'refunded', with Stripe's refund id), an offline one is marked
 *   'reversed' (a bounced cheque, a payment recorded on the wrong invoice). Both keep who
 *   reversed them, when and why, and neither counts as paid any more.
 * - The invoice goes back to pending: the family owes it again, so the balance (its pending and
 *   overdue invoices) and its payments agree. The daily pass makes it overdue if its due date has
 *   passed. When the family owes nothing after all, the administrator then voids it, with its own
 *   reason; that also gives back the credits its lines used.
 * - Autopay does not charge it again behind anyone's back: its succeeded attempt stays on record,
 *   and autopay never makes another attempt on an invoice that has one (#shared/autopay). The
 *   family pays it by card on /billing, or the office records the payment.
 * - An invoice marked paid before payments were recorded (the spec's old Set Paid) has no payment
 *   row: a 'reversed' row of method 'offline' (other) is written, so the reversal has its record.
 * - A tuition month that credits paid in full had no payment: there is nothing to reverse (409).
 *
 * The invoice's row is locked first, as voids, offline payments and card payments lock it, so
 * these take turns. The refund is asked of Stripe inside the transaction with one idempotency key
 * per payment row: if a later write fails, nothing is kept here and a retry gets the same refund.
 */
export async function reversePayment(
  req: PayloadRequest,
  admin: User,
  id: number,
  input: ReversePaymentInput,
): Promise<{ invoice: InvoiceDto; payments: PaymentDto[] }> {
  return inTransaction(req, async () => {
    const invoice = await lockedInvoice(req, id)
    if (invoice.status !== 'paid') throw conflict(FINAL_INVOICE_MESSAGES.notPaid)
    const { docs } = await req.payload.find({
      collection: 'payments',
      req,
      overrideAccess: true,
      depth: 0,
      limit: 0,
      pagination: false,
      sort: 'id',
      where: { and: [{ invoice: { equals: id } }, { status: { equals: 'completed' } }] },
    })
    const completed = docs as Payment[]
    if (completed.length === 0 && invoice.amountCents === 0) throw conflict(FINAL_INVOICE_MESSAGES.coveredByCredits)

    const now = academyNow().toISOString()
    const audit = { reversedAt: now, reversedById: admin.id, reversedByName: admin.fullName, reversalReason: input.reason }
    const common = { collection: 'payments', req, overrideAccess: true, depth: 0 } as const
    const reversed: Payment[] = []
    if (completed.length === 0) {
      const data = { invoice: id, userId: invoice.userId, amountCents: invoice.amountCents, method: 'offline', offlineMethod: 'other' as const }
      const note = 'Marked paid before payments were recorded.'
      reversed.push((await req.payload.create({ ...common, data: { ...data, status: 'reversed', note, ...audit } })) as Payment)
    }
    for (const payment of completed) {
      if ((payment.method ?? 'stripe') === 'stripe' && payment.transactionId) {
        const refundId = await refundReversedPayment(req.payload, { id: payment.id, intentId: payment.transactionId, invoiceId: id })
        const refund = { status: 'refunded' as const, refundId, refundedAt: now, refundReason: `Reversed by ${admin.fullName}: ${input.reason}`.slice(0, 300) }
        reversed.push((await req.payload.update({ ...common, id: payment.id, data: { ...refund, ...audit } })) as Payment)
      } else {
        reversed.push((await req.payload.update({ ...common, id: payment.id, data: { status: 'reversed', ...audit } })) as Payment)
      }
    }
    // The payments are reversed: the invoice hook lets this one invoice go back from paid to pending.
    const pending = await withRequestContext(req, INVOICE_CONTEXT.reversingPayment, id, () =>
      req.payload.update({ collection: 'invoices', id, req, overrideAccess: true, depth: 0, data: { status: 'pending' } }),
    )
    return { invoice: toInvoiceDto(pending), payments: reversed.map((payment) => toPaymentDto(payment, pending.description)) }
  })
}
