import { describe, expect, it } from 'vitest'

import { hasAtMostTwoDecimals } from '#shared/money'

import { createInvoiceSchema } from './invoices'

describe('invoice amounts', () => {
  it('accepts whole cents, including the binary noise of float sums', () => {
    for (const value of [1, 19.99, 0.01, 1.15, 4.35, 0.1 + 0.2, 1_000_000]) expect(hasAtMostTwoDecimals(value), String(value)).toBe(true)
  })

  it('refuses a third decimal', () => {
    for (const value of [0.001, 19.999, 1.005, 2.345]) expect(hasAtMostTwoDecimals(value), String(value)).toBe(false)
  })
})

describe('createInvoiceSchema', () => {
  const valid = { userId: 3, amount: 10, description: 'Tuition', dueDate: '2027-01-01' }

  it('defaults the status to pending and trims the description', () => {
    expect(createInvoiceSchema.parse({ ...valid, description: '  Tuition  ' })).toEqual({ ...valid, status: 'pending' })
  })

  it('reads numbers sent as strings by a form', () => {
    expect(createInvoiceSchema.parse({ ...valid, userId: '3', amount: '10.50' })).toMatchObject({ userId: 3, amount: 10.5 })
  })

  it('gives the spec message first for each field', () => {
    const first = (input: object) => createInvoiceSchema.safeParse(input).error?.issues[0]?.message
    expect(first({ ...valid, userId: undefined })).toBe('Please select a user')
    expect(first({ ...valid, amount: 0 })).toBe('Amount must be greater than 0')
    expect(first({ ...valid, description: 'ab' })).toBe('Description must be at least 3 characters')
    expect(first({ ...valid, dueDate: '' })).toBe('Due date is required')
  })
})
