import { describe, expect, it } from 'vitest'

import { classInputSchema, isValidAgeGroup } from './schemas'

describe('age groups', () => {
  it('accepts inclusive ranges and open groups', () => {
    for (const group of ['3-5', '6-8', '9-12', '13-17', '18+', '5-8']) expect(isValidAgeGroup(group)).toBe(true)
  })

  it('rejects reversed ranges, words and markup', () => {
    for (const group of ['8-6', 'adults', '18', '<b>', '3 - 5', '', '6-']) expect(isValidAgeGroup(group)).toBe(false)
  })
})

describe('class form schema', () => {
  const valid = {
    name: 'Ballet I',
    description: 'A description long enough.',
    ageGroup: '6-8',
    level: 'Beginner',
    days: 'Monday',
    time: '4:00-5:00pm',
    location: 'Studio A',
    instructor: 'Ms. Jensen',
    price: 6500,
  }

  it('accepts a complete class with a price in cents', () => {
    expect(classInputSchema.parse(valid).price).toBe(6500)
  })

  it('uses the spec messages', () => {
    const messages = (input: object) => classInputSchema.safeParse(input).error?.issues.map((i) => i.message) ?? []
    expect(messages({ ...valid, name: 'Ba' })).toContain('Name must be at least 3 characters')
    expect(messages({ ...valid, description: 'short' })).toContain('Description must be at least 10 characters')
    expect(messages({ ...valid, location: '' })).toContain('Location is required')
    expect(messages({ ...valid, price: -5 })).toContain('Price must be positive')
    expect(messages({ ...valid, price: 65.5 })).toContain('Price must be in dollars and cents, to the cent')
  })
})
