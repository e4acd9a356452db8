import { randomBytes } from 'node:crypto'
import { readFile, realpath } from 'node:fs/promises'
import path from 'node:path'

import type { PayloadRequest, SanitizedCollectionConfig, TypeWithID } from 'payload'
import sharp from 'sharp'

import type { SiteAsset, User } from '#cms/payload-types'
import { AppError, badInput, notFound, unavailable } from '#api/errors'
import { refuseNul } from '#api/http'
import { SITE_CONTENT_KEY_PATTERN } from './schemas'
import { SITE_ASSET_ALT_MAX, SITE_ASSET_MAX_BYTES, SITE_ASSET_MAX_PIXELS, SITE_ASSET_MESSAGES, type SiteAssetDto } from './site-assets.schemas'
import { detectImageType, EXTENSION_OF_TYPE, servedContentType, toSiteAssetDto } from './site-asset-files'

const isValidKey = (key: string) => key.length <= 120 && SITE_CONTENT_KEY_PATTERN.test(key)

async function findAsset(req: PayloadRequest, key: string): Promise<SiteAsset | null> {
  if (!isValidKey(key)) return null
  const result = await req.payload.find({ collection: 'site-assets', where: { key: { equals: key } }, limit: 1, depth: 0, overrideAccess: true, req })
  return (result.docs[0] as SiteAsset | undefined) ?? null
}

function dtoOrNotFound(doc: SiteAsset | null): SiteAssetDto {
  const dto = doc ? toSiteAssetDto(doc) : null
  if (!dto) throw notFound(SITE_ASSET_MESSAGES.notFound)
  return dto
}

export async function getSiteAsset(req: PayloadRequest, key: string): Promise<SiteAssetDto> {
  return dtoOrNotFound(await findAsset(req, key))
}

export type ImageUpload = { bytes: Buffer; alt: string | undefined }

/** Reads the multipart body: the `file` field (an image of at most 5 MB) and an optional `alt`. */
export async function readImageUpload(req: PayloadRequest): Promise<ImageUpload> {
  const contentType = req.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !req.formData) throw badInput(SITE_ASSET_MESSAGES.notMultipart)
  let form: FormData
  try {
    form = await req.formData()
  } catch {
    throw badInput(SITE_ASSET_MESSAGES.notMultipart)
  }
  // The form's text fields and the file's name meet the NUL rule every JSON body meets.
  refuseNul([...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]))
  const file = form.get('file')
  if (!file || typeof file === 'string') throw badInput(SITE_ASSET_MESSAGES.missingFile, [{ path: 'file', message: SITE_ASSET_MESSAGES.missingFile }])
  if (file.size > SITE_ASSET_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', SITE_ASSET_MESSAGES.tooLarge)
  if (file.size === 0) throw badInput(SITE_ASSET_MESSAGES.wrongType, [{ path: 'file', message: SITE_ASSET_MESSAGES.wrongType }])
  const rawAlt = form.get('alt')
  const alt = typeof rawAlt === 'string' ? rawAlt.trim() : undefined
  if (alt !== undefined && alt.length > SITE_ASSET_ALT_MAX)
    throw badInput(SITE_ASSET_MESSAGES.altTooLong, [{ path: 'alt', message: SITE_ASSET_MESSAGES.altTooLong }])
  return { bytes: Buffer.from(await file.arrayBuffer()), alt }
}

/**
 * Checks an upload is what it claims before Payload decodes it: the type from its bytes
 * (never from its name or declared type), a decodable image, and a bounded pixel count.
 */
async function checkImage(bytes: Buffer) {
  const type = detectImageType(bytes)
  const wrongType = () => badInput(SITE_ASSET_MESSAGES.wrongType, [{ path: 'file', message: SITE_ASSET_MESSAGES.wrongType }])
  if (!type) throw wrongType()
  let width = 0
  let height = 0
  try {
    // The header alone (no decode): every frame of an animated image counts.
    const header = await sharp(bytes, { limitInputPixels: false }).metadata()
    width = header.width ?? 0
    height = header.height ?? 0
    if (width * height * (header.pages ?? 1) > SITE_ASSET_MAX_PIXELS) throw badInput(SITE_ASSET_MESSAGES.tooManyPixels)
    // A full decode of a small rendition: catches truncated or corrupt files here, as a 400.
    // Every frame, and sharp itself refuses more pixels than the limit should the header understate them.
    await sharp(bytes, { limitInputPixels: SITE_ASSET_MAX_PIXELS, pages: -1 }).resize(32, 32, { fit: 'inside' }).toBuffer()
  } catch (error) {
    if (error instanceof AppError) throw error
    throw wrongType()
  }
  if (!width || !height) throw wrongType()
  return type
}

/**
 * Admin: creates or replaces the image stored under `key`. Payload re-encodes it to WebP in
 * responsive sizes (the collection's upload config) and, on replace, deletes the old files.
 * Each upload gets a fresh file name, so the served files can be cached as immutable.
 */
export async function putSiteAsset(req: PayloadRequest, user: User, key: string, upload: ImageUpload): Promise<{ created: boolean; asset: SiteAssetDto }> {
  if (!isValidKey(key)) throw badInput('Invalid image key.')
  const type = await checkImage(upload.bytes)
  const slug =
    key
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'image'
  const file = { data: upload.bytes, mimetype: type, name: `${slug}-${randomBytes(6).toString('hex')}.${EXTENSION_OF_TYPE[type]}`, size: upload.bytes.length }

  const existing = await findAsset(req, key)
  if (existing) {
    const doc = await req.payload.update({
      collection: 'site-assets',
      id: existing.id,
      data: upload.alt !== undefined ? { content: upload.alt } : {},
      file,
      depth: 0,
      overrideAccess: false,
      user,
      req,
    })
    return { created: false, asset: dtoOrNotFound(doc as SiteAsset) }
  }
  const doc = await req.payload.create({
    collection: 'site-assets',
    data: { key, assetType: 'image', content: upload.alt ?? '' },
    file,
    depth: 0,
    overrideAccess: false,
    user,
    req,
  })
  return { created: true, asset: dtoOrNotFound(doc as SiteAsset) }
}

/** Admin: removes the image and its files; the page falls back to its built-in picture. */
export async function deleteSiteAsset(req: PayloadRequest, user: User, key: string): Promise<void> {
  const existing = await findAsset(req, key)
  if (!existing) throw notFound(SITE_ASSET_MESSAGES.notFound)
  await req.payload.delete({ collection: 'site-assets', id: existing.id, overrideAccess: false, user, req })
}

function uploadDir(req: PayloadRequest): string {
  const upload = req.payload.collections['site-assets'].config.upload
  // turbopackIgnore: the folder is known only at run time; without it Next's build traces the whole project.
  return path.resolve(/* turbopackIgnore: true */ upload.staticDir || '.')
}

const IMMUTABLE_IMAGE_HEADERS = { 'cache-control': 'public, max-age=31536000, immutable', 'content-disposition': 'inline' }

/**
 * One stored file of a site image: only plain generated names with an image extension, cached
 * as immutable (every upload gets a fresh name). From the bucket when the collection keeps its
 * files in object storage, else from the upload folder.
 */
export async function readSiteAssetFile(req: PayloadRequest, filename: string): Promise<Response> {
  const contentType = servedContentType(filename)
  if (!contentType) throw notFound('File not found.')
  const upload = req.payload.collections['site-assets'].config.upload
  return upload.disableLocalStorage ? readStoredObject(req, upload.handlers ?? [], filename, contentType) : readLocalFile(req, filename, contentType)
}

/** From the upload folder: only inside it (symlinks included). */
async function readLocalFile(req: PayloadRequest, filename: string, contentType: string): Promise<Response> {
  const missing = () => notFound('File not found.')
  const dir = uploadDir(req)
  let body: Buffer
  try {
    const [realDir, realFile] = await Promise.all([realpath(/* turbopackIgnore: true */ dir), realpath(/* turbopackIgnore: true */ path.join(dir, filename))])
    if (path.dirname(realFile) !== realDir) throw missing()
    body = await readFile(/* turbopackIgnore: true */ realFile)
  } catch {
    throw missing()
  }
  return new Response(new Uint8Array(body), { status: 200, headers: { 'content-type': contentType, ...IMMUTABLE_IMAGE_HEADERS } })
}

type UploadHandler = NonNullable<SanitizedCollectionConfig['upload']['handlers']>[number]

/**
 * From object storage, through the storage adapter's own handler (storage-s3's, which streams
 * the object and answers ranges and If-None-Match). It is handed the file name alone: every
 * object lies at its name, deleted objects are gone from the bucket, and so an image is served
 * without asking the database, as from the folder (and during a database outage too).
 */
async function readStoredObject(req: PayloadRequest, handlers: UploadHandler[], filename: string, contentType: string): Promise<Response> {
  for (const handler of handlers) {
    // A document stands for the lookup the adapter would otherwise make (its `prefix`, unused here).
    const doc: TypeWithID & { filename: string } = { id: 0, filename }
    let answer: unknown
    try {
      answer = await handler(req, { doc, params: { collection: 'site-assets', filename } })
    } catch (error) {
      // A bucket out of reach is worth another try in a moment, like a database out of reach.
      req.payload.logger.warn({ err: error, filename }, 'object storage could not be read')
      throw unavailable()
    }
    if (!(answer instanceof Response)) continue
    if (answer.status === 404) throw notFound('File not found.')
    if (answer.status !== 200 && answer.status !== 206 && answer.status !== 304 && answer.status !== 416) {
      req.payload.logger.warn({ status: answer.status, filename }, 'object storage answered an error')
      throw unavailable()
    }
    const headers = new Headers({ 'content-type': contentType, ...IMMUTABLE_IMAGE_HEADERS })
    for (const name of ['etag', 'content-range', 'accept-ranges']) {
      const value = answer.headers.get(name)
      if (value) headers.set(name, value)
    }
    return new Response(answer.body, { status: answer.status, headers })
  }
  throw notFound('File not found.')
}
