import type { PaymentIntent, Stripe, StripeCardElement, StripeError } from '@stripe/stripe-js'

import { ApiError } from '#islands/lib/http'

/** Timings of the card box (spec §9). */
export const CARD_MOUNT_DELAY_MS = 750
export const READINESS_CHECK_MS = 1000
export const CARD_ELEMENT_EXTRA_WAIT_MS = 2000

/** Every message of the payment flow (spec §8 "Payment"), in one place. */
export const PAYMENT_MESSAGES = {
  missingTitle: 'Missing Information',
  missing: 'Please select an invoice to pay.',
  notReadyTitle: 'Payment System Not Ready',
  notReady: 'Please wait for the payment system to fully load and try again.',
  formNotLoaded: 'Payment form not properly loaded. Please refresh the page and try again.',
  intentFailed: 'Failed to create payment intent',
  declined: 'Your card was declined. Please use a different payment method.',
  authenticationRequired: 'This card requires authentication. In a real environment, you would be redirected to authenticate.',
  cardErrorFallback: 'Your card was declined',
  confirmationFailed: (message: string) => `Payment confirmation failed: ${message}`,
  noResult: 'Payment confirmation failed with no result',
  failed: 'Payment failed',
  statusFailed: (status: string) => `Payment failed with status: ${status}`,
  failedTitle: 'Payment Failed',
  failedFallback: 'There was an error processing your payment. Please try again.',
  successTitle: 'Payment Successful',
} as const

/** A payment that did not go through, with the sentence the family sees. */
export class PaymentFailure extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PaymentFailure'
  }
}

/** A card problem reported by Stripe (spec §8): declined, authentication, or Stripe's own sentence. */
export function cardErrorMessage(error: Pick<StripeError, 'type' | 'code' | 'message'>): string {
  if (error.code === 'card_declined') return PAYMENT_MESSAGES.declined
  if (error.code === 'authentication_required') return PAYMENT_MESSAGES.authenticationRequired
  return error.message || PAYMENT_MESSAGES.cardErrorFallback
}

/** What confirming the payment reported: card errors as above, anything else as a confirmation failure. */
export function confirmationErrorMessage(error: Pick<StripeError, 'type' | 'code' | 'message'>): string {
  if (error.type === 'card_error' || error.code === 'card_declined' || error.code === 'authentication_required') return cardErrorMessage(error)
  return PAYMENT_MESSAGES.confirmationFailed(error.message || PAYMENT_MESSAGES.failed)
}

/** The text under the 'Payment Failed' title for any error the flow raised. */
export function paymentFailureText(error: unknown): string {
  if (error instanceof PaymentFailure) return error.message
  if (error instanceof Error && error.message) return error.message
  return PAYMENT_MESSAGES.failedFallback
}

export type CardPaymentRequest = {
  stripe: Pick<Stripe, 'createPaymentMethod' | 'confirmCardPayment' | 'handleCardAction'>
  card: StripeCardElement
  invoiceId: number
  amount: number
  cardholderName: string
  /** POST /api/stripe/create-payment-intent. */
  createIntent: (input: { invoiceId: number; amount: number }) => Promise<{ clientSecret: string; paymentIntentId: string }>
  /** POST /api/payments: the server verifies the intent with Stripe, records it and marks the invoice paid. */
  recordPayment: (input: { invoiceId: number; paymentIntentId: string; cardholderName: string }) => Promise<unknown>
  /** Where a failed report after a successful charge goes (spec §4 step 6: only logged). */
  logError?: (message: string, error: unknown) => void
}

export type CardPaymentResult = { paymentIntentId: string; recorded: boolean }

type ConfirmResult = { paymentIntent?: PaymentIntent; error?: StripeError } | null | undefined

function settledIntent(result: ConfirmResult): PaymentIntent {
  if (!result) throw new PaymentFailure(PAYMENT_MESSAGES.noResult)
  if (result.error) throw new PaymentFailure(confirmationErrorMessage(result.error))
  if (!result.paymentIntent) throw new PaymentFailure(PAYMENT_MESSAGES.noResult)
  return result.paymentIntent
}

async function confirmStep(run: () => Promise<ConfirmResult>): Promise<PaymentIntent> {
  let result: ConfirmResult
  try {
    result = await run()
  } catch (error) {
    throw new PaymentFailure(PAYMENT_MESSAGES.confirmationFailed(error instanceof Error && error.message ? error.message : PAYMENT_MESSAGES.failed))
  }
  return settledIntent(result)
}

/**
 * The card payment flow of spec §4: (1) a payment method from the card box, (2) a PaymentIntent
 * from our server for the invoice, (3) Stripe confirms the card (3D Secure included), (4–5) only
 * 'succeeded' counts, (6) then the server is told, and a failure of that report is only logged:
 * the charge went through, and Stripe's webhook records it on the server anyway.
 */
export async function payInvoiceByCard(request: CardPaymentRequest): Promise<CardPaymentResult> {
  const { stripe, card, invoiceId, amount, cardholderName } = request

  const created = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { name: cardholderName } })
  if (created.error)
    throw new PaymentFailure(created.error.type === 'card_error' ? cardErrorMessage(created.error) : created.error.message || PAYMENT_MESSAGES.failed)
  const paymentMethod = created.paymentMethod

  let intent: { clientSecret: string; paymentIntentId: string }
  try {
    intent = await request.createIntent({ invoiceId, amount })
  } catch (error) {
    throw new PaymentFailure(error instanceof ApiError && error.serverMessage ? error.serverMessage : PAYMENT_MESSAGES.intentFailed)
  }
  if (!intent?.clientSecret) throw new PaymentFailure(PAYMENT_MESSAGES.intentFailed)

  let confirmed = await confirmStep(() => stripe.confirmCardPayment(intent.clientSecret, { payment_method: paymentMethod.id }))
  // Stripe.js normally runs 3D Secure inside confirmCardPayment; an intent still waiting for it is handled here.
  if (confirmed.status === 'requires_action') confirmed = await confirmStep(() => stripe.handleCardAction(intent.clientSecret))
  if (confirmed.status !== 'succeeded') throw new PaymentFailure(PAYMENT_MESSAGES.statusFailed(confirmed.status))

  try {
    await request.recordPayment({ invoiceId, paymentIntentId: confirmed.id, cardholderName })
    return { paymentIntentId: confirmed.id, recorded: true }
  } catch (error) {
    ;(request.logError ?? console.error)(`[billing] payment ${confirmed.id} succeeded but could not be reported to the server`, error)
    return { paymentIntentId: confirmed.id, recorded: false }
  }
}

/** The card box's element, waiting once more (spec §9: 2000 ms) when it is not mounted yet. */
export async function waitForCardElement<T>(
  find: () => T | null,
  waitMs = CARD_ELEMENT_EXTRA_WAIT_MS,
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  const found = find()
  if (found) return found
  await sleep(waitMs)
  const late = find()
  if (!late) throw new PaymentFailure(PAYMENT_MESSAGES.formNotLoaded)
  return late
}
