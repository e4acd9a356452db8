import type { SiteAsset } from '#cms/payload-types'
import type { SiteAssetDto } from './site-assets.schemas'

/**
 * Where the files of site images are served: by our own endpoint, under names that change
 * on every upload, so they can be cached forever. (Payload also serves them at
 * /cms-api/site-assets/file/…, but only through the Next app, which not every process has.)
 */
export const SITE_ASSET_FILE_ROUTE = '/api/site-assets/file/'

export function siteAssetFileUrl(filename: string): string {
  return SITE_ASSET_FILE_ROUTE + encodeURIComponent(filename)
}

/** The content types we serve, by extension; anything else in the folder is not ours to serve. */
const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
}

/**
 * The content type of a file name we generated, or null for anything else: a plain name
 * (no path separators, no leading dot, no `..`) with an image extension.
 */
export function servedContentType(filename: string): string | null {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/.test(filename) || filename.includes('..')) return null
  const extension = filename.slice(filename.lastIndexOf('.') + 1).toLowerCase()
  return CONTENT_TYPE_BY_EXTENSION[extension] ?? null
}

export type UploadedImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/avif'

/**
 * The real type of an upload, from its first bytes (the browser's declared type and the
 * file name are the client's word only). AVIF is an ISO-BMFF `ftyp` box whose major or
 * compatible brand is `avif`/`avis`.
 */
export function detectImageType(bytes: Uint8Array): UploadedImageType | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'image/png'
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp'
  if (bytes.length >= 16 && ascii(4, 8) === 'ftyp') {
    const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0
    const end = Math.min(bytes.length, boxSize >= 16 ? boxSize : 16, 256)
    const brands = [ascii(8, 12)]
    for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(at, at + 4))
    if (brands.some((brand) => brand === 'avif' || brand === 'avis')) return 'image/avif'
  }
  return null
}

export const EXTENSION_OF_TYPE: Record<UploadedImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
}

type SizeEntry = { filename?: string | null; width?: number | null }

/** The shape a site image leaves the server in (and what the public pages use). */
export function toSiteAssetDto(doc: Pick<SiteAsset, 'key' | 'filename' | 'content' | 'width' | 'height' | 'sizes'>): SiteAssetDto | null {
  if (!doc.filename) return null
  const candidates: SizeEntry[] = [...Object.values(doc.sizes ?? {}), { filename: doc.filename, width: doc.width }]
  const seen = new Set<string>()
  const srcset = candidates
    .filter((s): s is { filename: string; width: number } => Boolean(s?.filename && s.width))
    .sort((a, b) => a.width - b.width)
    .filter((s) => (seen.has(s.filename) ? false : (seen.add(s.filename), true)))
    .map((s) => `${siteAssetFileUrl(s.filename)} ${s.width}w`)
    .join(', ')
  return {
    key: doc.key,
    url: siteAssetFileUrl(doc.filename),
    alt: doc.content ?? '',
    srcset,
    width: doc.width ?? null,
    height: doc.height ?? null,
  }
}
