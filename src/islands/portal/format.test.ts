import { describe, expect, it } from 'vitest'

import { ageChipLabel, classCount, firstName, initials, isFull } from './format'

describe('portal formats', () => {
  it('makes initials and first names', () => {
    expect(initials('Mia Rivera')).toBe('MR')
    expect(initials('Mia Sofia Rivera')).toBe('MR')
    expect(initials('  cher ')).toBe('C')
    expect(firstName('Mia Sofia Rivera')).toBe('Mia')
  })

  it('says a class is full only when a capacity is reached', () => {
    expect(isFull({ capacity: null, enrolledCount: 50 })).toBe(false)
    expect(isFull({ capacity: 10, enrolledCount: 9 })).toBe(false)
    expect(isFull({ capacity: 10, enrolledCount: 10 })).toBe(true)
    // A place held by a waitlist offer is not free (decisions §15).
    expect(isFull({ capacity: 10, enrolledCount: 9, heldCount: 1 })).toBe(true)
    expect(isFull({ capacity: 10, enrolledCount: 8, heldCount: 1 })).toBe(false)
  })

  it('counts classes and labels chips', () => {
    expect(classCount(1)).toBe('1 class')
    expect(classCount(2)).toBe('2 classes')
    expect(ageChipLabel('all')).toBe('All Ages')
    expect(ageChipLabel('18+')).toBe('Ages 18+')
  })
})
