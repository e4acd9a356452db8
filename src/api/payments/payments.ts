import type { PayloadRequest } from 'payload'
import type Stripe from 'stripe'

import type { Invoice, Payment, User } from '#cms/payload-types'
import { badInput, conflict, notFound } from '#api/errors'
import { centsToDollars } from '#shared/money'
import { INVOICE_NOT_FOUND, REFUNDED_ALREADY_PAID, REFUNDED_INVOICE_VOID, type PaymentDto, type RecordPaymentInput } from './schemas'
import { hitRateLimit } from '#api/lib/rate-limit'
import { familyRows, householdOf } from '#api/lib/ownership'
import { moneyViewOf } from '#api/households'
import { isAdminUser } from '#shared/roles'
import { readPaymentSettings } from './payment-config'
import { intentMismatch, recordSucceededIntent } from './payment-recording'
import { requireStripe, retrievePaymentIntent, stripeFailure } from './stripe-adapter'

// The payments of the contract: the browser's report, the history, and their one shape.

/** The only shape in which a payment leaves the server. */
export function toPaymentDto(payment: Payment, description: string | null): PaymentDto {
  const invoice = payment.invoice
  return {
    id: payment.id,
    invoiceId: typeof invoice === 'object' && invoice ? invoice.id : (invoice ?? null),
    userId: payment.userId,
    amount: centsToDollars(payment.amountCents),
    paymentMethodId: payment.paymentMethodId ?? 1,
    method: payment.method ?? 'stripe',
    status: payment.status,
    transactionId: payment.transactionId ?? null,
    metadata: payment.metadata ?? null,
    createdAt: payment.createdAt,
    description,
    paidByName: payment.paidByName ?? null,
    offline:
      payment.method === 'offline' && payment.offlineMethod && payment.receivedOn
        ? { method: payment.offlineMethod, receivedOn: payment.receivedOn, note: payment.note ?? null }
        : null,
    refund:
      payment.status === 'refunded'
        ? { refundId: payment.refundId ?? null, refundedAt: payment.refundedAt ?? payment.updatedAt, reason: payment.refundReason ?? 'Refunded automatically.' }
        : null,
    reversal:
      payment.reversedAt && payment.reversalReason
        ? { reversedAt: payment.reversedAt, reversedByName: payment.reversedByName ?? null, reason: payment.reversalReason }
        : null,
  }
}

/**
 * The caller's own invoice (one pays only one's own, an administrator too); anyone else's, like an
 * unknown id, is simply not found. In a household that splits, an invoice billed to another
 * guardian is not the caller's to pay or read (decisions §10, `moneyViewOf`): not found either.
 */
export async function findOwnInvoice(req: PayloadRequest, user: User, invoiceId: number): Promise<Invoice> {
  const { docs } = await req.payload.find({
    collection: 'invoices',
    where: { and: [{ id: { equals: invoiceId } }, familyRows(householdOf(user), 'userId')] },
    depth: 0,
    limit: 1,
    pagination: false,
    req,
    user,
    overrideAccess: false,
  })
  const invoice = docs[0] as Invoice | undefined
  if (!invoice || !(await moneyViewOf(req, user, invoice.userId)).sees(invoice)) throw notFound(INVOICE_NOT_FOUND)
  return invoice
}

/**
 * POST /api/payments: the browser says it paid. The server retrieves the PaymentIntent from
 * Stripe and records it only when it succeeded, for this invoice, this family and this amount.
 */
export async function reportPayment(req: PayloadRequest, user: User, input: RecordPaymentInput): Promise<{ payment: PaymentDto; created: boolean }> {
  const invoice = await findOwnInvoice(req, user, input.invoiceId)
  const stripe = requireStripe(await readPaymentSettings(req.payload, req))
  // Every report costs a call to Stripe: a loop in a tab (or a script) must not exhaust our quota.
  await hitRateLimit(
    req.payload,
    { name: 'payment-report', limit: 60, windowSeconds: 600, message: 'Too many payment reports. Please wait a few minutes and try again.' },
    String(user.id),
  )
  let intent: Stripe.PaymentIntent
  try {
    intent = await retrievePaymentIntent(stripe, input.paymentIntentId)
  } catch (error) {
    throw stripeFailure(error, 'We could not find this payment with the card processor.')
  }
  const mismatch = intentMismatch(intent, invoice)
  if (mismatch) throw badInput(mismatch)
  const recorded = await recordSucceededIntent(req.payload, intent, { cardholderName: input.cardholderName, paidBy: user })
  // Paid already (autopay, another tab, the office) or voided: the charge was refunded, and the family is told so.
  if (recorded.refunded) throw conflict(recorded.invoice.status === 'cancelled' ? REFUNDED_INVOICE_VOID : REFUNDED_ALREADY_PAID)
  return { payment: toPaymentDto(recorded.payment, recorded.invoice.description), created: recorded.created }
}

/**
 * GET /api/payments: the caller's own payments (an admin's: all, or those of `ofInvoices`), newest
 * first. A family's follow the "billed to" rule (decisions §10, `moneyViewOf`): in a household
 * that splits, only the payments on the invoices the caller sees (a payment of no invoice: those
 * who see the household's own), never the other guardian's amounts, references or declines.
 */
export async function listPayments(req: PayloadRequest, user: User, ofInvoices?: number[]): Promise<PaymentDto[]> {
  const result = await req.payload.find({
    collection: 'payments',
    overrideAccess: false,
    user,
    req,
    ...(ofInvoices ? { where: { invoice: { in: ofInvoices } } } : {}),
    depth: 0,
    pagination: false,
    limit: 0,
    sort: ['-createdAt', '-id'],
  })
  const payments = result.docs as Payment[]
  const invoiceIds = [...new Set(payments.map((p) => invoiceIdOf(p)).filter((id): id is number => typeof id === 'number'))]
  const invoices = invoiceIds.length
    ? ((
        await req.payload.find({
          collection: 'invoices',
          where: { id: { in: invoiceIds } },
          overrideAccess: false,
          user,
          depth: 0,
          pagination: false,
          limit: 0,
          req,
        })
      ).docs as Invoice[])
    : []
  const byId = new Map(invoices.map((invoice) => [invoice.id, invoice]))
  const view = isAdminUser(user) ? null : await moneyViewOf(req, user)
  const shown = payments.filter((payment) => {
    if (!view) return true
    const invoice = byId.get(invoiceIdOf(payment) ?? 0)
    return invoice ? view.sees(invoice) : view.seesOwn
  })
  return shown.map((payment) => {
    const invoiceId = invoiceIdOf(payment)
    return toPaymentDto(payment, (invoiceId && byId.get(invoiceId)?.description) || null)
  })
}

const invoiceIdOf = (payment: Payment): number | null | undefined =>
  typeof payment.invoice === 'object' && payment.invoice ? payment.invoice.id : payment.invoice
