import { z } from 'zod'

/**
 * Final is final (decisions §10, issue 23): a paid or void invoice keeps its status, its amount
 * and its family, and is never deleted. A paid invoice is undone only by reversing its payment
 * (with a reason), which leaves a record; a void one is replaced by a new invoice. Shared by the
 * contract (src/api/invoices), the collection hook every write obeys (cms/collections/Invoices)
 * and the console.
 */
export const FINAL_INVOICE_MESSAGES = {
  paidStatus: 'This invoice is paid, so its status cannot be changed. To undo the payment, reverse it (a reason is required).',
  voidStatus: 'This invoice is void, so its status cannot be changed. Issue a new invoice instead.',
  paidChange: 'This invoice is paid, so its amount, lines and family cannot be changed. Reverse the payment first.',
  voidChange: 'This invoice is void, so its amount, lines and family cannot be changed. Issue a new invoice instead.',
  paidDelete: 'A paid invoice cannot be deleted: it is a financial record. Reverse its payment first, then void it.',
  voidDelete: 'A void invoice cannot be deleted: it is kept as the record of why it was voided.',
  paidOnlyByPayment: 'An invoice becomes paid only when its payment is recorded: use Mark paid offline, or pay it by card.',
  hasPayments: 'This invoice has payment history (a payment, a refund or a reversal), so it cannot be deleted. Void it instead.',
  reason: 'Reason must be 3 to 300 characters',
  notPaid: 'Only a paid invoice can have its payment reversed.',
  coveredByCredits: 'This invoice was paid by credits, not by a payment: there is nothing to reverse. Cancel or issue credits instead.',
} as const

// Recording and reversing a payment are the payments slice's; the invoice guard reads their keys from here too.
export { INVOICE_CONTEXT } from '#api/payments/schemas'

/** POST /api/admin/invoices/{id}/reverse-payment (admin). */
export const reversePaymentSchema = z.object({
  reason: z.string({ error: FINAL_INVOICE_MESSAGES.reason }).trim().min(3, FINAL_INVOICE_MESSAGES.reason).max(300, FINAL_INVOICE_MESSAGES.reason),
})
export type ReversePaymentInput = z.infer<typeof reversePaymentSchema>
