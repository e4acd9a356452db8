import Stripe from 'stripe'

import { getAppContext } from '#server/context.server'
import { AppError, badInput, notFound } from '#api/errors'
import { PAYMENTS_NOT_CONFIGURED } from './schemas'
import type { PaymentSettings } from './payment-config'

/*
 * The one Stripe adapter: the SDK client and every call this app makes to Stripe (customers,
 * SetupIntents and saved cards, PaymentIntents, refunds, the account, webhook signatures). Lint
 * refuses a Stripe resource call anywhere else, so this file lists what we ask of Stripe. Callers
 * keep their own handling of Stripe's errors (stripeFailure below, or a check of the error class).
 */

/** One SDK client per key (and API base), kept across requests; keys change rarely. */
const CLIENTS = Symbol.for('academy.stripe-clients')
type Store = Record<symbol, Map<string, Stripe> | undefined>

function clientOptions(): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false, appInfo: { name: 'ballet-academy' } }
  // Test-only: STRIPE_API_BASE points the SDK at the local stand-in (env.server.ts refuses it in production).
  const base = getAppContext().env.STRIPE_API_BASE
  if (base) {
    const url = new URL(base)
    options.protocol = url.protocol === 'https:' ? 'https' : 'http'
    options.host = url.hostname
    options.port = url.port || (options.protocol === 'https' ? 443 : 80)
  }
  return options
}

export function stripeClient(secretKey: string): Stripe {
  const store = globalThis as unknown as Store
  const clients = (store[CLIENTS] ??= new Map())
  const cacheKey = `${getAppContext().env.STRIPE_API_BASE ?? ''} ${secretKey}`
  let client = clients.get(cacheKey)
  if (!client) {
    if (clients.size >= 8) clients.clear()
    client = new Stripe(secretKey, clientOptions())
    clients.set(cacheKey, client)
  }
  return client
}

/** The SDK client for the effective secret key, or 503 when card payments are not set up. */
export function requireStripe(settings: PaymentSettings): Stripe {
  if (!settings.secretKey) throw new AppError('UNAVAILABLE', PAYMENTS_NOT_CONFIGURED)
  return stripeClient(settings.secretKey)
}

/**
 * Turns an SDK failure into the contract's error. Stripe's own messages are safe to show
 * (it masks keys itself); connection and server trouble become a 503 the user can retry.
 */
export function stripeFailure(error: unknown, notFoundMessage = 'We could not find this payment.'): AppError {
  if (error instanceof AppError) return error
  if (error instanceof Stripe.errors.StripeError) {
    if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError) {
      console.error('[payments] Stripe refused the secret key:', error.message)
      return new AppError('UNAVAILABLE', 'Card payments are not configured correctly. Please contact the academy.')
    }
    if (error.code === 'resource_missing') return notFound(notFoundMessage)
    if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError) {
      return badInput(error.message || 'The card processor refused this request.')
    }
    console.error('[payments] Stripe call failed:', error.type, error.message)
  } else {
    console.error('[payments] Stripe call failed:', error)
  }
  return new AppError('UNAVAILABLE', 'The card processor could not be reached. Please try again in a moment.')
}

/** POST /api/stripe/test-connection: who the configured key belongs to. */
export async function retrieveStripeAccountName(stripe: Stripe): Promise<string> {
  const account = await stripe.accounts.retrieve(null)
  return account.business_profile?.name || account.settings?.dashboard?.display_name || account.email || account.id
}

/** A family's Stripe customer; the key makes a retry return the same customer. */
export const createCustomer = (stripe: Stripe, params: Stripe.CustomerCreateParams, idempotencyKey: string) =>
  stripe.customers.create(params, { idempotencyKey })

export const createSetupIntent = (stripe: Stripe, params: Stripe.SetupIntentCreateParams) => stripe.setupIntents.create(params)

export const retrieveSetupIntent = (stripe: Stripe, id: string) => stripe.setupIntents.retrieve(id)

export const retrievePaymentMethod = (stripe: Stripe, id: string) => stripe.paymentMethods.retrieve(id)

export const detachPaymentMethod = (stripe: Stripe, id: string) => stripe.paymentMethods.detach(id)

/** Initiates a payment (the card form's, or autopay's off-session charge); the key makes a retry get Stripe's first answer. */
export const createPaymentIntent = (stripe: Stripe, params: Stripe.PaymentIntentCreateParams, idempotencyKey: string) =>
  stripe.paymentIntents.create(params, { idempotencyKey })

export const retrievePaymentIntent = (stripe: Stripe, id: string) => stripe.paymentIntents.retrieve(id)

export const cancelPaymentIntent = (stripe: Stripe, id: string) => stripe.paymentIntents.cancel(id)

export const createRefund = (stripe: Stripe, params: Stripe.RefundCreateParams, idempotencyKey: string) => stripe.refunds.create(params, { idempotencyKey })

/** The event of a webhook call, when its signature over the raw body holds; throws otherwise. */
export const verifyWebhookEvent = (rawBody: string | Buffer, signature: string | string[], secret: string) =>
  Stripe.webhooks.constructEvent(rawBody, signature, secret)
