import { loadStripe, type Stripe } from '@stripe/stripe-js'

/** Stripe.js is loaded once per publishable key for the life of the page (billing and account share it). */
const stripeLoads = new Map<string, Promise<Stripe | null>>()

export function loadStripeOnce(publicKey: string, onFailure: () => void): Promise<Stripe | null> {
  let load = stripeLoads.get(publicKey)
  if (!load) {
    load = loadStripe(publicKey)
    stripeLoads.set(publicKey, load)
  }
  return load.catch((error: unknown) => {
    console.error('[billing] Stripe.js could not be loaded', error)
    stripeLoads.delete(publicKey)
    onFailure()
    return null
  })
}
