import { requireUser } from '../auth'
import { defineEndpoint, readBody } from '../http'
import { listPayments, reportPayment } from '../operations/payments'
import { recordPaymentSchema } from '../schemas/payments'

export const paymentEndpoints = [
  defineEndpoint('get', '/payments', async (req) => listPayments(req, requireUser(req))),

  /** The browser reports a charge; the server records it only after checking it with Stripe. */
  defineEndpoint('post', '/payments', async (req) => {
    const user = requireUser(req)
    const { payment, created } = await reportPayment(req, user, await readBody(req, recordPaymentSchema))
    return Response.json(payment, { status: created ? 201 : 200 })
  }),
]
