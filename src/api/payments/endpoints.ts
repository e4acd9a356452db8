import { isAdminUser } from '#api/auth'
import { forbidden } from '#api/errors'
import { defineEndpoint } from '#api/http'
import { PAYMENT_LIST_MESSAGES, paymentListQuerySchema } from './payment-list.schemas'
import { listPayments, reportPayment } from './payments'
import { recordPaymentSchema } from './schemas'

export const paymentEndpoints = [
  // Issue 23: `invoiceIds` narrows an administrator's list to the invoices on screen.
  defineEndpoint('get', '/payments', { role: 'family', query: paymentListQuerySchema, signedInReplay: {} }, async ({ req, user, query }) => {
    if (query.invoiceIds && !isAdminUser(user)) throw forbidden(PAYMENT_LIST_MESSAGES.adminOnly)
    return listPayments(req, user, query.invoiceIds)
  }),

  /** The browser reports a charge; the server records it only after checking it with Stripe. */
  defineEndpoint('post', '/payments', { role: 'family', body: recordPaymentSchema }, async ({ req, user, body }) => {
    const { payment, created } = await reportPayment(req, user, body)
    return Response.json(payment, { status: created ? 201 : 200 })
  }),
]
