import { describe, expect, it } from 'vitest'

import { invoiceOptionLabel, invoiceStatusBadge, isPayable, paymentMethodLabel, paymentStatusBadge } from './billing-format'

describe('billing formats', () => {
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

describe('paymentMethodLabel', () => {
  it('names a card payment, and an offline one by how it was paid', () => {
    expect(paymentMethodLabel('stripe')).toBe('Card')
    expect(paymentMethodLabel('offline', { method: 'cheque' })).toBe('Cheque (recorded by the academy)')
    expect(paymentMethodLabel('offline', { method: 'bank-transfer' })).toBe('Bank transfer (recorded by the academy)')
    expect(paymentMethodLabel('offline', null)).toBe('Offline')
  })
})
