import { describe, expect, it } from 'vitest'

import { closureDays, closureDaySet, closureLength, closureOn, formatClosure, overlappingClosures, sortClosures } from './closures'
import { classMeetsOn } from './schedule'

const winter = { start: '2026-12-21', end: '2027-01-03', label: 'Winter break' }
const thanksgiving = { start: '2026-11-26', end: '2026-11-27', label: 'Thanksgiving' }

describe('closures as ranges', () => {
  it('expands a range into every day from its first to its last, both included, across a year end', () => {
    expect(closureDays([winter])).toHaveLength(14)
    expect(closureDays([winter])[0]).toBe('2026-12-21')
    expect(closureDays([winter]).at(-1)).toBe('2027-01-03')
    expect(closureDays([winter])).toContain('2027-01-01')
    expect(closureLength(winter)).toBe(14)
  })

  it('gives a one-day closure its one day, and every day once and in order for several', () => {
    expect(closureDays([{ start: '2026-11-26', end: '2026-11-26' }])).toEqual(['2026-11-26'])
    expect(closureDays([winter, thanksgiving, { start: '2026-12-24', end: '2026-12-24' }]).slice(0, 3)).toEqual(['2026-11-26', '2026-11-27', '2026-12-21'])
    expect(closureDays([winter, thanksgiving])).toHaveLength(16)
  })

  it('counts a leap day and gives nothing for a reversed or broken range', () => {
    expect(closureDays([{ start: '2028-02-28', end: '2028-03-01' }])).toEqual(['2028-02-28', '2028-02-29', '2028-03-01'])
    expect(closureDays([{ start: '2027-01-03', end: '2026-12-21' }])).toEqual([])
    expect(closureDays([{ start: 'someday', end: '2026-12-21' }])).toEqual([])
    expect(closureDays(null)).toEqual([])
  })

  it('finds the closure of a day (for its label) and answers from the same expansion as a set', () => {
    expect(closureOn([thanksgiving, winter], '2026-12-25')).toBe(winter)
    expect(closureOn([thanksgiving, winter], '2026-12-20')).toBeNull()
    const set = closureDaySet([winter])
    expect(set.has('2026-12-21') && set.has('2027-01-03') && !set.has('2027-01-04')).toBe(true)
  })

  it('closes a class on every day of its own range and of the academy’s', () => {
    const mondays = { days: 'Monday', weekdays: ['Monday'], closures: [winter] }
    expect(classMeetsOn(mondays, '2026-12-21')).toBe(false)
    expect(classMeetsOn(mondays, '2026-12-28')).toBe(false)
    expect(classMeetsOn(mondays, '2027-01-04')).toBe(true)
    expect(classMeetsOn({ ...mondays, closures: [] }, '2026-12-28', closureDays([winter]))).toBe(false)
  })

  it('finds overlapping closures in calendar order, and none for ranges that only touch', () => {
    expect(overlappingClosures([winter, { start: '2026-12-24', end: '2026-12-24' }])).toEqual([winter, { start: '2026-12-24', end: '2026-12-24' }])
    expect(overlappingClosures([winter, { start: '2027-01-04', end: '2027-01-05' }, thanksgiving])).toBeNull()
    expect(sortClosures([winter, thanksgiving])).toEqual([thanksgiving, winter])
  })

  it('writes a closure with its label and dates', () => {
    expect(formatClosure(winter)).toBe('Winter break (Dec 21, 2026 – Jan 3, 2027)')
    expect(formatClosure({ start: '2026-11-26', end: '2026-11-26' })).toBe('Nov 26, 2026')
  })
})
