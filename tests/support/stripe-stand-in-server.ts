/**
 * The local Stripe API stand-in as a process of its own, for Playwright runs: the app's server
 * (STRIPE_API_BASE) and the browser's Stripe.js stand-in (through page.route) both talk to it,
 * so the test cards behave the same on both sides. `STRIPE_STAND_IN_PORT` picks the port.
 */
import { startStripeStandIn } from './stripe-stand-in'

const port = Number(process.env.STRIPE_STAND_IN_PORT ?? 3112)
const secretKeys = process.env.STRIPE_STAND_IN_SECRET_KEYS?.split(',').filter(Boolean)

const standIn = await startStripeStandIn({ port, secretKeys })
console.log(`[stripe stand-in] listening on ${standIn.url}`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void standIn.close().finally(() => process.exit(0)))
}
