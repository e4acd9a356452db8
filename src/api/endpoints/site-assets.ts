import { requireAdmin } from '../auth'
import { defineEndpoint, stringParam } from '../http'
import { deleteSiteAsset, getSiteAsset, putSiteAsset, readImageUpload, readSiteAssetFile } from '../operations/site-assets'
import { SITE_ASSET_MESSAGES } from '../schemas/site-assets'

/**
 * Site images (decisions §6), such as the hero image under `landing.hero.image`. The router
 * allows bodies up to 6 MB on these paths only; the 5 MB rule for the image is checked here.
 */
export const siteAssetEndpoints = [
  // Two segments, so it never collides with a key (one segment, no slash).
  defineEndpoint('get', '/site-assets/file/:filename', async (req) => readSiteAssetFile(req, stringParam(req, 'filename'))),

  defineEndpoint('get', '/site-assets/:key', async (req) => getSiteAsset(req, stringParam(req, 'key'))),

  defineEndpoint('post', '/site-assets/:key', async (req) => {
    const user = requireAdmin(req)
    const upload = await readImageUpload(req)
    const { created, asset } = await putSiteAsset(req, user, stringParam(req, 'key'), upload)
    return Response.json(asset, { status: created ? 201 : 200 })
  }),

  defineEndpoint('delete', '/site-assets/:key', async (req) => {
    const user = requireAdmin(req)
    await deleteSiteAsset(req, user, stringParam(req, 'key'))
    return { message: SITE_ASSET_MESSAGES.removed }
  }),
]
