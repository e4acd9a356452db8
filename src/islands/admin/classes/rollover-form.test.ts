import { describe, expect, it } from 'vitest'

import { nextSeasonName, proposedNextSeason } from './rollover-form'

describe('nextSeasonName', () => {
  it('moves every year of the name on by one', () => {
    expect(nextSeasonName('2026–27')).toBe('2027–28')
    expect(nextSeasonName('2026-2027')).toBe('2027-2028')
    expect(nextSeasonName('Season 2099–00')).toBe('Season 2100–01')
    expect(nextSeasonName('Autumn 2026')).toBe('Autumn 2027')
  })

  it('leaves a name without a year for the administrator to write', () => {
    expect(nextSeasonName('Main season')).toBe('')
  })
})

describe('proposedNextSeason', () => {
  it('offers the same days a year later', () => {
    const from = {
      id: 1,
      name: '2026–27',
      firstDay: '2026-09-01',
      lastDay: '2027-06-30',
      priorityOpens: '2026-05-01',
      openOpens: '2026-06-01',
      rolledFromId: null,
    }
    expect(proposedNextSeason(from)).toEqual({
      name: '2027–28',
      firstDay: '2027-09-01',
      lastDay: '2028-06-30',
      priorityOpens: '2027-05-01',
      openOpens: '2027-06-01',
    })
  })
})
