import { z } from 'zod'

import { recordIdSchema } from '#api/lib/id.schemas'

import type { OfflineMethod, PaymentStatus } from '#shared/statuses'

/**
 * Card payments and the Stripe settings (spec §5 "Payment form", "Payment configuration";
 * decisions §5). Shared by the billing and admin islands and the server; the server alone
 * decides the amount and alone marks an invoice paid.
 */

// Messages (spec §5, §8 and decisions §5).
export const STRIPE_PUBLIC_KEY_REQUIRED = 'Stripe Public Key is required'
export const STRIPE_SECRET_KEY_REQUIRED = 'Stripe Secret Key is required'
export const STRIPE_PUBLIC_KEY_FORMAT = 'Stripe Public Key must start with pk_test_ or pk_live_'
export const STRIPE_SECRET_KEY_FORMAT = 'Stripe Secret Key must start with sk_test_, sk_live_, rk_test_ or rk_live_'
export const STRIPE_KEY_MODES_DIFFER = 'The public and secret keys must both be test keys or both be live keys'
export const PAYMENTS_DISABLED = 'Payments are currently disabled'
export const PAYMENTS_NOT_CONFIGURED = 'Card payments are not configured yet. Please contact the academy.'
export const STRIPE_CONNECTION_FAILED = 'Failed to connect to Stripe'
export const INVOICE_ID_REQUIRED = 'Invoice ID is required'
export const INVOICE_NOT_FOUND = 'Invoice not found'
export const INVOICE_ALREADY_PAID = 'This invoice is already paid.'
export const INVOICE_CANCELLED = 'This invoice has been cancelled.'
export const PAYMENT_INTENT_REQUIRED = 'Payment intent ID is required'
export const AMOUNT_AT_LEAST_ONE = 'Amount must be at least 1'
export const CARDHOLDER_NAME_REQUIRED = 'Cardholder name is required'
export const AUTOPAY_IN_PROGRESS = 'An automatic payment for this invoice is being processed. Please check back in a few minutes.'
const REFUND_DELAY = 'The refund can take 5 to 10 business days to appear on your card statement.'
export const REFUNDED_ALREADY_PAID = `This invoice was already paid, so this card payment has been refunded. ${REFUND_DELAY}`
export const REFUNDED_INVOICE_VOID = `This invoice was cancelled, so this card payment has been refunded. ${REFUND_DELAY}`

export { CARD_INTENT_STATUSES } from '#shared/statuses'

/** Charges are always in US dollars (spec §9). */
export const PAYMENT_CURRENCY = 'usd'

const PUBLIC_KEY = /^pk_(test|live)_[A-Za-z0-9]{8,240}$/
const SECRET_KEY = /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,240}$/
/** What GET /api/stripe/config shows an admin instead of the secret key: `sk_test_…1234`. */
const MASKED_SECRET_KEY = /^(sk|rk)_(test|live)_…[A-Za-z0-9]{4}$/
const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{1,250}$/

function keyMode(key: string): 'test' | 'live' | null {
  return /^[a-z]{2}_(test|live)_/.exec(key)?.[1] as 'test' | 'live' | null
}

/** The one record-id schema (a JSON number, or the digits of a form's field), as every id the server reads. */
const invoiceIdSchema = recordIdSchema(INVOICE_ID_REQUIRED, { fromText: true })

/** POST /api/stripe/config (admin). Sending back the masked secret key keeps the stored one. */
export const stripeConfigSchema = z
  .object({
    stripePublicKey: z.string({ error: STRIPE_PUBLIC_KEY_REQUIRED }).trim().min(1, STRIPE_PUBLIC_KEY_REQUIRED).regex(PUBLIC_KEY, STRIPE_PUBLIC_KEY_FORMAT),
    stripeSecretKey: z
      .string({ error: STRIPE_SECRET_KEY_REQUIRED })
      .trim()
      .min(1, STRIPE_SECRET_KEY_REQUIRED)
      .refine((key) => SECRET_KEY.test(key) || MASKED_SECRET_KEY.test(key), STRIPE_SECRET_KEY_FORMAT),
    enableSubscriptions: z.boolean({ error: 'enableSubscriptions must be true or false' }).default(false),
    subscriptionPriceId: z
      .string({ error: 'Subscription Price ID must be text' })
      .trim()
      .max(255, 'Subscription Price ID is too long')
      .regex(/^[A-Za-z0-9_]*$/, 'Subscription Price ID must look like price_…')
      .nullish()
      .transform((value) => value || null),
    testMode: z.boolean({ error: 'testMode must be true or false' }).optional(),
  })
  .refine((input) => keyMode(input.stripePublicKey) === keyMode(input.stripeSecretKey), {
    message: STRIPE_KEY_MODES_DIFFER,
    path: ['stripeSecretKey'],
  })
export type StripeConfigInput = z.infer<typeof stripeConfigSchema>

export function isMaskedSecretKey(key: string): boolean {
  return MASKED_SECRET_KEY.test(key)
}

/** `sk_test_…1234`: enough to recognise a key, never enough to use it. */
export function maskSecretKey(key: string): string {
  const prefix = /^[a-z]{2}_(test|live)_/.exec(key)?.[0] ?? ''
  return `${prefix}…${key.slice(-4)}`
}

/** POST /api/stripe/toggle-payments (admin). */
export const togglePaymentsSchema = z.object({
  paymentsDisabled: z.boolean({ error: 'paymentsDisabled must be true or false' }),
})

/** POST /api/stripe/create-payment-intent. The spec's `amount` and `currency` are accepted and ignored. */
export const createPaymentIntentSchema = z.object({
  invoiceId: invoiceIdSchema,
  amount: z.unknown().optional(),
  currency: z.unknown().optional(),
})
export type CreatePaymentIntentInput = z.infer<typeof createPaymentIntentSchema>

function cardholderFrom(metadata: unknown): { cardholderName: string | null; paymentIntentId: string | null } {
  let value = metadata
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value)
    } catch {
      value = null
    }
  }
  const record = value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  const name = typeof record.cardholderName === 'string' ? record.cardholderName.trim().slice(0, 100) : ''
  const intent = typeof record.paymentIntentId === 'string' ? record.paymentIntentId.trim() : ''
  return { cardholderName: name || null, paymentIntentId: intent || null }
}

/**
 * POST /api/payments: the browser reports a charge. Only the invoice and the PaymentIntent id
 * count; amount, status, userId and method are accepted (the spec sends them) and ignored,
 * because the server reads the truth from Stripe.
 */
export const recordPaymentSchema = z
  .object({
    invoiceId: invoiceIdSchema,
    paymentIntentId: z.string().trim().optional(),
    transactionId: z.string().trim().optional(),
    metadata: z.unknown().optional(),
    userId: z.unknown().optional(),
    amount: z.unknown().optional(),
    paymentMethodId: z.unknown().optional(),
    method: z.unknown().optional(),
    status: z.unknown().optional(),
  })
  .transform((input, ctx) => {
    const meta = cardholderFrom(input.metadata)
    const paymentIntentId = input.paymentIntentId || input.transactionId || meta.paymentIntentId || ''
    if (!paymentIntentId) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_INTENT_REQUIRED, path: ['paymentIntentId'] })
      return z.NEVER
    }
    if (!PAYMENT_INTENT_ID.test(paymentIntentId)) {
      ctx.addIssue({ code: 'custom', message: 'Payment intent ID is not valid', path: ['paymentIntentId'] })
      return z.NEVER
    }
    return { invoiceId: input.invoiceId, paymentIntentId, cardholderName: meta.cardholderName }
  })
export type RecordPaymentInput = z.infer<typeof recordPaymentSchema>

/** The billing form (spec §5): checked in the browser before any call. */
export const paymentFormSchema = z.object({
  invoiceId: z.coerce.number({ error: INVOICE_ID_REQUIRED }).int(INVOICE_ID_REQUIRED).min(1, INVOICE_ID_REQUIRED),
  amount: z.coerce.number({ error: AMOUNT_AT_LEAST_ONE }).min(1, AMOUNT_AT_LEAST_ONE),
  cardholderName: z.string({ error: CARDHOLDER_NAME_REQUIRED }).trim().min(2, CARDHOLDER_NAME_REQUIRED).max(100),
})
export type PaymentFormInput = z.infer<typeof paymentFormSchema>

/** GET /api/stripe/config for a family. */
export type PublicStripeConfigDto = {
  publicKey: string | null
  paymentsDisabled: boolean
  testMode: boolean
  subscriptionEnabled: boolean
}

/** GET/POST /api/stripe/config for an admin: the secret key only ever masked. */
export type AdminStripeConfigDto = PublicStripeConfigDto & {
  secretKey: string | null
  subscriptionPriceId: string | null
  /** Where the effective secret key comes from: STRIPE_SECRET_KEY overrides the saved settings. */
  secretKeySource: 'environment' | 'settings' | null
  /** Whether STRIPE_WEBHOOK_SECRET is set, so Stripe's webhook calls can be verified. */
  webhookConfigured: boolean
}

export type PaymentIntentDto = { clientSecret: string; paymentIntentId: string; amount: number; currency: string }

export type PaymentDto = {
  id: number
  invoiceId: number | null
  userId: number
  /** Dollars, exact to the cent. */
  amount: number
  paymentMethodId: number
  method: string
  status: PaymentStatus
  transactionId: string | null
  /** JSON text: {cardholderName, paymentIntentId}. */
  metadata: string | null
  createdAt: string
  /** The paid invoice's description. */
  description: string | null
  /** The guardian who paid by card (decisions §23); null for autopay, the office, or when not known. */
  paidByName: string | null
  /** A payment an administrator recorded as received outside the card form (method 'offline'; decisions §10). */
  offline: { method: OfflineMethod; receivedOn: string; note: string | null } | null
  /** A card payment refunded automatically because its invoice was already paid or voided (status 'refunded'). */
  refund: { refundId: string | null; refundedAt: string; reason: string } | null
  /**
   * A payment an administrator reversed (decisions §10): who, when and why. A card payment is
   * then also refunded (status 'refunded', `refund`); an offline one has status 'reversed'.
   */
  reversal: { reversedAt: string; reversedByName: string | null; reason: string } | null
}

/**
 * Keys of Payload's request context that let one server operation make one transition the hook
 * otherwise refuses; each holds the id of the invoice concerned. Nothing outside the server sets
 * a request's context (not /cms-api, not the contract), so only the recording and reversing
 * functions can use them.
 */
export const INVOICE_CONTEXT = {
  /** A payment is being recorded for this invoice: pending or overdue may become paid. */
  recordingPayment: 'academyRecordingPaymentFor',
  /** This invoice's payment is being reversed: paid may become pending. */
  reversingPayment: 'academyReversingPaymentFor',
} as const
