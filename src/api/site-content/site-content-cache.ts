import type { SiteContentDto } from './schemas'
import { createMemoCache } from '#server/memo-cache.server'

/** Published site texts and assets, keyed by key; dropped by the collections' hooks. */
export type SiteContentSnapshot = {
  texts: Map<string, { content: string; contentType: string }>
  /** The published texts in the contract's shape, by key: GET /api/site-content. */
  published: SiteContentDto[]
  assets: Map<string, { url: string; alt: string; srcset: string }>
}

export const siteContentCache = createMemoCache<SiteContentSnapshot>('site-content')

export function invalidateSiteContent(): void {
  siteContentCache.invalidate()
}
