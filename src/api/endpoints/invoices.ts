import { defineEndpoint, idParam } from '#api/http'
import { createInvoice, deleteInvoice, listInvoices, setInvoiceStatus } from '#api/operations/invoices'
import { createInvoiceSchema, updateInvoiceStatusSchema } from '#api/schemas/invoices'

/** Billing, spec §7: a family reads its own invoices; only administrators issue, change or delete them. */
export const invoiceEndpoints = [
  defineEndpoint('get', '/invoices', { role: 'family' }, async ({ req }) => listInvoices(req)),

  defineEndpoint('post', '/invoices', { role: 'admin', body: createInvoiceSchema }, async ({ req, body }) =>
    Response.json(await createInvoice(req, body), { status: 201 }),
  ),

  defineEndpoint('patch', '/invoices/:id/status', { role: 'admin', body: updateInvoiceStatusSchema }, async ({ req, body }) =>
    setInvoiceStatus(req, idParam(req), body.status),
  ),

  defineEndpoint('delete', '/invoices/:id', { role: 'admin' }, async ({ req }) => {
    await deleteInvoice(req, idParam(req))
    return { message: 'Invoice deleted.' }
  }),
]
