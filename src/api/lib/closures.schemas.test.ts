import { describe, expect, it } from 'vitest'

import { closureListSchema } from './closures.schemas'

const schema = closureListSchema({ list: 'LIST', date: 'DATE', twice: 'TWICE' })
const first = (value: unknown) => {
  const parsed = schema.safeParse(value)
  return parsed.success ? null : parsed.error.issues[0]?.message
}

describe('the closure list schema', () => {
  it('takes ranges and answers them in calendar order, a blank label as null', () => {
    expect(
      schema.parse([
        { start: '2026-12-21', end: '2027-01-03', label: ' Winter break ' },
        { start: '2026-11-26', end: '2026-11-27', label: '' },
      ]),
    ).toEqual([
      { start: '2026-11-26', end: '2026-11-27', label: null },
      { start: '2026-12-21', end: '2027-01-03', label: 'Winter break' },
    ])
  })

  it('still reads the shapes sent before ranges: a bare day and {date, label}; no end is one day', () => {
    expect(schema.parse(['2027-02-16', { date: '2026-11-26', label: 'Thanksgiving' }, { start: '2027-03-01', end: '' }])).toEqual([
      { start: '2026-11-26', end: '2026-11-26', label: 'Thanksgiving' },
      { start: '2027-02-16', end: '2027-02-16', label: null },
      { start: '2027-03-01', end: '2027-03-01', label: null },
    ])
  })

  it('refuses a reversed range, one longer than 366 days, a bad day and a long label, with clear messages', () => {
    expect(first([{ start: '2027-01-03', end: '2026-12-21' }])).toBe('A closure cannot end before it starts')
    expect(first([{ start: '2026-01-01', end: '2027-01-02' }])).toBe('A closure can last at most 366 days')
    expect(first([{ start: '2026-01-01', end: '2027-01-01' }])).toBeNull()
    expect(schema.safeParse([{ start: '2028-01-01', end: '2028-12-31' }]).success).toBe(true)
    expect(first([{ start: '2026-02-30', end: '2026-03-01' }])).toBe('DATE')
    expect(first([{ start: '2026-03-01', end: '2026-13-01' }])).toBe('Closure end must be a valid date (YYYY-MM-DD)')
    expect(first([{ start: '1999-12-31', end: '2000-01-01' }])).toBe('Dates must fall in the years 2000 to 2100')
    expect(first([{ start: '2026-03-01', label: 'x'.repeat(101) }])).toBe('Closure label must be at most 100 characters')
    expect(first([42])).toBe('DATE')
    expect(first('none')).toBe('LIST')
  })

  it('refuses the same closure twice and closures that share a day, naming both', () => {
    expect(first(['2026-12-24', { date: '2026-12-24' }])).toBe('TWICE')
    expect(first([{ start: '2026-12-21', end: '2027-01-03' }, '2026-12-24'])).toBe(
      'Closures overlap: Dec 21, 2026 – Jan 3, 2027 and Dec 24, 2026. Merge them or change the dates.',
    )
    expect(
      first([
        { start: '2026-12-21', end: '2027-01-03' },
        { start: '2027-01-04', end: '2027-01-05' },
      ]),
    ).toBeNull()
  })

  it('takes at most 366 closures', () => {
    const days = Array.from({ length: 367 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10))
    expect(first(days)).toBe('LIST')
    expect(first(days.slice(0, 366))).toBeNull()
  })
})
