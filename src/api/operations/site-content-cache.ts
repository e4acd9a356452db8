import { createMemoCache } from '#server/memo-cache.server'

/** Published site texts and assets, keyed by key; dropped by the collections' hooks. */
export type SiteContentSnapshot = {
  texts: Map<string, { content: string; contentType: string }>
  assets: Map<string, { url: string; alt: string; srcset: string }>
}

export const siteContentCache = createMemoCache<SiteContentSnapshot>('site-content')

export function invalidateSiteContent(): void {
  siteContentCache.invalidate()
}
