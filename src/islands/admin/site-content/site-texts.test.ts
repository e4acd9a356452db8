import { describe, expect, it } from 'vitest'

import type { SiteContentDto } from '#api/site-content/schemas'
import { SITE_CONTENT_DEFAULTS } from '#api/site-content/defaults.schemas'
import { matchesFilter, siteTextEntries } from './site-texts'

const stored = (key: string, fields: Partial<SiteContentDto> = {}): SiteContentDto => ({
  key,
  title: `Title of ${key}`,
  content: `Stored ${key}`,
  section: 'global',
  contentType: 'text',
  isPublished: true,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
})

describe('the Site Content list', () => {
  it('lists every built-in key, with the stored text where one exists', () => {
    const entries = siteTextEntries([stored('home.hero.title', { section: 'home' })])
    expect(entries).toHaveLength(Object.keys(SITE_CONTENT_DEFAULTS).length)
    const hero = entries.find((e) => e.key === 'home.hero.title')!
    expect(hero.stored?.content).toBe('Stored home.hero.title')
    expect(hero.defaultText).toBe(SITE_CONTENT_DEFAULTS['home.hero.title'])
    expect(entries.find((e) => e.key === 'footer.phone')?.stored).toBeNull()
  })

  it('adds custom keys and orders by section, then key', () => {
    const entries = siteTextEntries([stored('faq.refunds', { section: 'faq' })])
    const custom = entries.find((e) => e.key === 'faq.refunds')!
    expect(custom.defaultText).toBeNull()
    const sections = entries.map((e) => e.section)
    expect(sections.indexOf('home')).toBeLessThan(sections.indexOf('faq'))
    expect(sections.lastIndexOf('faq')).toBeLessThan(sections.indexOf('global'))
  })

  it('filters on key, title and text, ignoring case', () => {
    const [entry] = siteTextEntries([stored('contact.title', { section: 'contact', content: 'Talk To Us' })]).filter((e) => e.key === 'contact.title')
    expect(matchesFilter(entry!, 'talk to')).toBe(true)
    expect(matchesFilter(entry!, 'CONTACT.TI')).toBe(true)
    expect(matchesFilter(entry!, 'nothing like it')).toBe(false)
  })
})
