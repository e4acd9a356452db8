import { CONTENT_SECTIONS, type ContentSection, type SiteContentDto } from '#api/site-content/schemas'
import { sectionOfKey, SITE_CONTENT_DEFAULTS } from '#api/site-content/defaults.schemas'

/** One line of the Site Content list: a stored text, a built-in default, or both. */
export type SiteTextEntry = {
  key: string
  section: ContentSection
  stored: SiteContentDto | null
  defaultText: string | null
}

const DEFAULTS: Record<string, string> = SITE_CONTENT_DEFAULTS

/**
 * Every text in one place: each key with a built-in default, and each stored key (custom keys
 * too), grouped by section in the order of spec §3 and sorted by key.
 */
export function siteTextEntries(stored: SiteContentDto[]): SiteTextEntry[] {
  const byKey = new Map(stored.map((item) => [item.key, item]))
  const keys = new Set([...Object.keys(DEFAULTS), ...byKey.keys()])
  const entries = [...keys].map((key): SiteTextEntry => {
    const item = byKey.get(key) ?? null
    return { key, section: item?.section ?? sectionOfKey(key), stored: item, defaultText: DEFAULTS[key] ?? null }
  })
  return entries.sort((a, b) => CONTENT_SECTIONS.indexOf(a.section) - CONTENT_SECTIONS.indexOf(b.section) || a.key.localeCompare(b.key))
}

/** The filter box: any part of the key, the title or the text, ignoring case. */
export function matchesFilter(entry: SiteTextEntry, text: string): boolean {
  const needle = text.trim().toLowerCase()
  if (!needle) return true
  return [entry.key, entry.stored?.title ?? '', entry.stored?.content ?? entry.defaultText ?? ''].some((value) => value.toLowerCase().includes(needle))
}
