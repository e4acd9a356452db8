import { describe, expect, it } from 'vitest'

import { classDay, enrolledClassDay, mondayOf, noClassText, weekDays } from './week-schedule'

const tuesdays = {
  days: 'Tuesday',
  weekdays: ['Tuesday'],
  termStart: '2026-09-01',
  termEnd: '2027-06-30',
  closures: [{ start: '2026-12-01', end: '2026-12-01', label: null }],
}
const thanksgiving = [{ start: '2026-11-24', end: '2026-11-27', label: 'Thanksgiving' }]

describe('the dated week', () => {
  it('starts on the Monday of the week and lists its seven days', () => {
    expect(mondayOf('2026-11-26')).toBe('2026-11-23')
    expect(mondayOf('2026-11-23')).toBe('2026-11-23')
    expect(mondayOf('2026-11-29')).toBe('2026-11-23')
    expect(weekDays('2026-12-28')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03'])
  })

  it('says what a class does on a day: meets, closed with the label, or outside its term; nothing off its weekdays', () => {
    expect(classDay(tuesdays, '2026-11-17', thanksgiving)).toEqual({ kind: 'meets' })
    expect(classDay(tuesdays, '2026-11-24', thanksgiving)).toEqual({ kind: 'closed', label: 'Thanksgiving' })
    expect(classDay(tuesdays, '2026-12-01', thanksgiving)).toEqual({ kind: 'closed', label: null })
    expect(classDay(tuesdays, '2026-08-25')).toEqual({ kind: 'before-term', termStart: '2026-09-01' })
    expect(classDay(tuesdays, '2027-07-06')).toEqual({ kind: 'after-term', termEnd: '2027-06-30' })
    expect(classDay(tuesdays, '2026-11-25', thanksgiving)).toBeNull()
    expect(noClassText('Thanksgiving')).toBe('No class — Thanksgiving')
    expect(noClassText(null)).toBe('No class')
  })

  it("keeps a child's class to the child's own weeks: before joining it says when the first class is; after leaving it is gone", () => {
    const joinedWednesday = { enrollmentDate: '2026-11-18', endDate: '2027-01-12' }
    // The Tuesday before joining is not theirs; their first Tuesday skips Thanksgiving week.
    expect(enrolledClassDay(tuesdays, joinedWednesday, '2026-11-17', thanksgiving)).toEqual({ kind: 'before-first-class', firstClass: '2026-12-08' })
    expect(enrolledClassDay(tuesdays, joinedWednesday, '2026-11-24', thanksgiving)).toEqual({ kind: 'closed', label: 'Thanksgiving' })
    expect(enrolledClassDay(tuesdays, joinedWednesday, '2026-12-08', thanksgiving)).toEqual({ kind: 'meets' })
    expect(enrolledClassDay(tuesdays, joinedWednesday, '2027-01-12')).toEqual({ kind: 'meets' })
    expect(enrolledClassDay(tuesdays, joinedWednesday, '2027-01-19')).toBeNull()
    expect(enrolledClassDay(tuesdays, joinedWednesday, '2026-11-18')).toBeNull()
    // Enrolled ahead of the term: the weeks before it say when the first class is.
    expect(enrolledClassDay(tuesdays, { enrollmentDate: '2026-08-20T00:00:00.000Z' }, '2026-08-25')).toEqual({ kind: 'before-term', termStart: '2026-09-01' })
    // A class with no meeting left for this child shows nothing before it.
    expect(enrolledClassDay({ ...tuesdays, termEnd: '2026-11-20' }, joinedWednesday, '2026-11-17')).toBeNull()
  })
})
