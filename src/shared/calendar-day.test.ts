import { describe, expect, it } from 'vitest'

import { calendarDay } from './dates'

describe('the calendar day of a Payload date', () => {
  it('reads the day a stored day holds: midnight UTC, as Payload returns it', () => {
    expect(calendarDay('2026-11-26T00:00:00.000Z')).toBe('2026-11-26')
    expect(calendarDay('2024-02-29T00:00:00.000Z')).toBe('2024-02-29')
  })

  it('reads the day /cms’s day picker sent (noon of the picked day) as that day', () => {
    expect(calendarDay('2026-11-26T12:00:00.000Z')).toBe('2026-11-26')
    expect(calendarDay('2026-12-31T23:59:59.999Z')).toBe('2026-12-31')
  })

  it('takes a Date and a plain day alike', () => {
    expect(calendarDay(new Date(Date.UTC(2027, 0, 5)))).toBe('2027-01-05')
    expect(calendarDay('2027-01-05')).toBe('2027-01-05')
  })

  it('is the UTC day whatever the moment’s written offset', () => {
    expect(calendarDay('2026-11-26T00:00:00+00:00')).toBe('2026-11-26')
    expect(calendarDay('2026-11-25T22:30:00-05:00')).toBe('2026-11-26')
  })

  it('refuses what is no date', () => {
    expect(() => calendarDay('not a day')).toThrow('Not a date')
    expect(() => calendarDay(new Date(Number.NaN))).toThrow('Not a date')
  })
})
