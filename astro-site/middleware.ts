import { defineMiddleware } from 'astro:middleware'

import { catalogueCache, listClasses } from '#api/classes'
import { siteContentCache } from '#api/site-content'
import { getAppContext } from '#server/context.server'
import { generationOf, keepVisitorPage } from '#server/visitor-page-cache.server'
import { capturePage, compressStreaming, PageCache, pageResponse, visitorAnswers } from './lib/page-cache'
import { loadSiteTexts } from './lib/site'
import { hasSessionCookie, loadViewer } from './lib/viewer'

const pageCache = new PageCache()

/** The memo caches every public page is rendered from (pageData below). */
const PAGE_CACHES = [siteContentCache.name, catalogueCache.name]

/** What every public page is rendered from; a new object after any edit (see lib/page-cache.ts). */
async function pageData(): Promise<unknown[]> {
  return Promise.all([loadSiteTexts(), listClasses(getAppContext().payload)])
}

/**
 * Every page knows who is looking (`locals.viewer`: nav variant, admin controls, the /auth
 * redirect). Pages that read the same for every visitor set `locals.shareable`; for requests
 * without a session their HTML is kept, compressed, until the site texts or classes change.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const { request } = context
  const acceptEncoding = request.headers.get('accept-encoding')
  context.locals.shareable = false
  if (context.isPrerendered || request.method !== 'GET' || hasSessionCookie(request)) {
    context.locals.viewer = context.isPrerendered ? null : await loadViewer(request)
    return compressStreaming(await next(), acceptEncoding)
  }

  context.locals.viewer = null
  const key = context.url.pathname + context.url.search
  // Taken before the data is read: a page rendered across an edit is not handed to the router.
  const generation = generationOf(PAGE_CACHES)
  const data = await pageData()
  const hit = pageCache.get(key, data)
  if (hit) return pageResponse(hit, acceptEncoding, 'hit')

  const response = await next()
  if (!context.locals.shareable || response.status !== 200 || response.headers.has('set-cookie')) return compressStreaming(response, acceptEncoding)
  const page = await capturePage(response, data)
  pageCache.set(key, page)
  // The router answers the next visitors itself (src/server/visitor-page-cache.server.ts).
  keepVisitorPage(key, PAGE_CACHES, generation, visitorAnswers(page))
  return pageResponse(page, acceptEncoding, 'miss')
})
