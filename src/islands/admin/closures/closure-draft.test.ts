import { describe, expect, it } from 'vitest'

import { EMPTY_CLOSURE_DRAFT, isDraftEmpty, withDraft } from './closure-draft'

const messages = { list: 'LIST', date: 'Closure date must be a valid date (YYYY-MM-DD)', twice: 'TWICE' }
const winter = { start: '2026-12-21', end: '2027-01-03', label: 'Winter break' }

describe('a closure typed and not added', () => {
  it('joins the list in calendar order, one day when no last day is given', () => {
    expect(withDraft([winter], { start: '2026-11-26', end: '', label: ' Thanksgiving ' }, messages)).toEqual({
      ok: true,
      closures: [{ start: '2026-11-26', end: '2026-11-26', label: 'Thanksgiving' }, winter],
    })
  })

  it('leaves the list as it is when nothing is typed', () => {
    expect(isDraftEmpty(EMPTY_CLOSURE_DRAFT)).toBe(true)
    expect(isDraftEmpty({ start: '', end: '', label: 'Recital' })).toBe(false)
    expect(withDraft([winter], EMPTY_CLOSURE_DRAFT, messages)).toEqual({ ok: true, closures: [winter] })
  })

  it('is refused with the server’s message when it cannot be added', () => {
    expect(withDraft([winter], { start: '', end: '', label: 'Recital' }, messages)).toEqual({ ok: false, error: messages.date })
    expect(withDraft([], { start: '2027-01-05', end: '2027-01-04', label: '' }, messages)).toEqual({
      ok: false,
      error: 'A closure cannot end before it starts',
    })
    expect(withDraft([winter], { start: '2026-12-24', end: '', label: '' }, messages)).toEqual({
      ok: false,
      error: 'Closures overlap: Dec 21, 2026 – Jan 3, 2027 and Dec 24, 2026. Merge them or change the dates.',
    })
  })
})
