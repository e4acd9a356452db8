import { requireAdmin } from '../auth'
import { defineEndpoint, readBody, stringParam } from '../http'
import { createSiteContent, deleteSiteContent, getSiteContent, listSiteContent, updateSiteContent } from '../operations/site-content-admin'
import { siteContentCreateSchema, siteContentUpdateSchema } from '../schemas/site-content'

/** Site texts (spec §7 "Content", decisions §6): public reads of published texts, admin writes. */
export const siteContentEndpoints = [
  defineEndpoint('get', '/site-content', async (req) =>
    listSiteContent(req, { includeUnpublished: req.searchParams?.get('all') === 'true' }),
  ),

  defineEndpoint('get', '/site-content/:key', async (req) => getSiteContent(req, stringParam(req, 'key'))),

  defineEndpoint('post', '/site-content', async (req) => {
    const user = requireAdmin(req)
    const input = await readBody(req, siteContentCreateSchema)
    return Response.json(await createSiteContent(req, user, input), { status: 201 })
  }),

  defineEndpoint('patch', '/site-content/:key', async (req) => {
    const user = requireAdmin(req)
    const input = await readBody(req, siteContentUpdateSchema)
    return updateSiteContent(req, user, stringParam(req, 'key'), input)
  }),

  defineEndpoint('delete', '/site-content/:key', async (req) => {
    const user = requireAdmin(req)
    await deleteSiteContent(req, user, stringParam(req, 'key'))
    return { message: 'Site text deleted.' }
  }),
]
