import { describe, expect, it } from 'vitest'

import { placesLeft } from './places'

describe('places left in a class', () => {
  it('is the capacity less enrolled students and places held by waitlist offers', () => {
    expect(placesLeft({ capacity: 10, enrolledCount: 7 })).toBe(3)
    expect(placesLeft({ capacity: 10, enrolledCount: 7, heldCount: 2 })).toBe(1)
    expect(placesLeft({ capacity: 10, enrolledCount: 8, heldCount: 2 })).toBe(0)
  })

  it('is never negative when an administrator enrolled beyond capacity', () => {
    expect(placesLeft({ capacity: 5, enrolledCount: 6 })).toBe(0)
  })

  it('is unknown (no limit) for a class without a capacity', () => {
    expect(placesLeft({ capacity: null, enrolledCount: 40 })).toBeNull()
  })
})
