import { describe, expect, it } from 'vitest'

import { ADMISSION_CHECKS, ADMISSION_PATHS, ADMISSION_TABLE, checksFor, offerHolds, offerLapsed } from './admission'

describe('the admission table', () => {
  it('names, for each way into a class, the checks a family is asked, in order', () => {
    expect(Object.fromEntries(ADMISSION_PATHS.map((path) => [path, checksFor(path, 'family')]))).toEqual({
      enroll: ['ageGroup', 'level', 'registration', 'emergencyContact', 'policies'],
      // The quote refuses what enrolling would: the contact and the documents too.
      quote: ['ageGroup', 'level', 'registration', 'emergencyContact', 'policies'],
      joinWaitlist: ['ageGroup', 'level', 'registration'],
      acceptOffer: ['level', 'registration', 'emergencyContact', 'policies'],
      makeup: ['level', 'registration', 'policies'],
      reEnroll: ['ageGroup', 'level'],
    })
  })

  it('exempts the office from every check of every path that takes a place, alike', () => {
    for (const path of ['enroll', 'quote', 'joinWaitlist', 'acceptOffer', 'makeup'] as const) expect(checksFor(path, 'office')).toEqual([])
    // Next season's suggestions are the classes the child may take, whoever looks.
    expect(checksFor('reEnroll', 'office')).toEqual(['ageGroup', 'level'])
  })

  it('asks each check in the one order of ADMISSION_CHECKS, and only known checks', () => {
    for (const path of ADMISSION_PATHS) {
      const asked = ADMISSION_TABLE[path].asks
      expect(asked.every((check) => ADMISSION_CHECKS.includes(check))).toBe(true)
      expect([...asked].sort((a, b) => ADMISSION_CHECKS.indexOf(a) - ADMISSION_CHECKS.indexOf(b))).toEqual([...asked])
      expect(ADMISSION_TABLE[path].why.length).toBeGreaterThan(20)
    }
  })
})

describe('whether a waitlist offer holds its place', () => {
  const now = new Date('2027-03-01T12:00:00.000Z')
  const offer = (offerExpiresAt: string | null, status = 'offered') => ({ status, offerExpiresAt })

  it('holds until its expiry and has lapsed from that instant on', () => {
    expect(offerHolds(offer('2027-03-01T12:00:00.001Z'), now)).toBe(true)
    expect(offerLapsed(offer('2027-03-01T12:00:00.001Z'), now)).toBe(false)
    expect(offerHolds(offer('2027-03-01T12:00:00.000Z'), now)).toBe(false)
    expect(offerLapsed(offer('2027-03-01T12:00:00.000Z'), now)).toBe(true)
  })

  it('reads an offer with no expiry as lapsed: it holds nothing and is let go, never both or neither', () => {
    expect(offerHolds(offer(null), now)).toBe(false)
    expect(offerLapsed(offer(null), now)).toBe(true)
  })

  it('is about offers only: a waiting or accepted entry neither holds a place nor lapses', () => {
    for (const status of ['waiting', 'accepted', 'expired']) {
      expect(offerHolds(offer('2099-01-01T00:00:00.000Z', status), now)).toBe(false)
      expect(offerLapsed(offer(null, status), now)).toBe(false)
    }
  })
})
