import type { PayloadRequest } from 'payload'
import type Stripe from 'stripe'

import { AppError, badInput } from '#api/errors'
import { saveCardFromWebhook, settleAutopayFromWebhook } from '#api/autopay'
import { readPaymentSettings, recordFailedIntent, recordSucceededIntent, verifyWebhookEvent } from '#api/payments'

/**
 * POST /api/stripe/webhook (Stripe calls it, nobody signs in): the event is believed only when
 * its `stripe-signature` matches the raw body under STRIPE_WEBHOOK_SECRET. A signed event about
 * a charge we cannot match to its invoice is acknowledged and logged (Stripe would otherwise
 * retry it for days); it never marks anything paid.
 */
export async function handleStripeWebhook(req: PayloadRequest): Promise<{ received: true }> {
  // An unsigned call is refused as such before anything else: only a signed one can be Stripe's.
  const signature = req.headers.get('stripe-signature')
  const rawBody = req.text ? await req.text() : ''
  if (!signature || !rawBody) throw badInput('Invalid signature')
  // Signed, but no secret to check it with: Stripe retries a 503 until the academy configures one.
  const { webhookSecret } = await readPaymentSettings(req.payload, req)
  if (!webhookSecret) throw new AppError('UNAVAILABLE', 'Stripe webhooks are not configured.')

  let event: Stripe.Event
  try {
    event = verifyWebhookEvent(rawBody, signature, webhookSecret)
  } catch {
    throw badInput('Invalid signature')
  }

  if (event.type === 'payment_intent.succeeded') {
    try {
      await recordSucceededIntent(req.payload, event.data.object)
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error
      req.payload.logger.warn(`[payments] webhook ${event.id}: succeeded PaymentIntent ${event.data.object.id} not recorded: ${error.message}`)
      return { received: true }
    }
    // An autopay charge that was still processing when the job made it (decisions §12).
    await settleAutopayFromWebhook(req.payload, event.data.object, 'succeeded')
  } else if (event.type === 'payment_intent.payment_failed') {
    const recorded = await recordFailedIntent(req.payload, event.data.object)
    if (!recorded) req.payload.logger.warn(`[payments] webhook ${event.id}: failed PaymentIntent ${event.data.object.id} matches no invoice of its family`)
    else await settleAutopayFromWebhook(req.payload, event.data.object, 'failed')
  } else if (event.type === 'setup_intent.succeeded') {
    // A card saved for autopay (decisions §12), also when the family closed the page before reporting it.
    try {
      await saveCardFromWebhook(req.payload, event.data.object)
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error
      req.payload.logger.warn(`[autopay] webhook ${event.id}: SetupIntent ${event.data.object.id} not saved: ${error.message}`)
    }
  }
  return { received: true }
}
