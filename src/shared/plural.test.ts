import { describe, expect, it } from 'vitest'

import { countOf } from './plural'

describe('a count in a sentence', () => {
  it('is singular for one only, and groups the thousands', () => {
    expect(countOf(1, 'student')).toBe('1 student')
    expect(countOf(0, 'student')).toBe('0 students')
    expect(countOf(2, 'household')).toBe('2 households')
    expect(countOf(1204, 'family', 'families')).toBe('1,204 families')
    expect(countOf(1, 'family', 'families')).toBe('1 family')
  })
})
