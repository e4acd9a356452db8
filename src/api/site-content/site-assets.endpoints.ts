import { defineEndpoint, stringParam } from '#api/http'
import { deleteSiteAsset, getSiteAsset, putSiteAsset, readImageUpload, readSiteAssetFile } from './site-assets'
import { SITE_ASSET_MESSAGES } from './site-assets.schemas'

/**
 * Site images (decisions §6), such as the hero image under `landing.hero.image`. The router
 * allows bodies up to 6 MB on these paths only; the 5 MB rule for the image is checked here.
 */
export const siteAssetEndpoints = [
  // Two segments, so it never collides with a key (one segment, no slash).
  defineEndpoint('get', '/site-assets/file/:filename', { role: 'public' }, async ({ req }) => readSiteAssetFile(req, stringParam(req, 'filename'))),

  defineEndpoint('get', '/site-assets/:key', { role: 'public' }, async ({ req }) => getSiteAsset(req, stringParam(req, 'key'))),

  defineEndpoint('post', '/site-assets/:key', { role: 'admin' }, async ({ req, user }) => {
    const upload = await readImageUpload(req)
    const { created, asset } = await putSiteAsset(req, user, stringParam(req, 'key'), upload)
    return Response.json(asset, { status: created ? 201 : 200 })
  }),

  defineEndpoint('delete', '/site-assets/:key', { role: 'admin' }, async ({ req, user }) => {
    await deleteSiteAsset(req, user, stringParam(req, 'key'))
    return { message: SITE_ASSET_MESSAGES.removed }
  }),
]
