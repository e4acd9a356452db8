import { describe, expect, it } from 'vitest'

import { hasAtMostTwoDecimals } from '#shared/money'

import { createInvoiceSchema } from './schemas'

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
    expect(createInvoiceSchema.parse({ ...valid, description: '  Tuition  ' })).toEqual({ ...valid, status: 'pending', kind: 'manual', period: null })
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

describe('createInvoiceSchema with lines', () => {
  const base = { userId: 3, description: 'Tuition', dueDate: '2027-01-01' }
  const lines = [
    { description: 'Ballet', amountCents: 6500, studentId: '7', classId: 2 },
    { kind: 'discount', description: 'Sibling', amountCents: -650 },
  ]
  const first = (input: object) => createInvoiceSchema.safeParse(input).error?.issues[0]?.message

  it('reads lines in cents, defaults kinds to manual, and needs no amount', () => {
    expect(createInvoiceSchema.parse({ ...base, lines })).toEqual({
      ...base,
      status: 'pending',
      kind: 'manual',
      period: null,
      lines: [
        { kind: 'manual', description: 'Ballet', amountCents: 6500, studentId: 7, classId: 2 },
        { kind: 'discount', description: 'Sibling', amountCents: -650 },
      ],
    })
  })

  it('checks an amount sent along against the sum of the lines', () => {
    expect(createInvoiceSchema.safeParse({ ...base, lines, amount: 58.5 }).success).toBe(true)
    expect(first({ ...base, lines, amount: 65 })).toBe('Amount must equal the sum of the lines ($58.50)')
  })

  it('refuses lines that add up to nothing, fractional cents, and a tuition invoice without its month', () => {
    expect(first({ ...base, lines: [{ description: 'Credit', amountCents: -1 }] })).toBe('The lines must add up to more than $0.00')
    expect(first({ ...base, lines: [{ description: 'Ballet', amountCents: 0.5 }] })).toBe('Each line amount must be in dollars and cents, to the cent')
    expect(first({ ...base, kind: 'tuition', lines })).toBe('A tuition invoice needs the month it bills (period, YYYY-MM)')
    expect(first({ ...base, kind: 'tuition', period: '2027-1', lines })).toBe('Period must be a month (YYYY-MM)')
    expect(first({ ...base, kind: 'tuition', period: '2027-01' })).toBe('Lines must be a list of 1 to 100 lines')
  })

  it('reads the one-amount invoice of the spec with the same schema, its messages unchanged', () => {
    expect(first({ ...base })).toBe('Amount must be greater than 0')
    expect(createInvoiceSchema.parse({ ...base, amount: 10 })).toEqual({ ...base, amount: 10, status: 'pending', kind: 'manual', period: null })
  })

  it('names a missing amount even when another field is wrong too', () => {
    const messages = createInvoiceSchema.safeParse({ ...base, description: 'ab' }).error?.issues.map((issue) => issue.message)
    expect(messages).toEqual(['Description must be at least 3 characters', 'Amount must be greater than 0'])
  })

  it('refuses a late fee typed by hand: the server alone issues them', () => {
    expect(first({ ...base, kind: 'late-fee', lines })).toBe('Kind must be one of manual, tuition')
  })
})
