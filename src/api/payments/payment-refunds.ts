import type { Payload } from 'payload'
import Stripe from 'stripe'

import { AppError } from '#api/errors'
import { PAYMENTS_NOT_CONFIGURED } from './schemas'
import { readPaymentSettings } from './payment-config'
import { createRefund, stripeClient, stripeFailure } from './stripe-adapter'

/**
 * Refunds, at Stripe, a card payment that arrived for an invoice already paid or voided
 * (decisions §5): the money goes back in full, once. The idempotency key is the PaymentIntent's,
 * so the browser's report and every copy of the webhook ask for the same single refund.
 * Returns Stripe's refund id, or null when Stripe says the charge was already refunded (by hand
 * in the Dashboard, or after the key expired).
 */
export async function refundAtStripe(payload: Payload, intentId: string, metadata: Record<string, string>): Promise<string | null> {
  const settings = await readPaymentSettings(payload)
  if (!settings.secretKey) throw new AppError('UNAVAILABLE', PAYMENTS_NOT_CONFIGURED)
  try {
    const refund = await createRefund(
      stripeClient(settings.secretKey),
      { payment_intent: intentId, reason: 'duplicate', metadata },
      `academy-refund-${intentId}`,
    )
    return refund.id
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded') return null
    throw stripeFailure(error)
  }
}

/**
 * Refunds, at Stripe, a card payment an administrator reverses (decisions §10): in full, once per
 * payment row (the idempotency key is the row's, so a retry after a failed write gets Stripe's
 * first refund back). Returns Stripe's refund id, or null when the charge was already refunded.
 */
export async function refundReversedPayment(payload: Payload, payment: { id: number; intentId: string; invoiceId: number }): Promise<string | null> {
  const settings = await readPaymentSettings(payload)
  if (!settings.secretKey) throw new AppError('UNAVAILABLE', PAYMENTS_NOT_CONFIGURED)
  try {
    const refund = await createRefund(
      stripeClient(settings.secretKey),
      { payment_intent: payment.intentId, reason: 'requested_by_customer', metadata: { invoiceId: String(payment.invoiceId), reason: 'payment-reversed' } },
      `academy-reversal-${payment.id}`,
    )
    return refund.id
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded') return null
    throw stripeFailure(error)
  }
}
