import type { PayloadRequest } from 'payload'

import type { User } from '#cms/payload-types'
import { notFound } from '#api/errors'
import type { InvoiceStatus } from './billing.schemas'
import { academyToday } from '#api/lib/academy-clock'
import { cancelOpenCardIntents } from '#api/payments'
import { inTransaction } from '#api/lib/database'
import type { CreateInvoiceInput, InvoiceDto, MarkPaidOfflineInput } from './schemas'
import { createInvoice, findInvoice, INVOICE_NOT_FOUND, toInvoiceDto } from './invoices'
import { lockInvoiceRow } from './invoice-queries'
import { markPaidOffline } from './invoice-actions'

/**
 * The spec's invoice calls (§9: create, PATCH status, DELETE) kept to "final is final" (issue 23).
 * Their answers stay the contract's; what changes is what they may do:
 * - "paid" is reached one way only, by recording a payment: the spec's Set Paid, and an invoice
 *   created as paid, record an offline payment (method "other", received today) through
 *   markPaidOffline, so a paid invoice always has its payment row and the balance agrees;
 * - a paid or void invoice keeps its status and is never deleted (409, from the Invoices
 *   collection's hook, which /cms and the Local API obey too); the way back from paid is
 *   reversing the payment (reverse-payment.ts).
 */

/** What the spec's Set Paid records: the office says it was paid, without the details of the dialog. */
function setPaidPayment(): MarkPaidOfflineInput {
  return { method: 'other', receivedOn: academyToday(), note: 'Marked paid by the academy.' }
}

/** POST /api/invoices: issues the invoice; one issued as paid gets its payment recorded in the same transaction. */
export async function issueInvoice(req: PayloadRequest, admin: User, input: CreateInvoiceInput): Promise<InvoiceDto> {
  if (input.status !== 'paid') return createInvoice(req, input)
  return inTransaction(req, async () => {
    const issued = await createInvoice(req, { ...input, status: 'pending' })
    return (await markPaidOffline(req, admin, issued.id, setPaidPayment())).invoice
  })
}

/** PATCH /api/invoices/{id}/status. Setting the status it has already changes nothing. */
export async function setInvoiceStatus(req: PayloadRequest, admin: User, id: number, status: InvoiceStatus): Promise<InvoiceDto> {
  const current = await findInvoice(req, id)
  if (current.status === status) return toInvoiceDto(current)
  if (status === 'paid') return (await markPaidOffline(req, admin, id, setPaidPayment())).invoice
  // The hook refuses a paid or void invoice's change (409).
  const doc = await req.payload.update({ collection: 'invoices', id, req, overrideAccess: false, depth: 0, data: { status } })
  // Cancelled by hand: no card payment may follow (decisions §5).
  if (status === 'cancelled') await cancelOpenCardIntents(req.payload, id)
  return toInvoiceDto(doc)
}

/**
 * DELETE /api/invoices/{id}: only an invoice that was never paid, voided or paid into. The row is
 * locked first, so a payment being recorded meanwhile waits or makes the deletion refuse; the
 * Invoices collection's hook decides (409 with the reason).
 */
export async function deleteInvoice(req: PayloadRequest, id: number): Promise<void> {
  await inTransaction(req, async () => {
    await findInvoice(req, id)
    if (!(await lockInvoiceRow(req, id))) throw notFound(INVOICE_NOT_FOUND)
    await req.payload.delete({ collection: 'invoices', id, req, overrideAccess: false, depth: 0 })
  })
  await cancelOpenCardIntents(req.payload, id)
}
