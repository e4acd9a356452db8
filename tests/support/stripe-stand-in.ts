import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import Stripe from 'stripe'

/**
 * A local stand-in for the part of Stripe's API the app calls, spoken through the real `stripe`
 * SDK (STRIPE_API_BASE points it here): form-encoded requests, Stripe's JSON objects and error
 * shapes, idempotency keys, and the test cards' behaviour. Tests drive the other side (a card
 * succeeding, a webhook arriving) through the helpers it returns.
 */
export type StandInIntent = {
  id: string
  object: 'payment_intent'
  amount: number
  amount_received: number
  currency: string
  status: Stripe.PaymentIntent.Status
  client_secret: string
  metadata: Record<string, string>
  description: string | null
  payment_method: string | null
  latest_charge: string | null
  last_payment_error: Record<string, unknown> | null
  next_action: Record<string, unknown> | null
  [field: string]: unknown
}

export type StandInRefund = {
  id: string
  object: 'refund'
  amount: number
  currency: string
  payment_intent: string
  charge: string | null
  reason: string | null
  status: 'succeeded'
  metadata: Record<string, string>
  created: number
}

export type StandInRequest = { method: string; path: string; apiKey: string; idempotencyKey: string | null; params: Record<string, unknown> }

type StripeErrorBody = { type: string; message: string; code?: string; decline_code?: string; param?: string; [field: string]: unknown }

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message)
  }
}

const id = (prefix: string, length = 24) => `${prefix}_${randomBytes(length).toString('base64url').replace(/[-_]/g, '').slice(0, length)}`
const now = () => Math.floor(Date.now() / 1000)
const maskKey = (key: string) => `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`

/** Stripe's form encoding (`metadata[invoiceId]=7`, `allowed_payment_method_types[0]=card`) into objects. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {}
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, '').split('[')
    let node: Record<string, unknown> = root
    path.forEach((segment, index) => {
      const key = segment === '' ? String(Object.keys(node).length) : segment
      if (index === path.length - 1) node[key] = value
      else node = (node[key] ??= {}) as Record<string, unknown>
    })
  }
  // Objects whose keys are 0..n-1 were arrays.
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrays(v)] as const)
    if (entries.length && entries.every(([k], i) => k === String(i))) return entries.map(([, v]) => v)
    return Object.fromEntries(entries)
  }
  return arrays(root) as Record<string, unknown>
}

/**
 * How a card behaves, as Stripe's test cards do: `requires_action` always asks for 3D Secure
 * (4000 0027 6000 3184: off-session charges fail with authentication_required), while
 * `authenticate_unless_setup` (4000 0025 0000 3155) asks on-session and when it is set up,
 * and then pays off-session without asking again; `charge_fails` (4000 0000 0000 0341) is saved
 * fine and then declines every charge.
 */
type CardBehaviour = 'succeeds' | 'declined' | 'insufficient_funds' | 'requires_action' | 'authenticate_unless_setup' | 'charge_fails'

const TEST_PAYMENT_METHODS: Record<string, CardBehaviour> = {
  pm_card_visa: 'succeeds',
  pm_card_mastercard: 'succeeds',
  pm_card_visa_chargeDeclined: 'declined',
  pm_card_chargeDeclined: 'declined',
  pm_card_chargeDeclinedInsufficientFunds: 'insufficient_funds',
  pm_card_authenticationRequired: 'requires_action',
  pm_card_threeDSecure2Required: 'requires_action',
  pm_card_authenticationRequiredOnSetup: 'authenticate_unless_setup',
  pm_card_chargeCustomerFail: 'charge_fails',
}

/** The card each test payment method stands for (brand, last four). */
const TEST_PAYMENT_METHOD_CARDS: Record<string, { brand: string; last4: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_visa_chargeDeclined: { brand: 'visa', last4: '0002' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184' },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3220' },
  pm_card_authenticationRequiredOnSetup: { brand: 'visa', last4: '3155' },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341' },
}

const TEST_CARD_NUMBERS: Record<string, CardBehaviour> = {
  '4242424242424242': 'succeeds',
  '5555555555554444': 'succeeds',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000002760003184': 'requires_action',
  '4000002500003155': 'authenticate_unless_setup',
  '4000000000000341': 'charge_fails',
}

const CREATE_PARAMS = new Set([
  'amount',
  'currency',
  'allowed_payment_method_types',
  'automatic_payment_methods',
  'excluded_payment_method_types',
  'capture_method',
  'confirm',
  'customer',
  'description',
  'expand',
  'metadata',
  'off_session',
  'payment_method',
  'payment_method_types',
  'receipt_email',
  'setup_future_usage',
  'statement_descriptor_suffix',
])
const CONFIRM_PARAMS = new Set([
  'payment_method',
  'payment_method_data',
  'return_url',
  'client_secret',
  'expand',
  'off_session',
  'receipt_email',
  'use_stripe_sdk',
])

export type StandInSetupIntent = {
  id: string
  object: 'setup_intent'
  status: Stripe.SetupIntent.Status
  client_secret: string
  customer: string | null
  payment_method: string | null
  metadata: Record<string, string>
  usage: string
  last_setup_error: Record<string, unknown> | null
  next_action: Record<string, unknown> | null
  [field: string]: unknown
}

const SETUP_CREATE_PARAMS = new Set([
  'customer',
  'allowed_payment_method_types',
  'payment_method_types',
  'usage',
  'metadata',
  'description',
  'expand',
  'automatic_payment_methods',
])
const SETUP_CONFIRM_PARAMS = new Set(['client_secret', 'payment_method', 'payment_method_data', 'return_url', 'expand', 'use_stripe_sdk', 'mandate_data'])

export type StripeStandIn = {
  url: string
  /** Every API call received, oldest first. */
  requests: StandInRequest[]
  /** How many PaymentIntents were really created (idempotent replays do not count). */
  readonly creations: number
  intents(): StandInIntent[]
  intent(id: string): StandInIntent
  /** Stripe's side of a successful card payment (what confirming with 4242… does). */
  succeed(id: string): StandInIntent
  /** A declined attempt: the intent goes back to requires_payment_method with last_payment_error. */
  decline(id: string): StandInIntent
  setStatus(id: string, status: Stripe.PaymentIntent.Status): StandInIntent
  /**
   * While on, a charge a card would pay is left `processing`, as when the bank takes its time;
   * succeed() or decline() then settles it, and webhook() tells the app.
   */
  holdCharges(on: boolean): void
  setupIntents(): StandInSetupIntent[]
  setupIntent(id: string): StandInSetupIntent
  /**
   * Stripe's side of a card saved in the browser: confirms the SetupIntent with a test payment
   * method (pm_card_visa…); without one, completes the 3D Secure step it is waiting for.
   */
  confirmSetup(id: string, paymentMethod?: string): StandInSetupIntent
  customers(): Array<Record<string, unknown>>
  paymentMethod(id: string): Record<string, unknown> & { customer: string | null }
  /** Every refund made (POST /v1/refunds; idempotent replays do not count), oldest first. */
  refunds(): StandInRefund[]
  /** A Stripe event about the PaymentIntent (pi_…) or SetupIntent (seti_…) as it is now, and its signed delivery. */
  webhook(
    type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'setup_intent.succeeded' | string,
    intentId: string,
    secret: string,
  ): { payload: string; signature: string; event: Record<string, unknown> }
  close(): Promise<void>
}

export async function startStripeStandIn(
  options: { secretKeys?: string[]; latencyMs?: number; accountName?: string; port?: number } = {},
): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>()
  /** Cards entered in the browser (Stripe.js createPaymentMethod) and how they behave. */
  const paymentMethods = new Map<string, { behaviour: CardBehaviour; object: Record<string, unknown>; setUp: boolean }>()
  const customers = new Map<string, Record<string, unknown>>()
  const setupIntents = new Map<string, StandInSetupIntent>()
  const refunds: StandInRefund[] = []
  const requests: StandInRequest[] = []
  const idempotent = new Map<string, { path: string; body: string; status: number; response: unknown }>()
  const inProgress = new Set<string>()
  let creations = 0
  let holdingCharges = false
  const account = {
    id: 'acct_1StandInAcademy',
    object: 'account',
    business_profile: { name: options.accountName ?? 'Academy Test Account', url: null, support_email: null },
    settings: { dashboard: { display_name: 'Academy Test', timezone: 'America/New_York' } },
    email: 'owner@academy.example',
    country: 'US',
    default_currency: 'usd',
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    type: 'standard',
    created: now(),
  }

  function find(intentId: string): StandInIntent {
    const intent = intents.get(intentId)
    if (!intent) {
      throw new StripeFailure(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'intent',
        message: `No such payment_intent: '${intentId}'`,
      })
    }
    return intent
  }

  function markSucceeded(intent: StandInIntent, paymentMethod = id('pm')): StandInIntent {
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      payment_method: paymentMethod,
      latest_charge: id('ch'),
      last_payment_error: null,
      next_action: null,
    })
    return intent
  }

  /** A card that pays: succeeded at once, or left processing while holdCharges is on. */
  function payOrHold(intent: StandInIntent, paymentMethod: string): StandInIntent {
    if (!holdingCharges) return markSucceeded(intent, paymentMethod)
    Object.assign(intent, { status: 'processing', payment_method: paymentMethod, last_payment_error: null, next_action: null })
    return intent
  }

  function declineError(intent: StandInIntent, paymentMethod: string, reason: 'generic_decline' | 'insufficient_funds'): StripeErrorBody {
    return {
      type: 'card_error',
      code: 'card_declined',
      decline_code: reason,
      message: reason === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.',
      charge: id('ch'),
      doc_url: 'https://stripe.com/docs/error-codes/card-declined',
      payment_method: {
        id: paymentMethod,
        object: 'payment_method',
        type: 'card',
        card: { brand: 'visa', last4: reason === 'insufficient_funds' ? '9995' : '0002' },
      },
      request_log_url: `https://dashboard.stripe.com/test/logs/${id('req', 14)}`,
    }
  }

  function markDeclined(
    intent: StandInIntent,
    paymentMethod = id('pm'),
    reason: 'generic_decline' | 'insufficient_funds' = 'generic_decline',
  ): StripeErrorBody {
    const error = declineError(intent, paymentMethod, reason)
    Object.assign(intent, { status: 'requires_payment_method', payment_method: null, last_payment_error: error, next_action: null })
    return error
  }

  function createIntent(params: Record<string, unknown>): StandInIntent {
    for (const key of Object.keys(params)) {
      if (!CREATE_PARAMS.has(key))
        throw new StripeFailure(400, { type: 'invalid_request_error', code: 'parameter_unknown', param: key, message: `Received unknown parameter: ${key}` })
    }
    for (const key of ['amount', 'currency']) {
      if (params[key] === undefined)
        throw new StripeFailure(400, { type: 'invalid_request_error', code: 'parameter_missing', param: key, message: `Missing required param: ${key}.` })
    }
    const amount = Number(params.amount)
    if (!/^\d+$/.test(String(params.amount))) {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        param: 'amount',
        message: `Invalid integer: ${String(params.amount)}`,
      })
    }
    const currency = String(params.currency).toLowerCase()
    if (currency === 'usd' && amount < 50) {
      throw new StripeFailure(400, { type: 'invalid_request_error', code: 'amount_too_small', param: 'amount', message: 'Amount must be at least $0.50 usd' })
    }
    const metadata = (params.metadata ?? {}) as Record<string, string>
    if (typeof metadata !== 'object' || Array.isArray(metadata)) {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_empty',
        param: 'metadata',
        message: 'Invalid metadata: must be an object',
      })
    }
    const allowed = (params.allowed_payment_method_types as string[] | undefined) ?? null
    const automatic = (params.automatic_payment_methods as { enabled?: string } | undefined)?.enabled === 'true'
    const intentId = id('pi')
    const intent: StandInIntent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_details: { tip: {} },
      amount_received: 0,
      allowed_payment_method_types: allowed,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: automatic ? { allow_redirects: 'always', enabled: true } : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: (params.capture_method as string) ?? 'automatic_async',
      client_secret: `${intentId}_secret_${randomBytes(18).toString('hex')}`,
      confirmation_method: 'automatic',
      created: now(),
      currency,
      customer: (params.customer as string) ?? null,
      description: (params.description as string) ?? null,
      excluded_payment_method_types: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: { ...metadata },
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
      payment_method_types: allowed ?? ['card'],
      processing: null,
      receipt_email: (params.receipt_email as string) ?? null,
      review: null,
      setup_future_usage: null,
      shipping: null,
      statement_descriptor: null,
      statement_descriptor_suffix: (params.statement_descriptor_suffix as string) ?? null,
      status: 'requires_payment_method',
      transfer_data: null,
      transfer_group: null,
    }
    intents.set(intent.id, intent)
    creations++
    return intent
  }

  function confirmIntent(intent: StandInIntent, params: Record<string, unknown>): StandInIntent {
    for (const key of Object.keys(params)) {
      if (!CONFIRM_PARAMS.has(key))
        throw new StripeFailure(400, { type: 'invalid_request_error', code: 'parameter_unknown', param: key, message: `Received unknown parameter: ${key}` })
    }
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot confirm this PaymentIntent because it has ${intent.status === 'succeeded' ? 'already succeeded after being previously confirmed' : 'been canceled'}.`,
        payment_intent: { ...intent },
      })
    }
    // Confirming again after the customer completed 3D Secure: the payment goes through.
    if (intent.status === 'requires_action' && !params.payment_method && !params.payment_method_data)
      return markSucceeded(intent, intent.payment_method ?? undefined)

    let behaviour: CardBehaviour | undefined
    let paymentMethod = id('pm')
    if (typeof params.payment_method === 'string') {
      behaviour = paymentMethods.get(params.payment_method)?.behaviour ?? TEST_PAYMENT_METHODS[params.payment_method]
      paymentMethod = params.payment_method
      if (!behaviour)
        throw new StripeFailure(400, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'payment_method',
          message: `No such PaymentMethod: '${params.payment_method}'`,
        })
    } else if (params.payment_method_data) {
      const number = String((params.payment_method_data as { card?: { number?: string } }).card?.number ?? '').replace(/\s/g, '')
      behaviour = TEST_CARD_NUMBERS[number]
      if (!behaviour) throw new StripeFailure(402, { type: 'card_error', code: 'incorrect_number', param: 'number', message: 'Your card number is incorrect.' })
    } else {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message:
          "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with a payment method, pass `payment_method`.",
      })
    }
    if (behaviour === 'succeeds') return payOrHold(intent, paymentMethod)
    if (behaviour === 'requires_action' || behaviour === 'authenticate_unless_setup') {
      if (intent.status === 'requires_action') return markSucceeded(intent, paymentMethod)
      Object.assign(intent, {
        status: 'requires_action',
        payment_method: paymentMethod,
        next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: 'https://hooks.stripe.com/3d_secure_2/hosted' } },
      })
      return intent
    }
    const error = markDeclined(intent, paymentMethod, behaviour === 'insufficient_funds' ? 'insufficient_funds' : 'generic_decline')
    throw new StripeFailure(402, { ...error, payment_intent: { ...intent } })
  }

  /**
   * POST /v1/payment_methods, as Stripe.js sends it from the card box: the card's number decides
   * how a later confirmation behaves (TEST_CARD_NUMBERS), as with Stripe's own test cards.
   */
  function createPaymentMethod(params: Record<string, unknown>): Record<string, unknown> {
    if (params.type !== 'card')
      throw new StripeFailure(400, { type: 'invalid_request_error', code: 'parameter_invalid_empty', param: 'type', message: 'Invalid type: must be card' })
    const card = (params.card ?? {}) as Record<string, string | undefined>
    const number = String(card.number ?? '').replace(/\s/g, '')
    const behaviour = TEST_CARD_NUMBERS[number]
    if (!behaviour)
      throw new StripeFailure(402, { type: 'card_error', code: 'incorrect_number', param: 'card[number]', message: 'Your card number is incorrect.' })
    const expMonth = Number(card.exp_month)
    const expYear = Number(card.exp_year)
    const today = new Date()
    if (!(expMonth >= 1 && expMonth <= 12))
      throw new StripeFailure(402, {
        type: 'card_error',
        code: 'invalid_expiry_month',
        param: 'card[exp_month]',
        message: "Your card's expiration month is invalid.",
      })
    if (!(expYear > today.getUTCFullYear() || (expYear === today.getUTCFullYear() && expMonth >= today.getUTCMonth() + 1))) {
      throw new StripeFailure(402, {
        type: 'card_error',
        code: 'invalid_expiry_year',
        param: 'card[exp_year]',
        message: "Your card's expiration year is invalid.",
      })
    }
    if (!/^\d{3,4}$/.test(String(card.cvc ?? '')))
      throw new StripeFailure(402, { type: 'card_error', code: 'invalid_cvc', param: 'card[cvc]', message: "Your card's security code is invalid." })
    const billing = (params.billing_details ?? {}) as { name?: string; email?: string; address?: Record<string, string> }
    const object = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      billing_details: {
        name: billing.name ?? null,
        email: billing.email ?? null,
        phone: null,
        address: { postal_code: billing.address?.postal_code ?? null },
      },
      card: {
        brand: number.startsWith('5') ? 'mastercard' : 'visa',
        country: 'US',
        exp_month: expMonth,
        exp_year: expYear,
        funding: 'credit',
        last4: number.slice(-4),
      },
      created: now(),
      customer: null,
      livemode: false,
      metadata: {},
    }
    paymentMethods.set(object.id, { behaviour, object, setUp: false })
    return object
  }

  const unknownParams = (params: Record<string, unknown>, allowed: Set<string>) => {
    for (const key of Object.keys(params)) {
      if (!allowed.has(key))
        throw new StripeFailure(400, { type: 'invalid_request_error', code: 'parameter_unknown', param: key, message: `Received unknown parameter: ${key}` })
    }
  }

  const missing = (kind: string, objectId: string, param = 'id') =>
    new StripeFailure(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${objectId}'` })

  /**
   * A stored payment method, or a fresh one made from a test payment method's name (as Stripe
   * does: every use of `pm_card_visa` is a new PaymentMethod).
   */
  function resolvePaymentMethod(reference: string, param = 'payment_method'): { behaviour: CardBehaviour; object: Record<string, unknown>; setUp: boolean } {
    const stored = paymentMethods.get(reference)
    if (stored) return stored
    const behaviour = TEST_PAYMENT_METHODS[reference]
    const card = TEST_PAYMENT_METHOD_CARDS[reference]
    if (!behaviour || !card) throw missing('PaymentMethod', reference, param)
    const object = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      billing_details: { name: null, email: null, phone: null, address: { postal_code: null } },
      card: { brand: card.brand, country: 'US', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, funding: 'credit', last4: card.last4 },
      created: now(),
      customer: null,
      livemode: false,
      metadata: {},
    }
    const entry = { behaviour, object, setUp: false }
    paymentMethods.set(object.id, entry)
    return entry
  }

  function findCustomer(customerId: string, param = 'customer'): Record<string, unknown> {
    const customer = customers.get(customerId)
    if (!customer || customer.deleted) throw missing('customer', customerId, param)
    return customer
  }

  function createCustomer(params: Record<string, unknown>): Record<string, unknown> {
    unknownParams(params, new Set(['email', 'name', 'metadata', 'description', 'expand']))
    const customer = {
      id: id('cus', 14),
      object: 'customer',
      created: now(),
      email: (params.email as string) ?? null,
      name: (params.name as string) ?? null,
      description: (params.description as string) ?? null,
      metadata: { ...((params.metadata as Record<string, string>) ?? {}) },
      invoice_settings: { default_payment_method: null },
      livemode: false,
    }
    customers.set(customer.id, customer)
    return customer
  }

  function attachPaymentMethod(reference: string, params: Record<string, unknown>): Record<string, unknown> {
    unknownParams(params, new Set(['customer', 'expand']))
    if (typeof params.customer !== 'string')
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'customer',
        message: 'Missing required param: customer.',
      })
    findCustomer(params.customer)
    const entry = resolvePaymentMethod(reference, 'payment_method')
    if (entry.object.customer && entry.object.customer !== params.customer) {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'payment_method_unexpected_state',
        message: 'The payment method you provided has already been attached to a customer.',
      })
    }
    entry.object.customer = params.customer
    return entry.object
  }

  function detachPaymentMethod(reference: string): Record<string, unknown> {
    const entry = paymentMethods.get(reference)
    if (!entry) throw missing('PaymentMethod', reference, 'payment_method')
    if (!entry.object.customer) {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'payment_method_unexpected_state',
        message: 'The payment method you provided is not attached to a customer so detachment is impossible.',
      })
    }
    entry.object.customer = null
    return entry.object
  }

  function findSetupIntent(setupId: string): StandInSetupIntent {
    const found = setupIntents.get(setupId)
    if (!found) throw missing('setupintent', setupId, 'intent')
    return found
  }

  function createSetupIntent(params: Record<string, unknown>): StandInSetupIntent {
    unknownParams(params, SETUP_CREATE_PARAMS)
    if (typeof params.customer === 'string') findCustomer(params.customer)
    const setupId = id('seti')
    const setupIntent: StandInSetupIntent = {
      id: setupId,
      object: 'setup_intent',
      application: null,
      automatic_payment_methods: null,
      cancellation_reason: null,
      client_secret: `${setupId}_secret_${randomBytes(18).toString('hex')}`,
      created: now(),
      customer: (params.customer as string) ?? null,
      description: (params.description as string) ?? null,
      last_setup_error: null,
      latest_attempt: null,
      livemode: false,
      mandate: null,
      metadata: { ...((params.metadata as Record<string, string>) ?? {}) },
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_types: (params.allowed_payment_method_types as string[] | undefined) ?? (params.payment_method_types as string[] | undefined) ?? ['card'],
      single_use_mandate: null,
      status: 'requires_payment_method',
      usage: (params.usage as string) ?? 'off_session',
    }
    setupIntents.set(setupId, setupIntent)
    return setupIntent
  }

  function completeSetup(setupIntent: StandInSetupIntent, entry: { object: Record<string, unknown>; setUp: boolean }): StandInSetupIntent {
    entry.setUp = true
    if (setupIntent.customer) entry.object.customer = setupIntent.customer
    Object.assign(setupIntent, { status: 'succeeded', payment_method: entry.object.id as string, last_setup_error: null, next_action: null })
    return setupIntent
  }

  function confirmSetupIntent(setupIntent: StandInSetupIntent, params: Record<string, unknown>): StandInSetupIntent {
    unknownParams(params, SETUP_CONFIRM_PARAMS)
    if (setupIntent.status === 'succeeded' || setupIntent.status === 'canceled') {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'setup_intent_unexpected_state',
        message: `You cannot confirm this SetupIntent because it has ${setupIntent.status === 'succeeded' ? 'already succeeded' : 'been canceled'}.`,
        setup_intent: { ...setupIntent },
      })
    }
    // Confirming again after the customer completed 3D Secure: the card is set up.
    if (setupIntent.status === 'requires_action' && !params.payment_method && !params.payment_method_data) {
      const entry = paymentMethods.get(setupIntent.payment_method ?? '')
      if (entry) return completeSetup(setupIntent, entry)
    }
    let entry: { behaviour: CardBehaviour; object: Record<string, unknown>; setUp: boolean }
    if (typeof params.payment_method === 'string') entry = resolvePaymentMethod(params.payment_method)
    else if (params.payment_method_data) entry = resolvePaymentMethod(String(createPaymentMethod(params.payment_method_data as Record<string, unknown>).id))
    else {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'setup_intent_unexpected_state',
        message: "You cannot confirm this SetupIntent because it's missing a payment method.",
      })
    }
    if (entry.behaviour === 'succeeds' || entry.behaviour === 'charge_fails') return completeSetup(setupIntent, entry)
    if (entry.behaviour === 'requires_action' || entry.behaviour === 'authenticate_unless_setup') {
      Object.assign(setupIntent, {
        status: 'requires_action',
        payment_method: entry.object.id as string,
        next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: 'https://hooks.stripe.com/3d_secure_2/hosted' } },
      })
      return setupIntent
    }
    const error: StripeErrorBody = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: entry.behaviour === 'insufficient_funds' ? 'insufficient_funds' : 'generic_decline',
      message: entry.behaviour === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.',
      doc_url: 'https://stripe.com/docs/error-codes/card-declined',
      payment_method: { ...entry.object },
    }
    Object.assign(setupIntent, { status: 'requires_payment_method', payment_method: null, last_setup_error: error, next_action: null })
    throw new StripeFailure(402, { ...error, setup_intent: { ...setupIntent } })
  }

  /**
   * A PaymentIntent created with `confirm: true` and `off_session: true`: the customer is away,
   * so a card that needs 3D Secure fails with authentication_required (Stripe's answer), while
   * one set up with a SetupIntent under "authenticate unless set up" goes through.
   */
  function confirmOffSession(intent: StandInIntent, params: Record<string, unknown>): StandInIntent {
    if (typeof params.payment_method !== 'string') {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'payment_method',
        message: 'A payment method is required to confirm an off-session payment.',
      })
    }
    const entry = resolvePaymentMethod(params.payment_method)
    const paymentMethodId = entry.object.id as string
    if (intent.customer && entry.object.customer !== intent.customer) {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'payment_method_unexpected_state',
        param: 'payment_method',
        message: `The provided PaymentMethod ${paymentMethodId} does not belong to the Customer ${intent.customer}.`,
      })
    }
    if (entry.behaviour === 'succeeds' || (entry.behaviour === 'authenticate_unless_setup' && entry.setUp)) return payOrHold(intent, paymentMethodId)
    if (entry.behaviour === 'requires_action' || entry.behaviour === 'authenticate_unless_setup') {
      const error: StripeErrorBody = {
        type: 'card_error',
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
        charge: id('ch'),
        doc_url: 'https://stripe.com/docs/error-codes/authentication-required',
        payment_method: { ...entry.object },
      }
      Object.assign(intent, { status: 'requires_payment_method', payment_method: null, last_payment_error: error, next_action: null })
      throw new StripeFailure(402, { ...error, payment_intent: { ...intent } })
    }
    const error = markDeclined(intent, paymentMethodId, entry.behaviour === 'insufficient_funds' ? 'insufficient_funds' : 'generic_decline')
    error.payment_method = { ...entry.object }
    throw new StripeFailure(402, { ...error, payment_intent: { ...intent } })
  }

  function createAndMaybeConfirm(params: Record<string, unknown>): StandInIntent {
    const { confirm, off_session: offSession, payment_method: paymentMethod, ...rest } = params
    if (typeof rest.customer === 'string') findCustomer(rest.customer)
    if (offSession !== undefined && confirm !== 'true') {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        param: 'off_session',
        message: 'You may only specify `off_session` when confirming the PaymentIntent (`confirm=true`).',
      })
    }
    const intent = createIntent(rest)
    if (confirm !== 'true') {
      if (typeof paymentMethod === 'string') intent.payment_method = resolvePaymentMethod(paymentMethod).object.id as string
      if (intent.payment_method) intent.status = 'requires_confirmation'
      return intent
    }
    if (offSession === 'true') return confirmOffSession(intent, { payment_method: paymentMethod })
    return confirmIntent(intent, typeof paymentMethod === 'string' ? { payment_method: paymentMethod } : {})
  }

  /** POST /v1/payment_intents/:id/cancel: as Stripe, refused once the intent succeeded or was canceled. */
  function cancelIntent(intent: StandInIntent, params: Record<string, unknown>): StandInIntent {
    unknownParams(params, new Set(['cancellation_reason', 'expand']))
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        payment_intent: { ...intent },
      })
    }
    Object.assign(intent, { status: 'canceled', canceled_at: now(), cancellation_reason: (params.cancellation_reason as string) ?? null, next_action: null })
    return intent
  }

  /** POST /v1/refunds with `payment_intent`: the whole amount unless `amount` says less; never more than was received. */
  function createRefund(params: Record<string, unknown>): StandInRefund {
    unknownParams(params, new Set(['payment_intent', 'amount', 'reason', 'metadata', 'expand']))
    if (typeof params.payment_intent !== 'string')
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        message: 'One of the following params should be provided for this request: payment_intent or charge.',
      })
    const intent = find(params.payment_intent)
    if (intent.status !== 'succeeded') {
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'charge_not_refundable',
        message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      })
    }
    const refunded = refunds.filter((r) => r.payment_intent === intent.id).reduce((sum, r) => sum + r.amount, 0)
    const left = intent.amount_received - refunded
    if (left <= 0)
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${intent.latest_charge} has already been refunded.`,
      })
    const amount = params.amount === undefined ? left : Number(params.amount)
    if (!(amount > 0) || amount > left)
      throw new StripeFailure(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge ($${left / 100})`,
      })
    const reason = (params.reason as string | undefined) ?? null
    if (reason && !['duplicate', 'fraudulent', 'requested_by_customer'].includes(reason))
      throw new StripeFailure(400, { type: 'invalid_request_error', code: 'parameter_invalid_empty', param: 'reason', message: `Invalid reason: ${reason}` })
    const refund: StandInRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: intent.latest_charge,
      reason,
      status: 'succeeded',
      metadata: { ...((params.metadata as Record<string, string>) ?? {}) },
      created: now(),
    }
    refunds.push(refund)
    return refund
  }

  function authenticate(req: http.IncomingMessage, params: Record<string, unknown>, intentId?: string, path?: string): string {
    const header = req.headers.authorization ?? ''
    // Stripe.js sends the publishable key as the `key` parameter instead of a header.
    const key = header.startsWith('Bearer ') ? header.slice(7) : typeof params.key === 'string' ? params.key : ''
    delete params.key
    if (!key) {
      throw new StripeFailure(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      })
    }
    if (key.startsWith('pk_')) {
      // A publishable key may create payment methods (the card box) …
      if (path === '/v1/payment_methods' && !intentId) return key
      // … and may only act on an intent it holds the client secret of (Stripe.js).
      const intent = intentId ? (intents.get(intentId) ?? setupIntents.get(intentId)) : undefined
      if (!intent || params.client_secret !== intent.client_secret) {
        throw new StripeFailure(401, {
          type: 'invalid_request_error',
          message: 'This API call cannot be made with a publishable API key. Please use a secret API key.',
        })
      }
      return key
    }
    if (!/^(sk|rk)_(test|live)_/.test(key) || (options.secretKeys && !options.secretKeys.includes(key))) {
      throw new StripeFailure(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${maskKey(key)}` })
    }
    return key
  }

  function route(method: string, path: string, params: Record<string, unknown>, req: http.IncomingMessage): { status: number; body: unknown } {
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)(\/confirm|\/cancel)?$/.exec(path)
    const setupMatch = /^\/v1\/setup_intents\/([^/]+)(\/confirm)?$/.exec(path)
    const customerMatch = /^\/v1\/customers\/([^/]+)$/.exec(path)
    const methodMatch = /^\/v1\/payment_methods\/([^/]+)(\/attach|\/detach)?$/.exec(path)
    authenticate(req, params, intentMatch?.[1] ?? setupMatch?.[1], path)
    if (method === 'GET' && path === '/v1/account') return { status: 200, body: account }
    if (method === 'POST' && path === '/v1/payment_methods') return { status: 200, body: createPaymentMethod(params) }
    if (method === 'POST' && path === '/v1/payment_intents') return { status: 200, body: createAndMaybeConfirm(params) }
    if (method === 'POST' && path === '/v1/customers') return { status: 200, body: createCustomer(params) }
    if (customerMatch && method === 'GET') return { status: 200, body: findCustomer(customerMatch[1]!, 'id') }
    if (method === 'POST' && path === '/v1/setup_intents') return { status: 200, body: createSetupIntent(params) }
    if (setupMatch && method === 'GET' && !setupMatch[2]) return { status: 200, body: findSetupIntent(setupMatch[1]!) }
    if (setupMatch && method === 'POST' && setupMatch[2]) return { status: 200, body: confirmSetupIntent(findSetupIntent(setupMatch[1]!), params) }
    if (methodMatch && method === 'GET' && !methodMatch[2]) {
      const entry = paymentMethods.get(methodMatch[1]!)
      if (!entry) throw missing('PaymentMethod', methodMatch[1]!)
      return { status: 200, body: entry.object }
    }
    if (methodMatch && method === 'POST' && methodMatch[2] === '/attach') return { status: 200, body: attachPaymentMethod(methodMatch[1]!, params) }
    if (methodMatch && method === 'POST' && methodMatch[2] === '/detach') return { status: 200, body: detachPaymentMethod(methodMatch[1]!) }
    if (intentMatch && method === 'GET' && !intentMatch[2]) return { status: 200, body: find(intentMatch[1]!) }
    if (intentMatch && method === 'POST' && intentMatch[2] === '/cancel') {
      // Only the secret key cancels; Stripe.js cannot.
      if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_') && !String(req.headers.authorization ?? '').startsWith('Bearer rk_'))
        throw new StripeFailure(401, {
          type: 'invalid_request_error',
          message: 'This API call cannot be made with a publishable API key. Please use a secret API key.',
        })
      return { status: 200, body: cancelIntent(find(intentMatch[1]!), params) }
    }
    if (method === 'POST' && path === '/v1/refunds') return { status: 200, body: createRefund(params) }
    if (intentMatch && method === 'POST' && intentMatch[2]) return { status: 200, body: confirmIntent(find(intentMatch[1]!), params) }
    throw new StripeFailure(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    })
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const method = req.method ?? 'GET'
    const raw = method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8')
    const params = parseStripeForm(raw)
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null
    const apiKey = String(req.headers.authorization ?? '').replace(/^Bearer /, '') || (typeof params.key === 'string' ? params.key : '')
    requests.push({ method, path: url.pathname, apiKey, idempotencyKey, params })
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'request-id': id('req', 14),
      'stripe-version': String(req.headers['stripe-version'] ?? ''),
    }

    const send = (status: number, body: unknown, extra: Record<string, string> = {}) => {
      res.writeHead(status, { ...headers, ...extra })
      res.end(JSON.stringify(body))
    }

    const scopedKey = idempotencyKey && method === 'POST' ? `${apiKey} ${idempotencyKey}` : null
    if (scopedKey) {
      const saved = idempotent.get(scopedKey)
      if (saved) {
        if (saved.path !== url.pathname || saved.body !== raw) {
          return send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          })
        }
        return send(saved.status, saved.response, { 'idempotent-replayed': 'true', 'original-request': headers['request-id']! })
      }
      if (inProgress.has(scopedKey)) {
        return send(409, {
          error: {
            type: 'idempotency_error',
            code: 'idempotency_key_in_use',
            message: 'There is currently another in-progress request using this Stripe-Idempotency-Key. Please try again later.',
          },
        })
      }
      inProgress.add(scopedKey)
    }
    try {
      if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs))
      let status: number
      let body: unknown
      try {
        ;({ status, body } = route(method, url.pathname, params, req))
        body = JSON.parse(JSON.stringify(body))
      } catch (error) {
        if (!(error instanceof StripeFailure)) throw error
        status = error.status
        body = { error: error.body }
      }
      // Stripe saves the answer to a keyed request (not authentication failures) and replays it.
      if (scopedKey && status !== 401) idempotent.set(scopedKey, { path: url.pathname, body: raw, status, response: body })
      send(status, body)
    } finally {
      if (scopedKey) inProgress.delete(scopedKey)
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { type: 'api_error', message: `Stand-in failure: ${(error as Error).message}` } }))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get creations() {
      return creations
    },
    intents: () => [...intents.values()].map((intent) => structuredClone(intent)),
    intent: (intentId) => structuredClone(find(intentId)),
    succeed: (intentId) => structuredClone(markSucceeded(find(intentId))),
    decline: (intentId) => {
      const intent = find(intentId)
      markDeclined(intent)
      return structuredClone(intent)
    },
    setStatus: (intentId, status) => {
      const intent = find(intentId)
      if (status === 'succeeded') markSucceeded(intent)
      else intent.status = status
      return structuredClone(intent)
    },
    holdCharges: (on) => {
      holdingCharges = on
    },
    refunds: () => refunds.map((refund) => structuredClone(refund)),
    setupIntents: () => [...setupIntents.values()].map((setupIntent) => structuredClone(setupIntent)),
    setupIntent: (setupId) => structuredClone(findSetupIntent(setupId)),
    confirmSetup: (setupId, paymentMethod) =>
      structuredClone(confirmSetupIntent(findSetupIntent(setupId), paymentMethod ? { payment_method: paymentMethod } : {})),
    customers: () => [...customers.values()].map((customer) => structuredClone(customer)),
    paymentMethod: (methodId) => {
      const entry = paymentMethods.get(methodId)
      if (!entry) throw missing('PaymentMethod', methodId)
      return structuredClone(entry.object) as Record<string, unknown> & { customer: string | null }
    },
    webhook(type, intentId, secret) {
      const event = {
        id: id('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: now(),
        data: { object: structuredClone(intentId.startsWith('seti_') ? findSetupIntent(intentId) : find(intentId)) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      }
      const payload = JSON.stringify(event, null, 2)
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }), event }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
