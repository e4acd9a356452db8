import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  classTimeRange,
  classWeekdays,
  formatDays,
  formatTimeRange,
  hhmmOf,
  meetsOn,
  minutesOfHHMM,
  parseDays,
  parseTimeRange,
  sortByStartTime,
  timesFromText,
  weekdaysFromText,
  type Weekday,
} from './schedule'

describe('reading the days a class meets', () => {
  it('reads the names joined by an ampersand, Monday first', () => {
    expect(parseDays('Monday & Wednesday')).toEqual([0, 2])
    expect(parseDays('Wednesday & Monday')).toEqual([0, 2])
  })

  it('reads abbreviations joined by a slash, a comma or "and"', () => {
    expect(parseDays('Tue/Thu')).toEqual([1, 3])
    expect(parseDays('Mon, Wed, Fri')).toEqual([0, 2, 4])
    expect(parseDays('Tues and Thurs')).toEqual([1, 3])
    expect(parseDays('Mo/We')).toEqual([0, 2])
  })

  it('reads a single day and plurals', () => {
    expect(parseDays('Saturday')).toEqual([5])
    expect(parseDays('Saturdays')).toEqual([5])
    expect(parseDays('Sundays & Mondays')).toEqual([0, 6])
  })

  it('reads ranges, including one that wraps round the weekend', () => {
    expect(parseDays('Monday-Friday')).toEqual([0, 1, 2, 3, 4])
    expect(parseDays('Mon – Wed')).toEqual([0, 1, 2])
    expect(parseDays('Tuesday through Thursday')).toEqual([1, 2, 3])
    expect(parseDays('Fri-Mon')).toEqual([0, 4, 5, 6])
  })

  it('reads weekdays, weekends and daily', () => {
    expect(parseDays('Weekdays')).toEqual([0, 1, 2, 3, 4])
    expect(parseDays('Weekends')).toEqual([5, 6])
    expect(parseDays('Daily')).toEqual([0, 1, 2, 3, 4, 5, 6])
  })

  it('finds no day in a text that names none', () => {
    expect(parseDays('')).toEqual([])
    expect(parseDays('By arrangement')).toEqual([])
    expect(parseDays('TBA')).toEqual([])
  })

  it('tells whether a class meets on a weekday', () => {
    expect(meetsOn('Monday & Wednesday', 2)).toBe(true)
    expect(meetsOn('Monday & Wednesday', 1)).toBe(false)
  })
})

describe('reading the time of a class', () => {
  it('gives the afternoon to a start without am/pm when the end is pm', () => {
    expect(parseTimeRange('4:00-5:00pm')).toEqual({ start: 16 * 60, end: 17 * 60 })
    expect(parseTimeRange('5:15-6:30pm')).toEqual({ start: 17 * 60 + 15, end: 18 * 60 + 30 })
  })

  it('reads each side with its own am/pm', () => {
    expect(parseTimeRange('10:30am-12:00pm')).toEqual({ start: 10 * 60 + 30, end: 12 * 60 })
    expect(parseTimeRange('4:00 PM – 5:00 PM')).toEqual({ start: 16 * 60, end: 17 * 60 })
    expect(parseTimeRange('9am to 10am')).toEqual({ start: 9 * 60, end: 10 * 60 })
  })

  it("keeps a start in the morning when taking the end's pm would put it after the end", () => {
    expect(parseTimeRange('11:00-12:30pm')).toEqual({ start: 11 * 60, end: 12 * 60 + 30 })
    expect(parseTimeRange('9:00-9:45am')).toEqual({ start: 9 * 60, end: 9 * 60 + 45 })
  })

  it('reads whole hours and a 24-hour clock', () => {
    expect(parseTimeRange('4-5pm')).toEqual({ start: 16 * 60, end: 17 * 60 })
    expect(parseTimeRange('16:00-17:30')).toEqual({ start: 16 * 60, end: 17 * 60 + 30 })
  })

  it('reads 12am as midnight and 12pm as noon', () => {
    expect(parseTimeRange('12:00am-1:00am')).toEqual({ start: 0, end: 60 })
    expect(parseTimeRange('12pm-1pm')).toEqual({ start: 12 * 60, end: 13 * 60 })
  })

  it('reads a single time as a one-hour class', () => {
    expect(parseTimeRange('4:00pm')).toEqual({ start: 16 * 60, end: 17 * 60 })
  })

  it('refuses what is not a time range', () => {
    for (const bad of ['', 'afternoons', '25:00-26:00', '4:75-5:00pm', '13:00pm-2pm', '5:00pm-4:00pm', '1-2-3']) expect(parseTimeRange(bad)).toBeNull()
  })
})

describe('sorting by start time', () => {
  it('orders by the start, morning before afternoon, whatever the text looks like', () => {
    const classes = [
      { name: 'Evening', time: '7:00-8:15pm' },
      { name: 'Late morning', time: '10:30am-12:00pm' },
      { name: 'Afternoon', time: '4:00-5:00pm' },
      { name: 'Early', time: '9:00-9:45am' },
    ]
    expect(sortByStartTime(classes, (c) => c.time).map((c) => c.name)).toEqual(['Early', 'Late morning', 'Afternoon', 'Evening'])
  })

  it('puts unreadable times last and keeps ties in their order', () => {
    const classes = [
      { name: 'Unknown', time: 'TBA' },
      { name: 'B', time: '4:00-5:00pm' },
      { name: 'A', time: '4:00-4:45pm' },
    ]
    expect(sortByStartTime(classes, (c) => c.time).map((c) => c.name)).toEqual(['B', 'A', 'Unknown'])
  })

  it('does not change the list it was given', () => {
    const classes = [{ time: '5:00-6:00pm' }, { time: '4:00-5:00pm' }]
    sortByStartTime(classes, (c) => c.time)
    expect(classes[0]!.time).toBe('5:00-6:00pm')
  })
})

describe('display texts written from the structure (decisions §14)', () => {
  it("writes days in the spec's style", () => {
    expect(formatDays([5])).toBe('Saturday')
    expect(formatDays([3, 1])).toBe('Tuesday & Thursday')
    expect(formatDays([0, 2, 4])).toBe('Monday, Wednesday & Friday')
    expect(formatDays([])).toBe('')
  })

  it("writes times in the spec's style: one meridiem when both ends share it", () => {
    expect(formatTimeRange(16 * 60, 17 * 60)).toBe('4:00-5:00pm')
    expect(formatTimeRange(15 * 60 + 30, 16 * 60 + 15)).toBe('3:30-4:15pm')
    expect(formatTimeRange(10 * 60 + 30, 12 * 60)).toBe('10:30am-12:00pm')
    expect(formatTimeRange(9 * 60, 9 * 60 + 45)).toBe('9:00-9:45am')
    expect(formatTimeRange(0, 45)).toBe('12:00-12:45am')
    expect(formatTimeRange(12 * 60 + 30, 13 * 60)).toBe('12:30-1:00pm')
  })

  it("gives back the spec's and the seeds' texts unchanged", () => {
    for (const days of ['Monday & Wednesday', 'Tuesday & Thursday', 'Saturday', 'Sunday', 'Friday', 'Thursday']) {
      expect(formatDays(parseDays(days))).toBe(days)
    }
    for (const time of ['4:00-5:00pm', '3:30-4:15pm', '9:00-9:45am', '10:30am-12:00pm', '5:15-6:30pm', '10:00-11:30am', '7:00-8:15pm']) {
      const range = parseTimeRange(time)!
      expect(formatTimeRange(range.start, range.end)).toBe(time)
    }
  })

  it('reads texts into structure, or nothing when they cannot be read', () => {
    expect(weekdaysFromText('Tue/Thu')).toEqual(['Tuesday', 'Thursday'])
    expect(weekdaysFromText('by arrangement')).toEqual([])
    expect(timesFromText('4:00-5:00pm')).toEqual({ startTime: '16:00', endTime: '17:00' })
    expect(timesFromText('to be announced')).toBeNull()
  })

  const weekdaySets = fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }).map((days) => days as Weekday[])
  const ranges = fc
    .tuple(fc.integer({ min: 0, max: 1438 }), fc.integer({ min: 1, max: 1439 }))
    .filter(([start, end]) => end > start)
    .map(([start, end]) => ({ start, end }))

  it('reads every written days text back to the same weekdays (property)', () => {
    fc.assert(
      fc.property(weekdaySets, (days) => {
        expect(parseDays(formatDays(days))).toEqual([...days].sort((a, b) => a - b))
      }),
    )
  })

  it('reads every written time text back to the same minutes (property)', () => {
    fc.assert(
      fc.property(ranges, (range) => {
        expect(parseTimeRange(formatTimeRange(range.start, range.end))).toEqual(range)
      }),
    )
  })

  it('round-trips HH:MM (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), (minutes) => {
        expect(minutesOfHHMM(hhmmOf(minutes))).toBe(minutes)
      }),
    )
    expect(minutesOfHHMM('24:00')).toBeNull()
    expect(minutesOfHHMM('9:00')).toBeNull()
  })

  it('prefers the structured fields, and falls back to the texts', () => {
    expect(classWeekdays({ weekdays: ['Friday'], days: 'Monday' })).toEqual([4])
    expect(classWeekdays({ weekdays: [], days: 'Monday' })).toEqual([0])
    expect(classTimeRange({ startTime: '07:00', endTime: '08:00', time: '4:00-5:00pm' })).toEqual({ start: 420, end: 480 })
    expect(classTimeRange({ startTime: null, endTime: null, time: '4:00-5:00pm' })).toEqual({ start: 960, end: 1020 })
  })
})
