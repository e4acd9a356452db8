import { describe, expect, it } from 'vitest'

import { TUITION_SETTINGS_DEFAULTS, tuitionSettingsSchema } from './tuition-settings.schemas'

describe('tuitionSettingsSchema', () => {
  it('accepts the defaults as they are', () => {
    expect(tuitionSettingsSchema.parse(TUITION_SETTINGS_DEFAULTS)).toEqual(TUITION_SETTINGS_DEFAULTS)
  })

  it('reads the older {date, label} as a one-day closure, sorts closures by date and turns an empty label into null', () => {
    const parsed = tuitionSettingsSchema.parse({
      ...TUITION_SETTINGS_DEFAULTS,
      closures: [
        { date: '2027-01-02', label: ' ' },
        { start: '2026-12-21', end: '2026-12-24', label: 'Eve' },
      ],
    })
    expect(parsed.closures).toEqual([
      { start: '2026-12-21', end: '2026-12-24', label: 'Eve' },
      { start: '2027-01-02', end: '2027-01-02', label: null },
    ])
  })

  it('refuses fractions of a cent or a percent, and days no month has', () => {
    const first = (change: object) => tuitionSettingsSchema.safeParse({ ...TUITION_SETTINGS_DEFAULTS, ...change }).error?.issues[0]?.message
    expect(first({ billingDay: 29 })).toBe('Billing day must be a whole number from 1 to 28')
    expect(first({ lateFeeCents: 0.5 })).toBe('Late fee must be from $0.00 to $1,000,000.00, to the cent')
    expect(first({ siblingDiscountPercent: 7.5 })).toBe('Sibling discount must be a whole percent from 0 to 100')
    expect(first({ closures: [{ date: '2027-02-29' }] })).toBe('Closure date must be a valid date (YYYY-MM-DD)')
  })
})
