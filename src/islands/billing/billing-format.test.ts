import { describe, expect, it } from 'vitest'

import { formatCalendarDay, formatDollars, formatMoment, invoiceOptionLabel, invoiceStatusBadge, isPayable, paymentStatusBadge } from './billing-format'

describe('billing formats', () => {
  it('shows amounts in US dollars with 2 decimals', () => {
    expect(formatDollars(120)).toBe('$120.00')
    expect(formatDollars(0.5)).toBe('$0.50')
    expect(formatDollars(1234.5)).toBe('$1,234.50')
  })

  it('shows a due date as the same calendar day in any time zone', () => {
    expect(formatCalendarDay('2026-03-01')).toBe('Mar 1, 2026')
    expect(formatMoment('2026-03-01T23:30:00.000Z', 'UTC')).toBe('Mar 1, 2026')
    expect(formatMoment('2026-03-01T23:30:00.000Z', 'Asia/Tokyo')).toBe('Mar 2, 2026')
  })

  it('labels an invoice in the dropdown with description, amount and status', () => {
    expect(invoiceOptionLabel({ description: 'Spring tuition', amount: 95.5, status: 'pending' })).toBe('Spring tuition — $95.50 (Pending)')
  })

  it('colours invoice statuses: paid green, pending yellow, overdue red, cancelled grey', () => {
    expect(invoiceStatusBadge('paid').className).toContain('bg-green-100')
    expect(invoiceStatusBadge('pending').className).toContain('bg-yellow-100')
    expect(invoiceStatusBadge('overdue').className).toContain('bg-red-100')
    expect(invoiceStatusBadge('cancelled').className).toContain('bg-gray-100')
  })

  it('colours payment statuses: completed green, pending yellow, failed red', () => {
    expect(paymentStatusBadge('completed')).toMatchObject({ label: 'Completed' })
    expect(paymentStatusBadge('completed').className).toContain('bg-green-100')
    expect(paymentStatusBadge('pending').className).toContain('bg-yellow-100')
    expect(paymentStatusBadge('failed').className).toContain('bg-red-100')
  })

  it('offers pending and overdue invoices for payment, never paid or cancelled ones', () => {
    expect(isPayable('pending')).toBe(true)
    expect(isPayable('overdue')).toBe(true)
    expect(isPayable('paid')).toBe(false)
    expect(isPayable('cancelled')).toBe(false)
  })
})
