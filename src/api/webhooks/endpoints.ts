import { defineEndpoint } from '#api/http'
import { handleStripeWebhook } from './stripe-webhook'

/**
 * Stripe's events, routed to the slices that own them (payments settle intents, autopay saves
 * cards and settles its charges). A slice of its own so that payments and autopay do not
 * import each other.
 */
export const webhookEndpoints = [
  // Stripe calls it, nobody signs in: the signature on the raw body is the authentication.
  defineEndpoint('post', '/stripe/webhook', { role: 'public' }, async ({ req }) => handleStripeWebhook(req)),
]
