import type { SiteContentKey } from '#api/site-content/defaults.schemas'

/**
 * The site texts an island shows, resolved on the server (stored text or default) and
 * passed as a prop, so the page's words never wait for JavaScript and stay editable.
 */
export type IslandTexts<K extends SiteContentKey = SiteContentKey> = Partial<Record<K, string>>

export function textReader<K extends SiteContentKey>(texts: IslandTexts<K>) {
  return (key: K): string => texts[key] ?? ''
}
