import type { StripeStandIn } from './stripe-stand-in'

/** The keys an app under test is configured with (Stripe's test-mode shapes). */
export type StripeTestKeys = { secretKey: string; publishableKey: string; webhookSecret: string }

/** The environment that points an app under test at the Stripe stand-in with these keys. */
export function stripeStandInEnv(standIn: Pick<StripeStandIn, 'url'>, keys: StripeTestKeys): Record<string, string> {
  return {
    STRIPE_API_BASE: standIn.url,
    ACADEMY_ALLOW_STRIPE_STAND_IN: '1',
    STRIPE_SECRET_KEY: keys.secretKey,
    STRIPE_PUBLISHABLE_KEY: keys.publishableKey,
    STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
  }
}
