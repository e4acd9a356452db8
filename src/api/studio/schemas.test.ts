import { describe, expect, it } from 'vitest'

import { STUDIO_SETTINGS_DEFAULTS, studioSettingsSchema } from './schemas'

describe('studioSettingsSchema', () => {
  it('accepts the defaults as they are', () => {
    expect(studioSettingsSchema.parse(STUDIO_SETTINGS_DEFAULTS)).toEqual(STUDIO_SETTINGS_DEFAULTS)
  })

  it('accepts both ends of every range', () => {
    expect(studioSettingsSchema.safeParse({ waitlistOfferHours: 1, dropNoticeDays: 0, makeupWindowDays: 0 }).success).toBe(true)
    expect(studioSettingsSchema.safeParse({ waitlistOfferHours: 336, dropNoticeDays: 60, makeupWindowDays: 180 }).success).toBe(true)
  })

  it('refuses fractions, text and numbers out of range with the field message', () => {
    const first = (change: object) => studioSettingsSchema.safeParse({ ...STUDIO_SETTINGS_DEFAULTS, ...change }).error?.issues[0]?.message
    expect(first({ waitlistOfferHours: 0 })).toBe('Waitlist offer hours must be a whole number from 1 to 336')
    expect(first({ waitlistOfferHours: 337 })).toBe('Waitlist offer hours must be a whole number from 1 to 336')
    expect(first({ waitlistOfferHours: 1.5 })).toBe('Waitlist offer hours must be a whole number from 1 to 336')
    expect(first({ dropNoticeDays: '7' })).toBe('Drop notice days must be a whole number from 0 to 60')
    expect(first({ dropNoticeDays: -1 })).toBe('Drop notice days must be a whole number from 0 to 60')
    expect(first({ makeupWindowDays: 181 })).toBe('Makeup window days must be a whole number from 0 to 180')
    expect(first({ makeupWindowDays: undefined })).toBe('Makeup window days must be a whole number from 0 to 180')
  })

  it('takes the emergency-contact rule as true or false, off by default, and leaves it out of an older body', () => {
    expect(STUDIO_SETTINGS_DEFAULTS.emergencyContactRequired).toBe(false)
    expect(studioSettingsSchema.parse({ ...STUDIO_SETTINGS_DEFAULTS, emergencyContactRequired: true }).emergencyContactRequired).toBe(true)
    const { emergencyContactRequired: _left, ...older } = STUDIO_SETTINGS_DEFAULTS
    expect(studioSettingsSchema.parse(older)).not.toHaveProperty('emergencyContactRequired')
    const refused = studioSettingsSchema.safeParse({ ...STUDIO_SETTINGS_DEFAULTS, emergencyContactRequired: 'yes' })
    expect(refused.error?.issues[0]?.message).toBe('Say whether a first class needs an emergency contact (true or false)')
  })
})
