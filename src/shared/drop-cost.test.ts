import { describe, expect, it } from 'vitest'

import { dropCost } from './drop-cost'

// December 2026: Tuesdays 1, 8, 15, 22, 29 and Thursdays 3, 10, 17, 24, 31.
const tueThu = { days: 'Tuesday & Thursday', weekdays: ['Tuesday', 'Thursday'] as const, price: 10_000 }

describe('dropCost', () => {
  it('prorates the month of the last day by the meetings attended through it', () => {
    expect(dropCost({ ...tueThu, weekdays: [...tueThu.weekdays] }, '2026-09-01', '2026-12-08')).toEqual({
      month: '2026-12',
      monthLabel: 'Dec 2026',
      amountCents: 3000,
      priceCents: 10_000,
      charged: 3,
      held: 10,
    })
  })

  it('leaves out academy closures and counts a month ending on its last meeting in full', () => {
    const cls = { ...tueThu, weekdays: [...tueThu.weekdays] }
    expect(dropCost(cls, '2026-09-01', '2026-12-08', ['2026-12-03']).amountCents).toBe(2222)
    expect(dropCost(cls, '2026-09-01', '2026-12-31').amountCents).toBe(10_000)
  })

  it('charges nothing for a month in which the student attends no meeting', () => {
    expect(dropCost({ ...tueThu, weekdays: [...tueThu.weekdays] }, '2026-12-10', '2026-12-09').amountCents).toBe(0)
  })
})
