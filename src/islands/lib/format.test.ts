import { describe, expect, it } from 'vitest'

import { formatMonthlyPrice } from './format'

describe('catalogue price', () => {
  it('shows whole dollars per month from cents', () => {
    expect(formatMonthlyPrice(6500)).toBe('$65/mo')
    expect(formatMonthlyPrice(12000)).toBe('$120/mo')
  })

  it('rounds cents to the nearest dollar and groups thousands', () => {
    expect(formatMonthlyPrice(6550)).toBe('$66/mo')
    expect(formatMonthlyPrice(6549)).toBe('$65/mo')
    expect(formatMonthlyPrice(123_400)).toBe('$1,234/mo')
  })
})
