import { sql } from '@payloadcms/db-postgres'
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'
import type Stripe from 'stripe'

import type { CardIntent, Invoice, Payment, User } from '#cms/payload-types'
import { badInput, notFound } from '#api/errors'
import { INVOICE_NOT_FOUND, PAYMENT_CURRENCY, INVOICE_CONTEXT } from './schemas'
import { sendPaymentReceipt } from './payment-receipts'
import { refundAtStripe } from './payment-refunds'
import { inTransaction, queryInTransaction } from '#api/lib/database'
import { academyNow } from '#api/lib/academy-clock'
import { withRequestContext } from '#api/lib/request-context'

/**
 * Recording card payments (decisions §5): an invoice becomes paid, and a payment row is written,
 * only after the server has seen a succeeded PaymentIntent for it, whether the browser reports it
 * (POST /api/payments) or Stripe does (the webhook). One row per PaymentIntent id, whatever
 * arrives twice or in whatever order.
 */
export type IntentFacts = Pick<Stripe.PaymentIntent, 'id' | 'status' | 'amount' | 'currency' | 'metadata'>

/** Why this PaymentIntent cannot pay this invoice, or null when it does. */
export function intentMismatch(intent: IntentFacts, invoice: Invoice): string | null {
  if (intent.status !== 'succeeded') return `This payment has not succeeded (status: ${intent.status}).`
  if (intent.metadata?.invoiceId !== String(invoice.id)) return 'This payment does not belong to this invoice.'
  if (intent.metadata?.userId !== String(invoice.userId)) return 'This payment does not belong to this account.'
  if (intent.currency !== PAYMENT_CURRENCY) return 'The payment amount does not match the invoice.'
  // An invoice no longer payable takes nothing: whatever reached it is refunded in full.
  if (intent.amount !== invoice.amountCents && (invoice.status === 'pending' || invoice.status === 'overdue'))
    return 'The payment amount does not match the invoice.'
  return null
}

/**
 * Runs `work` in one database transaction that holds a lock on this PaymentIntent id, so the
 * browser's report and Stripe's webhooks (in any process) take turns: the second one sees
 * what the first one wrote.
 */
async function withIntentLock<T>(payload: Payload, intentId: string, work: (req: PayloadRequest) => Promise<T>): Promise<T> {
  const req = await createLocalReq({}, payload)
  return inTransaction(req, async () => {
    await queryInTransaction(req, sql`SELECT pg_advisory_xact_lock(hashtextextended(${`payment-intent:${intentId}`}, 0))`)
    return work(req)
  })
}

/**
 * The invoice's current status, its row locked until commit: an admin deleting it (which
 * refuses once a completed payment exists) waits for this payment, or this one finds it gone.
 */
async function lockInvoice(req: PayloadRequest, invoiceId: number): Promise<string> {
  const rows = await queryInTransaction<{ status: string }>(req, sql`SELECT status FROM invoices WHERE id = ${invoiceId} FOR UPDATE`)
  if (!rows[0]) throw notFound(INVOICE_NOT_FOUND)
  return rows[0].status
}

async function findPaymentForIntent(req: PayloadRequest, intentId: string): Promise<Payment | null> {
  const found = await req.payload.find({
    collection: 'payments',
    where: { transactionId: { equals: intentId } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  return (found.docs[0] as Payment | undefined) ?? null
}

function metadataText(intentId: string, cardholderName: string | null): string {
  return JSON.stringify({ cardholderName, paymentIntentId: intentId })
}

function storedCardholder(payment: Payment): string | null {
  try {
    const name = (JSON.parse(payment.metadata ?? '{}') as { cardholderName?: unknown }).cardholderName
    return typeof name === 'string' && name ? name : null
  } catch {
    return null
  }
}

export type RecordedPayment = { payment: Payment; invoice: Invoice; created: boolean; refunded: boolean }

const PAYABLE = new Set(['pending', 'overdue'])

/** Why a late payment was refunded, as the administrator reads it. */
function refundReason(invoice: Invoice, invoiceStatus: string): string {
  return invoiceStatus === 'cancelled'
    ? `Invoice #${invoice.id} had been voided: this card payment was refunded automatically.`
    : `Invoice #${invoice.id} was already paid: this card payment was refunded automatically.`
}

/**
 * Records a succeeded PaymentIntent against its invoice (from its metadata) and marks the invoice
 * paid. Idempotent: a completed or refunded row is returned as is; a failed row for the same
 * intent is upgraded; the invoice is (re)marked paid in the same transaction. Sends the receipt
 * once. A success for an invoice that is already paid (by another payment) or voided is refunded
 * at Stripe and kept as a 'refunded' row against that invoice, which stays as it is: an invoice is
 * paid once (decisions §5).
 */
export async function recordSucceededIntent(
  payload: Payload,
  intent: IntentFacts,
  options: { cardholderName?: string | null; paidBy?: User } = {},
): Promise<RecordedPayment> {
  const invoiceId = Number(intent.metadata?.invoiceId)
  const invoice =
    Number.isInteger(invoiceId) && invoiceId > 0
      ? ((await payload.findByID({ collection: 'invoices', id: invoiceId, overrideAccess: true, depth: 0, disableErrors: true })) as Invoice | null)
      : null
  if (!invoice) throw notFound(INVOICE_NOT_FOUND)
  const mismatch = intentMismatch(intent, invoice)
  if (mismatch) throw badInput(mismatch)

  const result = await withIntentLock(payload, intent.id, async (req) => {
    const invoiceStatus = await lockInvoice(req, invoice.id)
    const existing = await findPaymentForIntent(req, intent.id)
    const cardholderName = options.cardholderName ?? (existing ? storedCardholder(existing) : null)
    const payer = existing?.paidById ? null : await whoPaid(req, intent.id, options.paidBy)
    const current: Invoice = { ...invoice, status: invoiceStatus as Invoice['status'] }
    if (existing?.status === 'refunded') return { payment: existing, invoice: current, created: false, transitioned: false, refunded: true }
    if (existing?.status !== 'completed' && !PAYABLE.has(invoiceStatus)) {
      const reason = refundReason(invoice, invoiceStatus)
      const refundId = await refundAtStripe(payload, intent.id, {
        invoiceId: String(invoice.id),
        reason: invoiceStatus === 'cancelled' ? 'invoice-void' : 'invoice-paid',
      })
      const data = {
        ...paymentRow(invoice, intent, 'refunded', cardholderName),
        ...payer,
        refundId,
        refundedAt: academyNow().toISOString(),
        refundReason: reason,
      }
      const payment = (
        existing
          ? await req.payload.update({ collection: 'payments', id: existing.id, overrideAccess: true, depth: 0, req, data })
          : await req.payload.create({ collection: 'payments', overrideAccess: true, depth: 0, req, data })
      ) as Payment
      await settleCardIntent(req, intent.id, 'succeeded')
      return { payment, invoice: current, created: !existing, transitioned: false, refunded: true }
    }
    let payment: Payment
    let transitioned = true
    if (!existing) {
      payment = (await req.payload.create({
        collection: 'payments',
        overrideAccess: true,
        depth: 0,
        req,
        data: { ...paymentRow(invoice, intent, 'completed', cardholderName), ...payer },
      })) as Payment
    } else if (existing.status !== 'completed' || (cardholderName && !storedCardholder(existing))) {
      transitioned = existing.status !== 'completed'
      payment = (await req.payload.update({
        collection: 'payments',
        id: existing.id,
        overrideAccess: true,
        depth: 0,
        req,
        data: { status: 'completed', amountCents: intent.amount, metadata: metadataText(intent.id, cardholderName), ...payer },
      })) as Payment
    } else {
      payment = existing
      transitioned = false
    }
    let paidInvoice = current
    if (PAYABLE.has(invoiceStatus)) {
      // The payment row is written: the invoice hook lets this one invoice become paid (issue 23).
      paidInvoice = (await withRequestContext(req, INVOICE_CONTEXT.recordingPayment, invoice.id, () =>
        req.payload.update({ collection: 'invoices', id: invoice.id, data: { status: 'paid' }, overrideAccess: true, depth: 0, req }),
      )) as Invoice
    }
    await settleCardIntent(req, intent.id, 'succeeded')
    return { payment, invoice: paidInvoice, created: !existing, transitioned, refunded: false }
  })

  if (result.transitioned) {
    // The receipt never holds up, or fails, the payment itself.
    void sendPaymentReceipt(payload, result.payment, result.invoice).catch((error) => {
      payload.logger.error({ err: error, msg: `[payments] the receipt for payment ${result.payment.id} could not be sent` })
    })
  }
  if (result.refunded && result.created)
    payload.logger.warn(`[payments] PaymentIntent ${intent.id} arrived for invoice ${invoice.id}, no longer payable: refunded`)
  return { payment: result.payment, invoice: result.invoice, created: result.created, refunded: result.refunded }
}

/** The card form's PaymentIntent row, if it has one, follows what happened to the intent. */
export async function settleCardIntent(req: PayloadRequest, intentId: string, status: 'succeeded' | 'canceled'): Promise<void> {
  await req.payload.update({
    collection: 'card-intents',
    where: { and: [{ paymentIntentId: { equals: intentId } }, { status: { equals: 'open' } }] },
    data: { status },
    overrideAccess: true,
    depth: 0,
    req,
  })
}

/** The card form's record of a PaymentIntent, if the form opened it. */
export async function findCardIntent(req: PayloadRequest, intentId: string): Promise<CardIntent | undefined> {
  const { docs } = await req.payload.find({
    collection: 'card-intents',
    where: { paymentIntentId: { equals: intentId } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  return docs[0] as CardIntent | undefined
}

/**
 * Who paid (decisions §23): the guardian who reported the payment, else the one who last opened
 * the card form for this intent; nobody for autopay's charges (no form) or an unknown intent.
 */
async function whoPaid(req: PayloadRequest, intentId: string, reporter: User | undefined): Promise<{ paidById: number; paidByName: string } | null> {
  if (reporter) return { paidById: reporter.id, paidByName: reporter.fullName }
  const openedById = (await findCardIntent(req, intentId))?.openedById
  if (!openedById) return null
  const opener = (await req.payload.findByID({ collection: 'users', id: openedById, depth: 0, overrideAccess: true, disableErrors: true, req })) as User | null
  return opener ? { paidById: opener.id, paidByName: opener.fullName } : null
}

/** The payment row for one PaymentIntent (spec §9 defaults: method 'stripe', paymentMethodId 1). */
function paymentRow(invoice: Invoice, intent: IntentFacts, status: 'completed' | 'failed' | 'refunded', cardholderName: string | null) {
  return {
    invoice: invoice.id,
    userId: invoice.userId,
    amountCents: intent.amount,
    paymentMethodId: 1,
    method: 'stripe',
    status,
    transactionId: intent.id,
    metadata: metadataText(intent.id, cardholderName),
  }
}

/**
 * Stripe reported a failed attempt: keep a 'failed' row for the intent unless it already has
 * one (a completed row always wins; a later success upgrades this one).
 */
export async function recordFailedIntent(payload: Payload, intent: IntentFacts): Promise<Payment | null> {
  const invoiceId = Number(intent.metadata?.invoiceId)
  const invoice =
    Number.isInteger(invoiceId) && invoiceId > 0
      ? ((await payload.findByID({ collection: 'invoices', id: invoiceId, overrideAccess: true, depth: 0, disableErrors: true })) as Invoice | null)
      : null
  if (!invoice || intent.metadata?.userId !== String(invoice.userId)) return null
  return withIntentLock(payload, intent.id, async (req) => {
    const existing = await findPaymentForIntent(req, intent.id)
    if (existing) return existing
    return (await req.payload.create({
      collection: 'payments',
      overrideAccess: true,
      depth: 0,
      req,
      data: paymentRow(invoice, intent, 'failed', null),
    })) as Payment
  })
}
