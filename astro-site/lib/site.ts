import { getSiteTexts, type SiteTexts } from '#api/site-content'
import { SITE_CONTENT_DEFAULTS, type SiteContentKey } from '#api/site-content/defaults.schemas'
import { getAppContext } from '#server/context.server'

/** The site texts for one page render (from memory unless an edit invalidated them). */
export function loadSiteTexts(): Promise<SiteTexts> {
  return getSiteTexts(getAppContext().payload)
}

const ALL_KEYS = Object.keys(SITE_CONTENT_DEFAULTS) as SiteContentKey[]

/** The resolved texts under some key prefixes (`'auth.'`), for an island's props. */
export function islandTexts(texts: SiteTexts, ...prefixes: string[]): Partial<Record<SiteContentKey, string>> {
  const out: Partial<Record<SiteContentKey, string>> = {}
  for (const key of ALL_KEYS) if (prefixes.some((prefix) => key.startsWith(prefix))) out[key] = texts.text(key)
  return out
}
