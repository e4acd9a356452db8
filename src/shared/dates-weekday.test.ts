import { describe, expect, it } from 'vitest'

import { formatDayWithWeekday } from './dates'

describe('formatDayWithWeekday', () => {
  it('names the weekday of the calendar day, whatever the reader time zone', () => {
    expect(formatDayWithWeekday('2026-12-01')).toBe('Tue, Dec 1, 2026')
    expect(formatDayWithWeekday('2027-01-03T00:00:00.000Z')).toBe('Sun, Jan 3, 2027')
  })

  it('leaves the year out when it is the year of the reference day', () => {
    expect(formatDayWithWeekday('2026-12-01', '2026-11-26')).toBe('Tue, Dec 1')
    expect(formatDayWithWeekday('2027-01-05', '2026-11-26')).toBe('Tue, Jan 5, 2027')
  })

  it('gives back what is not a day as it came', () => {
    expect(formatDayWithWeekday('soon')).toBe('soon')
  })
})
