import { describe, expect, it } from 'vitest'

import { firstClassDay, formatFirstClass, formatLongDay } from './first-class'

// 2026-12-07 is a Monday.
const mondays = { weekdays: ['Monday'], days: 'Monday', termStart: null, termEnd: null, closures: [] }

describe('the first class of an enrollment', () => {
  it('is the next meeting weekday on or after the day it starts', () => {
    expect(firstClassDay(mondays, '2026-12-07')).toBe('2026-12-07')
    expect(firstClassDay(mondays, '2026-12-08')).toBe('2026-12-14')
    expect(firstClassDay({ ...mondays, weekdays: ['Tuesday', 'Thursday'] }, '2026-12-09')).toBe('2026-12-10')
  })

  it("waits for the term to start, and skips the class's and the academy's closures", () => {
    expect(firstClassDay({ ...mondays, termStart: '2027-01-11' }, '2026-12-07')).toBe('2027-01-11')
    expect(firstClassDay({ ...mondays, closures: [{ start: '2026-12-07', end: '2026-12-14' }] }, '2026-12-07')).toBe('2026-12-21')
    expect(firstClassDay(mondays, '2026-12-07', ['2026-12-07'])).toBe('2026-12-14')
  })

  it('reads the days text when the class has no structured weekdays', () => {
    expect(firstClassDay({ ...mondays, weekdays: [], days: 'Wed/Fri' }, '2026-12-07')).toBe('2026-12-09')
  })

  it('is none when the term has ended or the class names no day', () => {
    expect(firstClassDay({ ...mondays, termEnd: '2026-12-13' }, '2026-12-08')).toBeNull()
    expect(firstClassDay({ ...mondays, weekdays: [], days: 'By arrangement' }, '2026-12-07')).toBeNull()
  })
})

describe('how the first class reads', () => {
  it('names the weekday, the date and the time', () => {
    expect(formatLongDay('2026-12-07')).toBe('Monday, December 7, 2026')
    expect(formatFirstClass('2026-12-07', { startTime: '16:00', endTime: '17:00', time: '' })).toBe('Monday, December 7, 2026, 4:00-5:00pm')
    expect(formatFirstClass('2026-12-07', { startTime: null, endTime: null, time: 'after school' })).toBe('Monday, December 7, 2026')
  })
})
