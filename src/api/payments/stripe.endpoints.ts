import { defineEndpoint } from '#api/http'
import { createPaymentIntentForInvoice } from './payment-intents'
import { readPaymentSettings, savePaymentConfig, setPaymentsDisabled, toAdminStripeConfigDto, toPublicStripeConfigDto } from './payment-config'
import { requireStripe, retrieveStripeAccountName } from './stripe-adapter'
import { createPaymentIntentSchema, STRIPE_CONNECTION_FAILED, stripeConfigSchema, togglePaymentsSchema } from './schemas'
import { isAdminUser } from '#shared/roles'

export const stripeEndpoints = [
  /** Families see what the billing page needs; admins also see the masked secret key. */
  defineEndpoint('get', '/stripe/config', { role: 'family' }, async ({ req, user }) => {
    const settings = await readPaymentSettings(req.payload, req)
    return isAdminUser(user) ? toAdminStripeConfigDto(settings) : toPublicStripeConfigDto(settings)
  }),

  defineEndpoint('post', '/stripe/config', { role: 'admin', body: stripeConfigSchema }, async ({ req, body }) => savePaymentConfig(req, body)),

  defineEndpoint('post', '/stripe/test-connection', { role: 'admin' }, async ({ req }) => {
    const stripe = requireStripe(await readPaymentSettings(req.payload, req))
    try {
      return { success: true, accountName: await retrieveStripeAccountName(stripe) }
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error)
      return Response.json({ success: false, message: STRIPE_CONNECTION_FAILED, error: detail }, { status: 502 })
    }
  }),

  defineEndpoint('post', '/stripe/toggle-payments', { role: 'admin', body: togglePaymentsSchema }, async ({ req, body }) =>
    setPaymentsDisabled(req, body.paymentsDisabled),
  ),

  defineEndpoint('post', '/stripe/create-payment-intent', { role: 'family', body: createPaymentIntentSchema }, async ({ req, user, body }) =>
    createPaymentIntentForInvoice(req, user, body),
  ),
]
