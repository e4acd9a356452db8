import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { addDays, weekdayOf } from './dates'
import { classMeetsOn } from './schedule'
import {
  ABSENCE_HORIZON_DAYS,
  earliestLastDay,
  hasEnded,
  isActiveOn,
  isDropPending,
  isWithinMakeupWindow,
  lastReportableDay,
  makeupWindow,
  meetingDays,
} from './self-service'

const day = fc.integer({ min: 0, max: 20_000 }).map((n) => addDays('2000-01-01', n))

describe('enrollment spans', () => {
  it('is active from its first day through its last day, inclusive', () => {
    const span = { enrollmentDate: '2026-09-01T00:00:00.000Z', endDate: '2026-12-14T00:00:00.000Z' }
    expect(isActiveOn(span, '2026-08-31')).toBe(false)
    expect(isActiveOn(span, '2026-09-01')).toBe(true)
    expect(isActiveOn(span, '2026-12-14')).toBe(true)
    expect(isActiveOn(span, '2026-12-15')).toBe(false)
    expect(isActiveOn({ enrollmentDate: '2026-09-01' }, '2030-01-01')).toBe(true)
  })

  it('a drop is pending through its last day and has ended the day after', () => {
    const span = { enrollmentDate: '2026-09-01', endDate: '2026-12-14' }
    expect(isDropPending(span, '2026-12-14')).toBe(true)
    expect(hasEnded(span, '2026-12-14')).toBe(false)
    expect(isDropPending(span, '2026-12-15')).toBe(false)
    expect(hasEnded(span, '2026-12-15')).toBe(true)
    expect(isDropPending({ enrollmentDate: '2026-09-01' }, '2026-12-15')).toBe(false)
    expect(hasEnded({ enrollmentDate: '2026-09-01', endDate: null }, '2026-12-15')).toBe(false)
  })

  it('the earliest last day is today plus the notice', () => {
    expect(earliestLastDay('2026-11-23', 7)).toBe('2026-11-30')
    expect(earliestLastDay('2026-12-28', 7)).toBe('2027-01-04')
    expect(earliestLastDay('2026-11-23', 0)).toBe('2026-11-23')
  })
})

describe('meeting days', () => {
  it('reads the days text of the class', () => {
    // 2026-11-23 is a Monday.
    expect(classMeetsOn({ days: 'Monday & Wednesday' }, '2026-11-23')).toBe(true)
    expect(classMeetsOn({ days: 'Monday & Wednesday' }, '2026-11-24')).toBe(false)
    expect(meetingDays({ days: 'Monday & Wednesday' }, '2026-11-23', '2026-12-02')).toEqual(['2026-11-23', '2026-11-25', '2026-11-30', '2026-12-02'])
    expect(meetingDays({ days: 'Saturday' }, '2026-11-24', '2026-11-23')).toEqual([])
  })

  it('skips the class’s and the academy’s closures and the days outside the term', () => {
    const cls = {
      days: 'Monday & Wednesday',
      weekdays: ['Monday', 'Wednesday'],
      termStart: '2026-11-25',
      termEnd: '2026-12-07',
      closures: [{ start: '2026-11-30', end: '2026-11-30' }],
    }
    expect(meetingDays(cls, '2026-11-23', '2026-12-14', ['2026-12-02'])).toEqual(['2026-11-25', '2026-12-07'])
    expect(classMeetsOn(cls, '2026-11-30')).toBe(false)
    expect(classMeetsOn(cls, '2026-12-02')).toBe(true)
    expect(classMeetsOn(cls, '2026-12-02', ['2026-12-02'])).toBe(false)
  })

  it('every listed day meets, and every meeting day between the bounds is listed', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 40 }), fc.constantFrom('Tue/Thu', 'Saturday', 'Mon-Fri', 'Daily'), (first, length, days) => {
        const last = addDays(first, length)
        const listed = meetingDays({ days }, first, last)
        for (let d = first; d <= last; d = addDays(d, 1)) expect(listed.includes(d)).toBe(classMeetsOn({ days }, d))
        expect(listed.every((d) => weekdayOf(d) >= 0)).toBe(true)
      }),
    )
  })

  it('reports absences at most the horizon ahead', () => {
    expect(lastReportableDay('2026-11-23')).toBe(addDays('2026-11-23', ABSENCE_HORIZON_DAYS))
  })
})

describe('makeup window', () => {
  it('spans the window either side of the missed day, never before today', () => {
    expect(makeupWindow('2026-12-01', '2026-11-23', 14)).toEqual({ first: '2026-11-23', last: '2026-12-15' })
    expect(makeupWindow('2026-12-01', '2026-11-10', 14)).toEqual({ first: '2026-11-17', last: '2026-12-15' })
    expect(isWithinMakeupWindow('2026-12-01', '2026-12-15', '2026-11-23', 14)).toBe(true)
    expect(isWithinMakeupWindow('2026-12-01', '2026-12-16', '2026-11-23', 14)).toBe(false)
    expect(isWithinMakeupWindow('2026-12-01', '2026-11-22', '2026-11-23', 14)).toBe(false)
    expect(isWithinMakeupWindow('2026-12-01', '2026-12-01', '2026-11-23', 0)).toBe(true)
  })

  it('a day in the window is never in the past nor further than the window from the missed day', () => {
    fc.assert(
      fc.property(day, day, fc.integer({ min: -60, max: 60 }), fc.integer({ min: 0, max: 180 }), (missed, today, offset, window) => {
        const candidate = addDays(missed, offset)
        const inside = isWithinMakeupWindow(missed, candidate, today, window)
        expect(inside).toBe(candidate >= today && Math.abs(offset) <= window)
      }),
    )
  })
})
