import { describe, expect, it } from 'vitest'

import { seasonDayText, seasonLabel } from './seasons'

describe('a season in words', () => {
  it('writes its days as families read them and labels a class with its season and first registration day', () => {
    expect(seasonDayText('2027-06-01')).toBe('1 June 2027')
    expect(seasonLabel({ name: '2027–28', priorityOpens: '2027-05-01' })).toBe('Season 2027–28 · registration from 1 May 2027')
  })
})
