import { defineEndpoint, idParam } from '#api/http'
import { listAllInvoices, listInvoices } from './invoices'
import { deleteInvoice, issueInvoice, setInvoiceStatus } from './final-invoices'
import { markPaidOffline, voidInvoice } from './invoice-actions'
import { adminInvoiceListQuerySchema } from './invoice-list.schemas'
import { searchInvoices } from './invoice-search'
import { asksForPage } from '#api/lib/paging.schemas'
import { reversePayment } from './reverse-payment'
import { reversePaymentSchema } from './final.schemas'
import { createInvoiceSchema, markPaidOfflineSchema, updateInvoiceStatusSchema, voidInvoiceSchema } from './schemas'
import { creditAndLateFeeEndpoints } from './credit-endpoints'

/** Billing, spec §7: everyone reads their own invoices; only administrators list them all, issue, change or delete them. */
export const invoiceEndpoints = [
  defineEndpoint('get', '/invoices', { role: 'family', signedInReplay: {} }, async ({ req, user }) => listInvoices(req, user)),

  /** Spec §7's plain array; with any of its optional parameters (issue 23), one page of a search. */
  defineEndpoint('get', '/invoices/all', { role: 'admin', query: adminInvoiceListQuerySchema }, async ({ req, query }) =>
    asksForPage(query) ? searchInvoices(req, query) : listAllInvoices(req),
  ),

  defineEndpoint('post', '/invoices', { role: 'admin', body: createInvoiceSchema }, async ({ req, user, body }) =>
    Response.json(await issueInvoice(req, user, body), { status: 201 }),
  ),

  defineEndpoint('patch', '/invoices/:id/status', { role: 'admin', body: updateInvoiceStatusSchema }, async ({ req, user, body }) =>
    setInvoiceStatus(req, user, idParam(req), body.status),
  ),

  defineEndpoint('delete', '/invoices/:id', { role: 'admin' }, async ({ req }) => {
    await deleteInvoice(req, idParam(req))
    return { message: 'Invoice deleted.' }
  }),

  /** Decisions §10: void with a reason (never a paid invoice); record a payment received offline. */
  defineEndpoint('post', '/admin/invoices/:id/void', { role: 'admin', body: voidInvoiceSchema }, async ({ req, user, body }) =>
    voidInvoice(req, user, idParam(req), body),
  ),

  defineEndpoint('post', '/admin/invoices/:id/mark-paid', { role: 'admin', body: markPaidOfflineSchema }, async ({ req, user, body }) =>
    markPaidOffline(req, user, idParam(req), body),
  ),

  /** Issue 23: the one way back from paid, with a reason: the payment is reversed (a card one refunded), the invoice is pending again. */
  defineEndpoint('post', '/admin/invoices/:id/reverse-payment', { role: 'admin', body: reversePaymentSchema }, async ({ req, user, body }) =>
    reversePayment(req, user, idParam(req), body),
  ),

  ...creditAndLateFeeEndpoints,
]
