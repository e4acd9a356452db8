import { requireAdmin, requireUser } from '../auth'
import { defineEndpoint, idParam, readBody } from '../http'
import { createInvoice, deleteInvoice, listInvoices, setInvoiceStatus } from '../operations/invoices'
import { createInvoiceSchema, updateInvoiceStatusSchema } from '../schemas/invoices'

/** Billing, spec §7: a family reads its own invoices; only administrators issue, change or delete them. */
export const invoiceEndpoints = [
  defineEndpoint('get', '/invoices', async (req) => {
    requireUser(req)
    return listInvoices(req)
  }),

  defineEndpoint('post', '/invoices', async (req) => {
    requireAdmin(req)
    const input = await readBody(req, createInvoiceSchema)
    return Response.json(await createInvoice(req, input), { status: 201 })
  }),

  defineEndpoint('patch', '/invoices/:id/status', async (req) => {
    requireAdmin(req)
    const id = idParam(req)
    const { status } = await readBody(req, updateInvoiceStatusSchema)
    return setInvoiceStatus(req, id, status)
  }),

  defineEndpoint('delete', '/invoices/:id', async (req) => {
    requireAdmin(req)
    await deleteInvoice(req, idParam(req))
    return { message: 'Invoice deleted.' }
  }),
]
