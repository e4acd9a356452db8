import { describe, expect, it } from 'vitest'

import { centsToDollars, dollarsToCents } from './billing'

describe('money conversion', () => {
  it('converts dollars to exact integer cents, including values floats get wrong', () => {
    expect(dollarsToCents(0.1 + 0.2)).toBe(30)
    expect(dollarsToCents(19.99)).toBe(1999)
    expect(dollarsToCents(1.005)).toBe(101)
    expect(centsToDollars(1999)).toBe(19.99)
  })
})
