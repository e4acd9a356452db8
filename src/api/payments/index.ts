export { cancelOpenCardIntents } from './card-intents'
export { readPaymentSettings } from './payment-config'
export { recordFailedIntent, recordSucceededIntent } from './payment-recording'
export { refundReversedPayment } from './payment-refunds'
export { toPaymentDto } from './payments'
export {
  createCustomer,
  createPaymentIntent,
  createSetupIntent,
  detachPaymentMethod,
  requireStripe,
  retrievePaymentMethod,
  retrieveSetupIntent,
  stripeClient,
  stripeFailure,
  verifyWebhookEvent,
} from './stripe-adapter'
export { paymentEndpoints } from './endpoints'
export { stripeEndpoints } from './stripe.endpoints'
