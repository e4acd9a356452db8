import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { ordinal, timeLeftText, waitlistPositionText } from './ordinal'

describe('ordinal', () => {
  it('gives the English suffixes, the teens included', () => {
    expect([1, 2, 3, 4, 10, 11, 12, 13, 14, 21, 22, 23, 101, 111, 112, 113].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '10th',
      '11th',
      '12th',
      '13th',
      '14th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
      '112th',
      '113th',
    ])
  })

  it('always starts with the number itself and ends in one of the four suffixes', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1_000_000 }), (n) => /^\d+(st|nd|rd|th)$/.test(ordinal(n)) && ordinal(n).startsWith(String(n))))
  })

  it('reads as the family sees it', () => {
    expect(waitlistPositionText(2)).toBe('You are 2nd on the waitlist')
  })
})

describe('timeLeftText', () => {
  const now = new Date('2026-11-23T10:00:00Z')
  const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000)
  it('names days and hours, hours and minutes, or minutes', () => {
    expect(timeLeftText(later(48 * 60), now)).toBe('2 days')
    expect(timeLeftText(later(25 * 60), now)).toBe('1 day 1 hour')
    expect(timeLeftText(later(5 * 60 + 20), now)).toBe('5 hours 20 minutes')
    expect(timeLeftText(later(1), now)).toBe('1 minute')
    expect(timeLeftText(later(-5), now)).toBe('0 minutes')
  })
})
