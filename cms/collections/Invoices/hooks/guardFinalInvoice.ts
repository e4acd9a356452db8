import { APIError, type CollectionBeforeChangeHook, type CollectionBeforeDeleteHook } from 'payload'

import type { Invoice } from '#cms/payload-types'
import { FINAL_INVOICE_MESSAGES, INVOICE_CONTEXT } from '#api/invoices/final.schemas'
import { isCoveredByCredits } from './deriveInvoiceTotals'

const FINAL = new Set<Invoice['status']>(['paid', 'cancelled'])

/** Payment history that keeps an invoice: money received, refunded or reversed (a failed card attempt is not). */
const KEPT_PAYMENTS = ['completed', 'refunded', 'reversed']

function refuse(message: string): never {
  throw new APIError(message, 409, null, true)
}

/**
 * Final is final (issue 23), for every writer: the contract, /cms and its REST API, the Local
 * API, seeds. Runs after deriveInvoiceTotals, so `data.amountCents` is the derived total.
 * - An invoice becomes paid only while its payment is being recorded (Mark paid offline, a card
 *   payment): the recording function names the invoice in the request's context. The one
 *   exception is a tuition month that credits paid in full, stored paid at $0.00 when created.
 * - A paid invoice changes status only while its payment is being reversed (back to pending);
 *   a void one never does. Neither changes amount or family.
 */
export const guardFinalInvoice: CollectionBeforeChangeHook<Invoice> = ({ data, originalDoc, operation, req }) => {
  const context = req.context ?? {}
  if (operation === 'create' || !originalDoc) {
    if (data.status === 'paid' && !isCoveredByCredits(data)) refuse(FINAL_INVOICE_MESSAGES.paidOnlyByPayment)
    return data
  }
  const before = originalDoc.status
  const after = data.status ?? before
  if (FINAL.has(before)) {
    const paid = before === 'paid'
    if (after !== before) {
      const reversing = paid && after === 'pending' && context[INVOICE_CONTEXT.reversingPayment] === originalDoc.id
      if (!reversing) refuse(paid ? FINAL_INVOICE_MESSAGES.paidStatus : FINAL_INVOICE_MESSAGES.voidStatus)
    }
    const amountChanged = data.amountCents !== undefined && data.amountCents !== originalDoc.amountCents
    const payerChanged = data.userId !== undefined && data.userId !== originalDoc.userId
    if (amountChanged || payerChanged) refuse(paid ? FINAL_INVOICE_MESSAGES.paidChange : FINAL_INVOICE_MESSAGES.voidChange)
    return data
  }
  if (after === 'paid' && context[INVOICE_CONTEXT.recordingPayment] !== originalDoc.id) refuse(FINAL_INVOICE_MESSAGES.paidOnlyByPayment)
  return data
}

/** A paid or void invoice, or one with payment history, is never deleted, whoever asks. */
export const guardInvoiceDelete: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const invoice = await req.payload.findByID({ collection: 'invoices', id, req, overrideAccess: true, depth: 0, disableErrors: true })
  if (!invoice) return
  if (invoice.status === 'paid') refuse(FINAL_INVOICE_MESSAGES.paidDelete)
  if (invoice.status === 'cancelled') refuse(FINAL_INVOICE_MESSAGES.voidDelete)
  const { totalDocs } = await req.payload.count({
    collection: 'payments',
    req,
    overrideAccess: true,
    where: { and: [{ invoice: { equals: invoice.id } }, { status: { in: KEPT_PAYMENTS } }] },
  })
  if (totalDocs > 0) refuse(FINAL_INVOICE_MESSAGES.hasPayments)
}
