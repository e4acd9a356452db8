import { sql } from '@payloadcms/db-postgres'
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'
import Stripe from 'stripe'

import type { CardIntent, Invoice, User } from '#cms/payload-types'
import { conflict, notFound } from '#api/errors'
import { AUTOPAY_IN_PROGRESS, INVOICE_ALREADY_PAID, INVOICE_CANCELLED, INVOICE_NOT_FOUND } from './schemas'
import { readPaymentSettings } from './payment-config'
import { findCardIntent, recordSucceededIntent, settleCardIntent } from './payment-recording'
import { cancelPaymentIntent, retrievePaymentIntent, stripeClient } from './stripe-adapter'
import { inTransaction, queryInTransaction } from '#api/lib/database'

/**
 * One open PaymentIntent per invoice (decisions §5). The card form's intents are kept
 * (card-intents) so that the server can cancel them at Stripe when the invoice stops being
 * payable: autopay claims it, an administrator voids it, marks it paid or deletes it. Whatever
 * succeeds all the same is refunded when it is recorded (payment-recording.ts).
 */

/** Whether an autopay charge of this invoice is still with the bank. */
export async function autopayProcessing(payload: Payload, invoiceId: number, req?: PayloadRequest): Promise<boolean> {
  const { totalDocs } = await payload.count({
    collection: 'autopay-attempts',
    where: { and: [{ invoiceId: { equals: invoiceId } }, { status: { equals: 'processing' } }] },
    overrideAccess: true,
    req,
  })
  return totalDocs > 0
}

/**
 * Keeps the card form's new PaymentIntent as the invoice's open one, under the invoice's row
 * lock (the lock autopay's claim and the administrator's actions take too), after checking once
 * more that the invoice can still be paid by card. Refused: the intent is cancelled and the
 * family gets the reason. Returns the invoice's other open intents, for the caller to cancel.
 */
export async function rememberCardIntent(payload: Payload, invoice: Invoice, intentId: string, openedBy: User): Promise<string[]> {
  const req = await createLocalReq({}, payload)
  const refusal = await inTransaction(req, async () => {
    const [row] = await queryInTransaction<{ status: string }>(req, sql`SELECT status FROM invoices WHERE id = ${invoice.id} FOR UPDATE`)
    if (!row) return notFound(INVOICE_NOT_FOUND)
    if (row.status === 'paid') return conflict(INVOICE_ALREADY_PAID)
    if (row.status === 'cancelled') return conflict(INVOICE_CANCELLED)
    if (await autopayProcessing(payload, invoice.id, req)) return conflict(AUTOPAY_IN_PROGRESS)
    const known = await findCardIntent(req, intentId)
    if (!known) {
      await payload.create({
        collection: 'card-intents',
        data: { invoiceId: invoice.id, userId: invoice.userId, paymentIntentId: intentId, status: 'open', openedById: openedBy.id },
        overrideAccess: true,
        depth: 0,
        req,
      })
    } else if (known.openedById !== openedBy.id) {
      // Two guardians share one intent per invoice: the last to open the form is the one paying.
      await payload.update({ collection: 'card-intents', id: known.id, data: { openedById: openedBy.id }, overrideAccess: true, depth: 0, req })
    }
    return null
  })
  if (refusal) {
    await cancelOpenCardIntents(payload, invoice.id)
    await cancelAtStripe(payload, intentId)
    throw refusal
  }
  return (await openIntents(payload, invoice.id)).map((row) => row.paymentIntentId).filter((id) => id !== intentId)
}

async function openIntents(payload: Payload, invoiceId: number): Promise<CardIntent[]> {
  const found = await payload.find({
    collection: 'card-intents',
    where: { and: [{ invoiceId: { equals: invoiceId } }, { status: { equals: 'open' } }] },
    limit: 0,
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  return found.docs as CardIntent[]
}

/**
 * Cancels one PaymentIntent at Stripe. One that succeeded meanwhile (the family confirmed it a
 * moment ago) is recorded instead: it pays the invoice if it still can, or is refunded.
 */
export async function cancelAtStripe(payload: Payload, intentId: string): Promise<void> {
  const settings = await readPaymentSettings(payload)
  if (!settings.secretKey) return
  const stripe = stripeClient(settings.secretKey)
  const req = await createLocalReq({}, payload)
  try {
    await cancelPaymentIntent(stripe, intentId)
    await settleCardIntent(req, intentId, 'canceled')
    return
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) {
      payload.logger.error({ err: error, msg: `[payments] PaymentIntent ${intentId} could not be cancelled; a late success will be refunded` })
      return
    }
  }
  // Stripe refused: the intent is already canceled, or it succeeded (or is processing) meanwhile.
  try {
    const intent = await retrievePaymentIntent(stripe, intentId)
    if (intent.status === 'succeeded') await recordSucceededIntent(payload, intent)
    else if (intent.status === 'canceled') await settleCardIntent(req, intentId, 'canceled')
  } catch (error) {
    payload.logger.error({ err: error, msg: `[payments] PaymentIntent ${intentId} could not be settled after a refused cancellation` })
  }
}

/** Cancels every open card-form PaymentIntent of these invoices (never throws: a late success is refunded anyway). */
export async function cancelOpenCardIntents(payload: Payload, ...invoiceIds: number[]): Promise<void> {
  for (const invoiceId of invoiceIds) {
    for (const row of await openIntents(payload, invoiceId)) await cancelAtStripe(payload, row.paymentIntentId)
  }
}
