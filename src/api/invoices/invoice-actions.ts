import type { PayloadRequest } from 'payload'

import type { Invoice, Payment, User } from '#cms/payload-types'
import { badInput, conflict, notFound } from '#api/errors'
import { INVOICE_ACTION_MESSAGES, type InvoiceDto, type MarkPaidOfflineInput, type VoidInvoiceInput } from './schemas'
import type { PaymentDto } from '#api/payments/schemas'
import { academyNow, academyToday } from '#api/lib/academy-clock'
import { INVOICE_NOT_FOUND, toInvoiceDto } from './invoices'
import { lockInvoiceRow } from './invoice-queries'
import { cancelOpenCardIntents, toPaymentDto } from '#api/payments'
import { inTransaction } from '#api/lib/database'
import { withRequestContext } from '#api/lib/request-context'
import { INVOICE_CONTEXT } from './final.schemas'

/**
 * What an administrator does to an invoice after it is issued (decisions §10): void it, or record
 * that it was paid outside the card form. Each runs in one transaction that first locks the
 * invoice's row, so two actions at once (two tabs, two administrators, a card payment being
 * recorded) take turns and the second one sees what the first one did. Afterwards the card form's
 * open PaymentIntents of the invoice are cancelled at Stripe, and a card payment that succeeds
 * all the same is refunded when it arrives (payment-recording.ts).
 */

export async function lockedInvoice(req: PayloadRequest, id: number): Promise<Invoice> {
  if (!(await lockInvoiceRow(req, id))) throw notFound(INVOICE_NOT_FOUND)
  return (await req.payload.findByID({ collection: 'invoices', id, req, overrideAccess: true, depth: 0 })) as Invoice
}

/**
 * Voids an invoice: it becomes cancelled, with who voided it, when and why. A paid invoice
 * cannot be voided (its money was received: issue a credit instead). Its unpaid late fees are
 * voided with it, and the credits its lines used become available again (a credit's remainder
 * counts only invoices that are not void). A voided tuition invoice lets go of its month: the
 * automatic run reports the month as voided and bills it again only when asked to.
 */
export async function voidInvoice(req: PayloadRequest, admin: User, id: number, input: VoidInvoiceInput): Promise<InvoiceDto> {
  const { dto, voidedIds } = await inTransaction(req, async () => {
    const invoice = await lockedInvoice(req, id)
    if (invoice.status === 'paid') throw conflict(INVOICE_ACTION_MESSAGES.paidCannotVoid)
    if (invoice.status === 'cancelled') throw conflict(INVOICE_ACTION_MESSAGES.alreadyVoid)
    const voided = { status: 'cancelled' as const, voidedAt: academyNow().toISOString(), voidedById: admin.id, voidedByName: admin.fullName }
    const doc = await req.payload.update({ collection: 'invoices', id, req, overrideAccess: true, depth: 0, data: { ...voided, voidReason: input.reason } })
    const fees = await req.payload.find({
      collection: 'invoices',
      req,
      overrideAccess: true,
      depth: 0,
      limit: 0,
      pagination: false,
      where: { and: [{ lateFeeFor: { equals: id } }, { status: { in: ['pending', 'overdue'] } }] },
    })
    for (const fee of fees.docs) {
      await req.payload.update({
        collection: 'invoices',
        id: fee.id,
        req,
        overrideAccess: true,
        depth: 0,
        data: { ...voided, voidReason: `Voided with invoice #${id}: ${input.reason}`.slice(0, 300) },
      })
    }
    return { dto: toInvoiceDto(doc), voidedIds: [id, ...fees.docs.map((fee) => fee.id)] }
  })
  // Nothing more may be paid on them: the card form's open PaymentIntents are cancelled (decisions §5).
  await cancelOpenCardIntents(req.payload, ...voidedIds)
  return dto
}

/**
 * Records a payment received by cash, cheque, bank transfer or otherwise: a completed payment row
 * (method 'offline', with how, when and the administrator's note) and the invoice marked paid,
 * together or not at all. It shows in the family's payment history like a card payment. Besides a
 * card payment, it is the only way an invoice becomes paid: the spec's Set Paid and an invoice
 * created as paid come here too, so a paid invoice always has its payment row (issue 23).
 */
export async function markPaidOffline(
  req: PayloadRequest,
  admin: User,
  id: number,
  input: MarkPaidOfflineInput,
): Promise<{ invoice: InvoiceDto; payment: PaymentDto }> {
  // The schema allows a day of slack for any time zone; the server knows the academy's day.
  if (input.receivedOn > academyToday()) throw badInput(INVOICE_ACTION_MESSAGES.receivedInFuture)
  const recorded = await inTransaction(req, async () => {
    const invoice = await lockedInvoice(req, id)
    if (invoice.status === 'paid') throw conflict(INVOICE_ACTION_MESSAGES.alreadyPaid)
    if (invoice.status === 'cancelled') throw conflict(INVOICE_ACTION_MESSAGES.voidCannotBePaid)
    if (invoice.amountCents <= 0) throw conflict(INVOICE_ACTION_MESSAGES.nothingToPay)
    const payment = (await req.payload.create({
      collection: 'payments',
      req,
      overrideAccess: true,
      depth: 0,
      data: {
        invoice: invoice.id,
        userId: invoice.userId,
        amountCents: invoice.amountCents,
        method: 'offline',
        status: 'completed',
        offlineMethod: input.method,
        receivedOn: input.receivedOn,
        note: input.note,
        recordedById: admin.id,
      },
    })) as Payment
    // The payment row is written: the invoice hook lets this one invoice become paid (issue 23).
    const paid = await withRequestContext(req, INVOICE_CONTEXT.recordingPayment, id, () =>
      req.payload.update({ collection: 'invoices', id, req, overrideAccess: true, depth: 0, data: { status: 'paid' } }),
    )
    return { invoice: toInvoiceDto(paid), payment: toPaymentDto(payment, paid.description) }
  })
  // Paid once: the card form's open PaymentIntents are cancelled; one that succeeds anyway is refunded.
  await cancelOpenCardIntents(req.payload, id)
  return recorded
}
