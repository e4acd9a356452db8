import { describe, expect, it } from 'vitest'

import { tuitionKeyOf } from './deriveInvoiceTotals'

describe('tuitionKeyOf', () => {
  it('keys a tuition invoice by family and month, and nothing else', () => {
    expect(tuitionKeyOf({ kind: 'tuition', userId: 12, period: '2027-01' })).toBe('12:2027-01')
    expect(tuitionKeyOf({ kind: 'manual', userId: 12, period: '2027-01' })).toBeNull()
    expect(tuitionKeyOf({ kind: 'tuition', userId: 12, period: null })).toBeNull()
  })
  it('with split billing, keys a guardian’s tuition invoice by family, month and guardian', () => {
    expect(tuitionKeyOf({ kind: 'tuition', userId: 12, period: '2027-01', billedTo: 40 })).toBe('12:2027-01:40')
    expect(tuitionKeyOf({ kind: 'tuition', userId: 12, period: '2027-01', billedTo: null })).toBe('12:2027-01')
    expect(tuitionKeyOf({ kind: 'tuition', userId: 12, period: '2027-01', billedTo: 40, status: 'cancelled' })).toBeNull()
  })
})
