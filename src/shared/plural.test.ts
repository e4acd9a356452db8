import { describe, expect, it } from 'vitest'

import { countOf, shownOf } from './plural'

describe('a count in a sentence', () => {
  it('is singular for one only, and groups the thousands', () => {
    expect(countOf(1, 'student')).toBe('1 student')
    expect(countOf(0, 'student')).toBe('0 students')
    expect(countOf(2, 'household')).toBe('2 households')
    expect(countOf(1204, 'family', 'families')).toBe('1,204 families')
    expect(countOf(1, 'family', 'families')).toBe('1 family')
  })
})

describe('the rows of a paged list on screen', () => {
  const page = (number: number, size: number, shown: number, total: number) => ({ page: number, pageSize: size, items: Array.from({ length: shown }), total })

  it('names the range of a page of a longer list', () => {
    expect(shownOf(page(2, 10, 10, 153), 'student')).toBe('Showing 11–20 of 153 students')
    expect(shownOf(page(1, 10, 10, 153), 'student')).toBe('Showing 1–10 of 153 students')
    expect(shownOf(page(16, 10, 3, 153), 'student')).toBe('Showing 151–153 of 153 students')
    expect(shownOf(page(3, 10, 1, 21), 'entry', 'entries')).toBe('Showing 21–21 of 21 entries')
    expect(shownOf(page(101, 20, 20, 12_000), 'invoice')).toBe('Showing 2,001–2,020 of 12,000 invoices')
  })

  it('says a list that fits one page in one number, singular for one', () => {
    expect(shownOf(page(1, 10, 2, 2), 'student')).toBe('Showing 2 of 2 students')
    expect(shownOf(page(1, 10, 1, 1), 'account')).toBe('Showing 1 of 1 account')
    expect(shownOf(page(1, 10, 0, 0), 'invoice')).toBe('Showing 0 of 0 invoices')
  })
})
