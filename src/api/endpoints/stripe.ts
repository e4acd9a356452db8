import { isAdminUser, requireAdmin, requireUser } from '../auth'
import { defineEndpoint, readBody } from '../http'
import { createPaymentIntentForInvoice } from '../operations/payment-intents'
import { readPaymentSettings, savePaymentConfig, setPaymentsDisabled, toAdminStripeConfigDto, toPublicStripeConfigDto } from '../operations/payment-config'
import { requireStripe, retrieveStripeAccountName } from '../operations/stripe-client'
import { handleStripeWebhook } from '../operations/stripe-webhook'
import { createPaymentIntentSchema, STRIPE_CONNECTION_FAILED, stripeConfigSchema, togglePaymentsSchema } from '../schemas/payments'

export const stripeEndpoints = [
  /** Families see what the billing page needs; admins also see the masked secret key. */
  defineEndpoint('get', '/stripe/config', async (req) => {
    const user = requireUser(req)
    const settings = await readPaymentSettings(req.payload, req)
    return isAdminUser(user) ? toAdminStripeConfigDto(settings) : toPublicStripeConfigDto(settings)
  }),

  defineEndpoint('post', '/stripe/config', async (req) => {
    requireAdmin(req)
    return savePaymentConfig(req, await readBody(req, stripeConfigSchema))
  }),

  defineEndpoint('post', '/stripe/test-connection', async (req) => {
    requireAdmin(req)
    const stripe = requireStripe(await readPaymentSettings(req.payload, req))
    try {
      return { success: true, accountName: await retrieveStripeAccountName(stripe) }
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error)
      return Response.json({ success: false, message: STRIPE_CONNECTION_FAILED, error: detail }, { status: 502 })
    }
  }),

  defineEndpoint('post', '/stripe/toggle-payments', async (req) => {
    requireAdmin(req)
    const { paymentsDisabled } = await readBody(req, togglePaymentsSchema)
    return setPaymentsDisabled(req, paymentsDisabled)
  }),

  defineEndpoint('post', '/stripe/create-payment-intent', async (req) => {
    const user = requireUser(req)
    return createPaymentIntentForInvoice(req, user, await readBody(req, createPaymentIntentSchema))
  }),

  defineEndpoint('post', '/stripe/webhook', async (req) => handleStripeWebhook(req)),
]
