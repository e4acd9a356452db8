import { describe, expect, it } from 'vitest'

import type { InvoiceLineDto } from '#api/invoices/schemas'

import { isItemised } from './invoice-lines'

const line = (change: Partial<InvoiceLineDto> = {}): InvoiceLineDto => ({
  kind: 'manual',
  description: 'Costume',
  amountCents: 4000,
  studentId: null,
  studentName: null,
  classId: null,
  className: null,
  creditId: null,
  ...change,
})

describe('isItemised', () => {
  it('hides the one line a hand-made invoice is shown as', () => {
    expect(isItemised({ kind: 'manual', description: 'Costume', amount: 40, lines: [line()] })).toBe(false)
  })

  it('shows the lines of a tuition invoice, of several lines, or of a line about a student or class', () => {
    expect(isItemised({ kind: 'tuition', description: 'Tuition Jan', amount: 40, lines: [line()] })).toBe(true)
    expect(isItemised({ kind: 'manual', description: 'Costume', amount: 30, lines: [line(), line({ kind: 'credit', amountCents: -1000 })] })).toBe(true)
    expect(isItemised({ kind: 'manual', description: 'Costume', amount: 40, lines: [line({ studentId: 3, studentName: 'Mia' })] })).toBe(true)
    expect(isItemised({ kind: 'manual', description: 'Spring costume', amount: 40, lines: [line()] })).toBe(true)
  })
})
