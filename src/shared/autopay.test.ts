import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { addDays } from './dates'
import {
  AUTOPAY_MAX_ATTEMPTS,
  autopayExplanation,
  brandName,
  cardExpiry,
  cardLabel,
  dueAttempt,
  nextAttemptDay,
  ordinalDay,
  type AttemptFacts,
} from './autopay'

const failed = (attempt: number, day: string): AttemptFacts => ({ attempt, status: 'failed', day })

describe('dueAttempt', () => {
  it('charges first on the due date, not before, and catches up two days late at most', () => {
    expect(dueAttempt('2026-12-01', '2026-11-30', [])).toBeNull()
    expect(dueAttempt('2026-12-01', '2026-12-01', [])).toBe(1)
    expect(dueAttempt('2026-12-01', '2026-12-03', [])).toBe(1)
    expect(dueAttempt('2026-12-01', '2026-12-04', [])).toBeNull()
  })

  it('retries a decline 3 and 7 days after the first attempt, then stops', () => {
    const one = [failed(1, '2026-12-01')]
    expect(dueAttempt('2026-12-01', '2026-12-03', one)).toBeNull()
    expect(dueAttempt('2026-12-01', '2026-12-04', one)).toBe(2)
    const two = [...one, failed(2, '2026-12-04')]
    expect(dueAttempt('2026-12-01', '2026-12-07', two)).toBeNull()
    expect(dueAttempt('2026-12-01', '2026-12-08', two)).toBe(3)
    expect(dueAttempt('2026-12-01', '2027-01-30', [...two, failed(3, '2026-12-08')])).toBeNull()
  })

  it('never charges again after a success, a pending attempt or a request for authentication', () => {
    for (const status of ['succeeded', 'processing', 'requires_action'] as const) {
      expect(dueAttempt('2026-12-01', '2026-12-20', [{ attempt: 1, status, day: '2026-12-01' }])).toBeNull()
    }
  })

  it('never goes beyond the last attempt nor returns an attempt already made (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: AUTOPAY_MAX_ATTEMPTS }), (offset, made) => {
        const attempts = Array.from({ length: made }, (_, i) => failed(i + 1, addDays('2026-12-01', i * 3)))
        const due = dueAttempt('2026-12-01', addDays('2026-12-01', offset), attempts)
        if (due !== null) {
          expect(due).toBe(made + 1)
          expect(due).toBeLessThanOrEqual(AUTOPAY_MAX_ATTEMPTS)
        }
      }),
    )
  })
})

describe('nextAttemptDay', () => {
  it('is the due date, then the retry days, then none', () => {
    expect(nextAttemptDay('2026-12-01', [])).toBe('2026-12-01')
    expect(nextAttemptDay('2026-12-01', [failed(1, '2026-12-01')])).toBe('2026-12-04')
    expect(nextAttemptDay('2026-12-01', [failed(1, '2026-12-01'), failed(2, '2026-12-04')])).toBe('2026-12-08')
    expect(nextAttemptDay('2026-12-01', [{ attempt: 1, status: 'requires_action', day: '2026-12-01' }])).toBeNull()
  })
})

describe('texts', () => {
  it('ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 28].map(ordinalDay)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '28th',
    ])
  })

  it('says what autopay charges, to which card and when', () => {
    const card = { brand: 'visa', lastFour: '4242' }
    expect(cardLabel(card)).toBe('Visa ending in 4242')
    expect(cardExpiry({ expiryMonth: 4, expiryYear: 2030 })).toBe('04/2030')
    expect([brandName('mastercard'), brandName('jcb')]).toEqual(['Mastercard', 'Jcb'])
    expect(autopayExplanation({ enabled: false, card: null, billingDay: 1 })).toBe('Save a card to turn on autopay.')
    expect(autopayExplanation({ enabled: true, card, billingDay: 2 })).toContain('charged to your Visa ending in 4242 on the 2nd of each month')
    expect(autopayExplanation({ enabled: false, card, billingDay: 1 })).toMatch(/^Off\./)
  })
})
