import { sql } from '@payloadcms/db-postgres'
import { createLocalReq, type Payload } from 'payload'
import type Stripe from 'stripe'

import type { AutopayAttempt, Invoice } from '#cms/payload-types'
import { cancelOpenCardIntents } from '#api/payments'
import { inTransaction, queryInTransaction } from '#api/lib/database'
import { UNPAID, attemptsOf, facts } from './autopay-state'
import { mailDecline } from './decline-notices'

/**
 * Settling an autopay attempt once: from the charge's own answer or from Stripe's webhook,
 * whichever comes first; a decline mails the family (decline-notices.ts).
 */
/**
 * After the claim: the card form's open PaymentIntents of the invoice are cancelled. One the
 * family confirmed a moment ago is recorded instead, and then the invoice is paid: the claim is
 * given back and nothing is charged.
 */
export async function stillUnpaidAfterCancelling(payload: Payload, invoiceId: number): Promise<boolean> {
  await cancelOpenCardIntents(payload, invoiceId)
  const now = (await payload.findByID({ collection: 'invoices', id: invoiceId, overrideAccess: true, depth: 0, disableErrors: true })) as Invoice | null
  return Boolean(now && UNPAID.includes(now.status))
}

type AttemptUpdate = Partial<Pick<AutopayAttempt, 'status' | 'paymentIntentId' | 'failureMessage'>>

export async function settleAttempt(payload: Payload, claim: AutopayAttempt, data: AttemptUpdate) {
  await payload.update({ collection: 'autopay-attempts', id: claim.id, data, overrideAccess: true, depth: 0 })
}

/**
 * Moves an attempt out of `processing`, once: true for the one caller that did it. The charge's
 * own answer and Stripe's webhook about it can arrive together; only one of them mails the family.
 */
export async function settleOnce(payload: Payload, attemptId: number, data: AttemptUpdate): Promise<boolean> {
  const req = await createLocalReq({}, payload)
  return inTransaction(req, async () => {
    const [row] = await queryInTransaction<{ status: string }>(req, sql`SELECT status FROM autopay_attempts WHERE id = ${attemptId} FOR UPDATE`)
    if (row?.status !== 'processing') return false
    await req.payload.update({ collection: 'autopay-attempts', id: attemptId, data, req, overrideAccess: true, depth: 0 })
    return true
  })
}

/**
 * Stripe's webhook about an autopay charge that was still processing when the job made it
 * (payment_intent.succeeded or payment_intent.payment_failed): the attempt is settled, so a
 * failure is retried on schedule instead of blocking the invoice's autopay for good, and the
 * family gets the same decline email as for a card declined at once.
 */
export async function settleAutopayFromWebhook(payload: Payload, intent: Stripe.PaymentIntent, outcome: 'succeeded' | 'failed'): Promise<void> {
  const invoiceId = Number(intent.metadata?.invoiceId)
  const attempt = Number(intent.metadata?.autopayAttempt)
  if (!Number.isInteger(invoiceId) || !Number.isInteger(attempt)) return
  const { docs } = await payload.find({
    collection: 'autopay-attempts',
    where: { and: [{ invoiceId: { equals: invoiceId } }, { attempt: { equals: attempt } }] },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  const row = docs[0] as AutopayAttempt | undefined
  if (!row || (row.paymentIntentId && row.paymentIntentId !== intent.id)) return
  if (outcome === 'succeeded') {
    await settleOnce(payload, row.id, { status: 'succeeded', paymentIntentId: intent.id })
    return
  }
  const reason = (intent.last_payment_error?.message || 'Your card was declined.').slice(0, 500)
  if (!(await settleOnce(payload, row.id, { status: 'failed', paymentIntentId: intent.id, failureMessage: reason }))) return
  const invoice = (await payload.findByID({ collection: 'invoices', id: invoiceId, overrideAccess: true, depth: 0, disableErrors: true })) as Invoice | null
  if (!invoice || invoice.status === 'paid' || invoice.status === 'cancelled') return
  await mailDecline(payload, invoice, reason, facts((await attemptsOf(payload, [invoiceId])).get(invoiceId) ?? []))
}
