import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { centsToDollars, dollarsToCents, formatCents, formatDollars, formatMonthlyPrice, formatPricePerMonth, parseDollarsToCents } from './money'

describe('money conversion', () => {
  it('converts dollars to exact integer cents, including values floats get wrong', () => {
    expect(dollarsToCents(0.1 + 0.2)).toBe(30)
    expect(dollarsToCents(19.99)).toBe(1999)
    expect(dollarsToCents(1.005)).toBe(101)
    expect(centsToDollars(1999)).toBe(19.99)
  })
})

describe('showing money', () => {
  it('shows cents as dollars and cents, grouped, with a minus sign for credits', () => {
    expect(formatCents(6500 + 5500)).toBe('$120.00')
    expect(formatCents(5)).toBe('$0.05')
    expect(formatCents(123456)).toBe('$1,234.56')
    expect(formatCents(-1050)).toBe('−$10.50')
  })

  it('shows contract amounts in US dollars with 2 decimals', () => {
    expect(formatDollars(120)).toBe('$120.00')
    expect(formatDollars(0.5)).toBe('$0.50')
    expect(formatDollars(1234.5)).toBe('$1,234.50')
  })

  it('shows catalogue prices in whole dollars per month, half a dollar rounding up', () => {
    expect(formatMonthlyPrice(6500)).toBe('$65/mo')
    expect(formatMonthlyPrice(6550)).toBe('$66/mo')
    expect(formatMonthlyPrice(6549)).toBe('$65/mo')
    expect(formatMonthlyPrice(123_400)).toBe('$1,234/mo')
  })

  it("shows the enrolled list's price with cents per month", () => {
    expect(formatPricePerMonth(6500)).toBe('$65.00/month')
    expect(formatPricePerMonth(123456)).toBe('$1,234.56/month')
  })
})

describe('parseDollarsToCents', () => {
  it('reads typed amounts as integer cents', () => {
    expect(parseDollarsToCents('25')).toBe(2500)
    expect(parseDollarsToCents(' 25.5 ')).toBe(2550)
    expect(parseDollarsToCents('0.07')).toBe(7)
    expect(parseDollarsToCents('$1,250.00')).toBe(125_000)
    expect(parseDollarsToCents('1.005')).toBeNull()
    for (const text of ['', 'abc', '-5', '1,25', '12.', '.5', '1e3']) expect(parseDollarsToCents(text), text).toBeNull()
  })

  it('reads back every amount the formatter writes, to the cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (cents) => {
        expect(parseDollarsToCents(formatCents(cents))).toBe(cents)
        expect(parseDollarsToCents((cents / 100).toFixed(2))).toBe(cents)
      }),
    )
  })
})
