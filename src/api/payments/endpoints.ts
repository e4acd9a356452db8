import { defineEndpoint } from '#api/http'
import { listPayments, reportPayment } from './payments'
import { recordPaymentSchema } from './schemas'

export const paymentEndpoints = [
  defineEndpoint('get', '/payments', { role: 'family', signedInReplay: {} }, async ({ req, user }) => listPayments(req, user)),

  /** The browser reports a charge; the server records it only after checking it with Stripe. */
  defineEndpoint('post', '/payments', { role: 'family', body: recordPaymentSchema }, async ({ req, user, body }) => {
    const { payment, created } = await reportPayment(req, user, body)
    return Response.json(payment, { status: created ? 201 : 200 })
  }),
]
