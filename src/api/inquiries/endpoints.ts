import { defineEndpoint, idParam } from '#api/http'
import { listInquiries, markInquiryAddressed, submitInquiry } from './inquiries'
import { inquiryInputSchema } from './schemas'

/** The contact form and its admin inbox (spec §7 "Content, inquiries"). */
export const inquiryEndpoints = [
  defineEndpoint('post', '/inquiries', { role: 'public', body: inquiryInputSchema }, async ({ req, body }) =>
    Response.json(await submitInquiry(req, body), { status: 201 }),
  ),

  defineEndpoint('get', '/inquiries', { role: 'admin' }, async ({ req, user }) => listInquiries(req, user)),

  defineEndpoint('patch', '/inquiries/:id/mark-addressed', { role: 'admin' }, async ({ req, user }) => markInquiryAddressed(req, user, idParam(req))),
]
