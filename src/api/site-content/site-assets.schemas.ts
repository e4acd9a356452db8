/** Site images (decisions §6): the hero image is uploaded by an admin and served re-encoded. */
export const SITE_ASSET_MAX_BYTES = 5 * 1024 * 1024
/** Larger pictures are refused before decoding (a small file can still expand to gigabytes). */
export const SITE_ASSET_MAX_PIXELS = 50_000_000
export const SITE_ASSET_ALT_MAX = 300

export const HERO_IMAGE_KEY = 'landing.hero.image'

export const SITE_ASSET_MESSAGES = {
  wrongType: 'Please upload a JPEG, PNG, WebP or AVIF image.',
  tooLarge: 'The image must be 5 MB or smaller.',
  tooManyPixels: 'The image is too large: at most 50 megapixels.',
  missingFile: 'Please choose an image to upload.',
  notMultipart: 'Please send the image as multipart/form-data with a "file" field.',
  altTooLong: `The alternative text must be at most ${SITE_ASSET_ALT_MAX} characters.`,
  notFound: 'Site image not found.',
  removed: 'The image was removed.',
} as const

export type SiteAssetDto = {
  key: string
  /** The re-encoded original, served by GET /api/site-assets/file/{filename}. */
  url: string
  alt: string
  /** Every stored size, `url widthw`, smallest first, for an <img srcset>. */
  srcset: string
  width: number | null
  height: number | null
}
