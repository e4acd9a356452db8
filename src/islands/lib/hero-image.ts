import { SITE_ASSET_MAX_BYTES, SITE_ASSET_MESSAGES } from '#api/site-content/site-assets.schemas'

/** The image types the server accepts for the hero (decisions §6). */
export const HERO_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const

/** The browser's own checks before an upload; the server checks again and re-encodes. */
export function heroImageProblem(file: { size: number; type: string } | null | undefined): string | null {
  if (!file || file.size === 0) return SITE_ASSET_MESSAGES.missingFile
  if (!(HERO_IMAGE_TYPES as readonly string[]).includes(file.type)) return SITE_ASSET_MESSAGES.wrongType
  if (file.size > SITE_ASSET_MAX_BYTES) return SITE_ASSET_MESSAGES.tooLarge
  return null
}
