import { describe, expect, it } from 'vitest'

import { instantToZonedTime, nextDayStart, zonedTimeToInstant } from './zoned-time'

describe("a time typed in the academy's zone", () => {
  it('is the instant of that wall clock in the zone, not in the machine or browser zone', () => {
    expect(zonedTimeToInstant('2027-03-02T22:30', 'America/New_York')?.toISOString()).toBe('2027-03-03T03:30:00.000Z')
    expect(zonedTimeToInstant('2027-03-02T08:00', 'Pacific/Kiritimati')?.toISOString()).toBe('2027-03-01T18:00:00.000Z')
    expect(zonedTimeToInstant('2027-07-01T09:15', 'Europe/Paris')?.toISOString()).toBe('2027-07-01T07:15:00.000Z')
    expect(zonedTimeToInstant('2027-07-01T09:15', null)?.toISOString()).toBe('2027-07-01T09:15:00.000Z')
  })

  it('lands after the jump when the clocks skip it, and on the first pass when they repeat it', () => {
    // New York springs forward at 02:00 on 14 March 2027 and falls back at 02:00 on 7 November.
    expect(zonedTimeToInstant('2027-03-14T02:30', 'America/New_York')?.toISOString()).toBe('2027-03-14T07:30:00.000Z')
    expect(zonedTimeToInstant('2027-11-07T01:30', 'America/New_York')?.toISOString()).toBe('2027-11-07T05:30:00.000Z')
  })

  it('refuses what is not a date and time', () => {
    expect(zonedTimeToInstant('2027-02-30T10:00', 'America/New_York')).toBeNull()
    expect(zonedTimeToInstant('2027-03-02T24:00', 'America/New_York')).toBeNull()
    expect(zonedTimeToInstant('tomorrow', 'America/New_York')).toBeNull()
  })

  it("is shown back as the academy's wall clock", () => {
    expect(instantToZonedTime('2027-03-03T03:30:00.000Z', 'America/New_York')).toBe('2027-03-02T22:30')
    expect(instantToZonedTime('2027-03-01T18:00:00.000Z', 'Pacific/Kiritimati')).toBe('2027-03-02T08:00')
    expect(instantToZonedTime('2027-03-01T18:00:00.000Z', null)).toBe('2027-03-01T18:00')
  })
})

describe("the academy's next day", () => {
  it('starts at the next midnight of the zone', () => {
    expect(nextDayStart(new Date('2027-03-03T03:30:00Z'), 'America/New_York').toISOString()).toBe('2027-03-03T05:00:00.000Z')
    expect(nextDayStart(new Date('2027-03-03T03:30:00Z'), 'Asia/Tokyo').toISOString()).toBe('2027-03-03T15:00:00.000Z')
    expect(nextDayStart(new Date('2027-03-03T03:30:00Z'), null).toISOString()).toBe('2027-03-04T00:00:00.000Z')
  })

  it('is the next day even at midnight exactly, and across a change of the clocks', () => {
    expect(nextDayStart(new Date('2027-03-04T00:00:00Z'), null).toISOString()).toBe('2027-03-05T00:00:00.000Z')
    expect(nextDayStart(new Date('2027-03-13T12:00:00Z'), 'America/New_York').toISOString()).toBe('2027-03-14T05:00:00.000Z')
    expect(nextDayStart(new Date('2027-03-14T12:00:00Z'), 'America/New_York').toISOString()).toBe('2027-03-15T04:00:00.000Z')
  })

  it('is the first instant of the day where the clocks skip midnight', () => {
    // Santiago sprang forward at midnight on 8 September 2024: that day began at 01:00.
    expect(nextDayStart(new Date('2024-09-07T12:00:00Z'), 'America/Santiago').toISOString()).toBe('2024-09-08T04:00:00.000Z')
  })
})
