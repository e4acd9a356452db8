import { createHash } from 'node:crypto'

import type { PayloadRequest } from 'payload'
import type Stripe from 'stripe'

import type { Invoice, User } from '#cms/payload-types'
import { hitRateLimit } from '#api/lib/rate-limit'
import { AppError, conflict, forbidden } from '#api/errors'
import { centsToDollars } from '#shared/money'
import {
  AUTOPAY_IN_PROGRESS,
  INVOICE_ALREADY_PAID,
  INVOICE_CANCELLED,
  PAYMENT_CURRENCY,
  PAYMENTS_DISABLED,
  type CreatePaymentIntentInput,
  type PaymentIntentDto,
} from './schemas'
import { autopayProcessing, cancelAtStripe, rememberCardIntent } from './card-intents'
import { readPaymentSettings } from './payment-config'
import { recordSucceededIntent } from './payment-recording'
import { findOwnInvoice } from './payments'
import { createPaymentIntent, requireStripe, retrievePaymentIntent, stripeFailure } from './stripe-adapter'

/**
 * Requests for the same invoice and amount that are under way in this process share one
 * promise; across processes Stripe's idempotency key makes them one PaymentIntent.
 */
const IN_FLIGHT = Symbol.for('academy.payment-intents-in-flight')
type Store = Record<symbol, Map<string, Promise<PaymentIntentDto>> | undefined>

function inFlight(): Map<string, Promise<PaymentIntentDto>> {
  const store = globalThis as unknown as Store
  return (store[IN_FLIGHT] ??= new Map())
}

function intentParams(invoice: Invoice): Stripe.PaymentIntentCreateParams {
  return {
    // The server decides the amount: the invoice's, in US dollars, whatever the browser sent.
    amount: invoice.amountCents,
    currency: PAYMENT_CURRENCY,
    // Cards only, through Stripe Elements (decisions §5); no automatic payment methods.
    allowed_payment_method_types: ['card'],
    description: `Invoice #${invoice.id}: ${invoice.description}`.slice(0, 1000),
    metadata: { invoiceId: String(invoice.id), userId: String(invoice.userId) },
  }
}

/**
 * One key per invoice and charge: the same invoice, amount and description always give the
 * same key (a double click, two tabs, a retry), and any change to what is charged gives a new
 * one, since Stripe refuses a key reused with other parameters.
 */
function idempotencyKey(invoice: Invoice, params: Stripe.PaymentIntentCreateParams): string {
  const digest = createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 16)
  return `academy-invoice-${invoice.id}-${invoice.amountCents}-${digest}`
}

/** How many refunded or cancelled intents of one invoice and amount the card form steps over before giving up. */
const MAX_FOLLOWING_INTENTS = 10

function wasReplayed(intent: Stripe.Response<Stripe.PaymentIntent>): boolean {
  return String(intent.lastResponse?.headers?.['idempotent-replayed'] ?? '') === 'true'
}

async function createOrReuseIntent(req: PayloadRequest, user: User, stripe: Stripe, invoice: Invoice): Promise<PaymentIntentDto> {
  const params = intentParams(invoice)
  const key = idempotencyKey(invoice, params)
  // A replay is Stripe's saved answer from the first request: read the intent's state now.
  const fresh = async (idempotency: string) => {
    const created = await createPaymentIntent(stripe, params, idempotency)
    return wasReplayed(created) ? await retrievePaymentIntent(stripe, created.id) : created
  }
  let intent: Stripe.PaymentIntent
  try {
    intent = await fresh(key)
    // A cancelled intent, or one whose charge was refunded (its payment reversed by the office,
    // decisions §10), cannot take this payment: the next one follows it, with a key of its own.
    for (let round = 0; intent.status === 'canceled' || intent.status === 'succeeded'; round++) {
      if (intent.status === 'succeeded') {
        // Paid already, but neither the browser's report nor the webhook reached us: record it now.
        const recorded = await recordSucceededIntent(req.payload, intent)
        if (!recorded.refunded) throw conflict(INVOICE_ALREADY_PAID)
      }
      if (round >= MAX_FOLLOWING_INTENTS) throw new AppError('UNAVAILABLE', 'The card processor could not open a new payment. Please try again.')
      intent = await fresh(`${key}-after-${intent.id}`)
    }
  } catch (error) {
    throw stripeFailure(error)
  }
  if (!intent.client_secret) throw new AppError('UNAVAILABLE', 'The card processor did not return a payment session. Please try again.')
  // One open PaymentIntent per invoice: this one is kept (or cancelled, when the invoice stopped
  // being payable meanwhile), and any older one the form opened is cancelled.
  const older = await rememberCardIntent(req.payload, invoice, intent.id, user)
  for (const id of older) await cancelAtStripe(req.payload, id)
  return { clientSecret: intent.client_secret, paymentIntentId: intent.id, amount: centsToDollars(intent.amount), currency: intent.currency }
}

/**
 * POST /api/stripe/create-payment-intent: a PaymentIntent for the caller's own unpaid invoice,
 * for the invoice's amount, with the invoice and the family in its metadata.
 */
export async function createPaymentIntentForInvoice(req: PayloadRequest, user: User, input: CreatePaymentIntentInput): Promise<PaymentIntentDto> {
  const invoice = await findOwnInvoice(req, user, input.invoiceId)
  if (invoice.status === 'paid') throw conflict(INVOICE_ALREADY_PAID)
  if (invoice.status === 'cancelled') throw conflict(INVOICE_CANCELLED)
  // Autopay is charging this invoice: a second charge would pay it twice (decisions §12).
  if (await autopayProcessing(req.payload, invoice.id, req)) throw conflict(AUTOPAY_IN_PROGRESS)
  const settings = await readPaymentSettings(req.payload, req)
  if (settings.paymentsDisabled) throw forbidden(PAYMENTS_DISABLED)
  const stripe = requireStripe(settings)
  await hitRateLimit(
    req.payload,
    { name: 'payment-intent', limit: 30, windowSeconds: 600, message: 'Too many payment attempts. Please wait a few minutes and try again.' },
    String(user.id),
  )

  const key = idempotencyKey(invoice, intentParams(invoice))
  const running = inFlight().get(key)
  if (running) return running
  const attempt = createOrReuseIntent(req, user, stripe, invoice).finally(() => inFlight().delete(key))
  inFlight().set(key, attempt)
  return attempt
}
