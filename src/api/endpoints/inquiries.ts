import { requireAdmin } from '../auth'
import { defineEndpoint, idParam, readBody } from '../http'
import { listInquiries, markInquiryAddressed, submitInquiry } from '../operations/inquiries'
import { inquiryInputSchema } from '../schemas/inquiries'

/** The contact form and its admin inbox (spec §7 "Content, inquiries"). */
export const inquiryEndpoints = [
  defineEndpoint('post', '/inquiries', async (req) => {
    const input = await readBody(req, inquiryInputSchema)
    return Response.json(await submitInquiry(req, input), { status: 201 })
  }),

  defineEndpoint('get', '/inquiries', async (req) => listInquiries(req, requireAdmin(req))),

  defineEndpoint('patch', '/inquiries/:id/mark-addressed', async (req) => {
    const user = requireAdmin(req)
    return markInquiryAddressed(req, user, idParam(req))
  }),
]
