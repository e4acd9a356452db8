import { describe, expect, it } from 'vitest'

import { countByFilter, emptyFilterText, matchesFilter } from './invoice-filter'

describe('the invoice list filter', () => {
  it('counts pending and overdue as owed, cancelled as void', () => {
    const statuses = ['pending', 'overdue', 'paid', 'paid', 'cancelled'] as const
    expect(countByFilter(statuses.map((status) => ({ status })))).toEqual({ all: 5, owed: 2, paid: 2, void: 1 })
    expect(statuses.filter((status) => matchesFilter(status, 'owed'))).toEqual(['pending', 'overdue'])
    expect(statuses.filter((status) => matchesFilter(status, 'all'))).toHaveLength(5)
  })

  it('says what an empty filter means', () => {
    expect(emptyFilterText('owed')).toBe('Nothing is owed.')
    expect(countByFilter([])).toEqual({ all: 0, owed: 0, paid: 0, void: 0 })
  })
})
