import { describe, expect, it } from 'vitest'

import {
  addDays,
  daysBetween,
  eachDay,
  formatCalendarDay,
  formatMoment,
  isDayInRange,
  isIsoDate,
  isMonth,
  isMonthInRange,
  isTimeZone,
  monthBounds,
  monthOf,
  shiftYears,
  todayIso,
  weekdayOf,
} from './dates'

describe('calendar dates', () => {
  it('accepts real YYYY-MM-DD days only', () => {
    for (const ok of ['2018-04-12', '2024-02-29', '2000-02-29', '1999-12-31']) expect(isIsoDate(ok)).toBe(true)
    for (const bad of ['2023-02-29', '1900-02-29', '2024-13-01', '2024-04-31', '2024-4-1', '12/04/2018', '2018-04-12T00:00:00Z', ''])
      expect(isIsoDate(bad)).toBe(false)
  })

  it('reads today as the UTC calendar date', () => {
    expect(todayIso(new Date('2026-03-01T23:59:59Z'))).toBe('2026-03-01')
  })

  it('shifts by whole years, sending 29 February to 28 February in a common year', () => {
    expect(shiftYears('2026-05-10', -100)).toBe('1926-05-10')
    expect(shiftYears('2024-02-29', -1)).toBe('2023-02-28')
    expect(shiftYears('2024-02-29', -4)).toBe('2020-02-29')
  })
})

describe('the years a day or a month may fall in', () => {
  it('keeps days and months of 2000 to 2100 and refuses the rest, and anything that is no day or month', () => {
    for (const day of ['2000-01-01', '2026-02-28', '2100-12-31']) expect(isDayInRange(day), day).toBe(true)
    for (const day of ['0000-01-01', '0100-01-01', '1999-12-31', '2101-01-01', '9999-12-31', '2026-02-30', '2026-1-1', '']) {
      expect(isDayInRange(day), day).toBe(false)
    }
    for (const month of ['2000-01', '2100-12']) expect(isMonthInRange(month), month).toBe(true)
    for (const month of ['0000-01', '1999-12', '2101-01', '9999-12', '2026-13', '2026-01-01']) expect(isMonthInRange(month), month).toBe(false)
  })
})

describe('day arithmetic', () => {
  it('moves by days across months, years and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31')
    expect(daysBetween('2026-12-01', '2026-12-31')).toBe(30)
    expect(daysBetween('2026-12-31', '2026-12-01')).toBe(-30)
  })

  it('numbers weekdays from Monday (0) to Sunday (6)', () => {
    expect(weekdayOf('2026-11-23')).toBe(0)
    expect(weekdayOf('2026-11-29')).toBe(6)
  })

  it('knows the bounds of a month and the months around a day', () => {
    expect(monthBounds('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' })
    expect(monthBounds('2026-12')).toEqual({ first: '2026-12-01', last: '2026-12-31' })
    expect(monthOf('2026-12-15')).toBe('2026-12')
    expect(monthOf('2026-12-15', 1)).toBe('2027-01')
    expect(monthOf('2026-01-31', -1)).toBe('2025-12')
    expect(isMonth('2026-13')).toBe(false)
    expect(isMonth('2026-09')).toBe(true)
    expect(eachDay('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02'])
  })

  it("reads today in the academy's time zone when one is given", () => {
    const lateEvening = new Date('2026-03-02T03:30:00Z')
    expect(todayIso(lateEvening)).toBe('2026-03-02')
    expect(todayIso(lateEvening, 'America/Chicago')).toBe('2026-03-01')
    expect(isTimeZone('America/Chicago')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
  })
})

describe('showing dates', () => {
  it('shows a calendar day as the same day in any time zone, and a moment in the given zone', () => {
    expect(formatCalendarDay('2026-03-01')).toBe('Mar 1, 2026')
    expect(formatMoment('2026-03-01T23:30:00.000Z', 'UTC')).toBe('Mar 1, 2026')
    expect(formatMoment('2026-03-01T23:30:00.000Z', 'Asia/Tokyo')).toBe('Mar 2, 2026')
  })
})
