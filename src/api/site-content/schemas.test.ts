import { describe, expect, it } from 'vitest'

import { SITE_CONTENT_MESSAGES, siteContentCreateSchema } from './schemas'

const base = { section: 'home', title: 'Hero title', content: 'Welcome', contentType: 'text' }

describe('site text keys', () => {
  it('accepts dotted keys', () => {
    expect(siteContentCreateSchema.safeParse({ ...base, key: 'home.hero.title' }).success).toBe(true)
  })

  it('refuses a key ending in a dot, which no address could reach', () => {
    const parsed = siteContentCreateSchema.safeParse({ ...base, key: 'home.hero.' })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain(SITE_CONTENT_MESSAGES.keyTrailingDot)
  })
})
