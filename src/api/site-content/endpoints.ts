import { defineEndpoint, stringParam } from '#api/http'
import { createSiteContent, deleteSiteContent, getSiteContent, listSiteContent, updateSiteContent } from './site-content-admin'
import { siteContentCache } from './site-content-cache'
import { siteContentCreateSchema, siteContentUpdateSchema } from './schemas'

/** Site texts (spec §7 "Content", decisions §6): public reads of published texts, admin writes. */
export const siteContentEndpoints = [
  // Without `?all=true` the same published texts for everyone: served from memory by the router while current.
  defineEndpoint('get', '/site-content', { role: 'public', servedFromMemory: { caches: [siteContentCache] } }, async ({ req, user }) =>
    listSiteContent(req, user, { includeUnpublished: req.searchParams?.get('all') === 'true' }),
  ),

  defineEndpoint('get', '/site-content/:key', { role: 'public' }, async ({ req, user }) => getSiteContent(req, user, stringParam(req, 'key'))),

  defineEndpoint('post', '/site-content', { role: 'admin', body: siteContentCreateSchema }, async ({ req, user, body }) =>
    Response.json(await createSiteContent(req, user, body), { status: 201 }),
  ),

  defineEndpoint('patch', '/site-content/:key', { role: 'admin', body: siteContentUpdateSchema }, async ({ req, user, body }) =>
    updateSiteContent(req, user, stringParam(req, 'key'), body),
  ),

  defineEndpoint('delete', '/site-content/:key', { role: 'admin' }, async ({ req, user }) => {
    await deleteSiteContent(req, user, stringParam(req, 'key'))
    return { message: 'Site text deleted.' }
  }),
]
