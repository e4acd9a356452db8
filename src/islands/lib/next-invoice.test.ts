import { describe, expect, it } from 'vitest'

import { groupByChild, nextPaymentText } from './next-invoice'

const line = (kind: 'tuition' | 'discount' | 'registration' | 'credit', studentName: string | null, amountCents: number) => ({
  kind,
  description: kind,
  amountCents,
  studentId: studentName ? 1 : null,
  studentName,
  classId: null,
  className: null,
  creditId: null,
  explanation: `${kind} explained`,
})

describe('the coming invoice on the statement', () => {
  it('groups the lines per child in the run’s order, the family’s own lines last', () => {
    const lines = [
      line('tuition', 'Emma', 6000),
      line('tuition', 'Lily', 8000),
      line('discount', 'Emma', -600),
      line('registration', null, 2500),
      line('credit', null, -1000),
    ]
    expect(groupByChild(lines).map((g) => [g.child, g.lines.map((l) => l.amountCents)])).toEqual([
      ['Emma', [6000, -600]],
      ['Lily', [8000]],
      [null, [2500, -1000]],
    ])
  })

  it('says which card autopay charges and on which day, in the academy’s calendar day', () => {
    const autopay = { cardBrand: 'Visa', cardLast4: '4242', chargeDate: '2027-03-01', amountCents: 14_900 }
    expect(nextPaymentText({ dueDate: '2027-03-01' }, autopay)).toBe('Autopay: charged to Visa ····4242 on Mar 1, 2027.')
    expect(nextPaymentText({ dueDate: '2027-03-01' }, { ...autopay, cardBrand: null })).toBe('Autopay: charged to card ····4242 on Mar 1, 2027.')
    expect(nextPaymentText({ dueDate: '2027-03-01' }, null)).toBe('Autopay is off: pay it here by card once it is issued.')
  })
})
