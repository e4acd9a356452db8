import { describe, expect, it } from 'vitest'

import { academyTimeZoneSchema, canonicalTimeZone } from './time-zone.schemas'

describe('canonicalTimeZone', () => {
  it('gives the canonical spelling of a zone the runtime knows', () => {
    expect(canonicalTimeZone('America/New_York')).toBe('America/New_York')
    expect(canonicalTimeZone(' america/new_york ')).toBe('America/New_York')
    expect(canonicalTimeZone('UTC')).toBe('UTC')
  })

  it('refuses unknown names, offsets and anything that is not a name', () => {
    for (const name of ['Mars/Olympus_Mons', '+05:00', '-0300', '', 'America/New York', 'x'.repeat(65)]) expect(canonicalTimeZone(name)).toBeNull()
  })
})

describe('academyTimeZoneSchema', () => {
  it('answers an unknown zone with its name', () => {
    expect(academyTimeZoneSchema.safeParse({ timeZone: 'Nowhere/City' }).error?.issues[0]?.message).toBe(
      'Unknown time zone "Nowhere/City": choose an IANA time zone such as America/New_York',
    )
  })

  it('asks for a zone when none is given', () => {
    expect(academyTimeZoneSchema.safeParse({}).error?.issues[0]?.message).toBe("Choose the academy's time zone")
    expect(academyTimeZoneSchema.safeParse({ timeZone: '  ' }).error?.issues[0]?.message).toBe("Choose the academy's time zone")
  })

  it('gives the canonical spelling', () => {
    expect(academyTimeZoneSchema.parse({ timeZone: 'europe/paris' })).toEqual({ timeZone: 'Europe/Paris' })
  })
})
