import { describe, expect, it } from 'vitest'

import { computeFamilyTuition, type TuitionEnrollment, type TuitionSettings } from './tuition'
import { quoteClassMonth } from './tuition-proration'

// November 2026 starts on a Sunday. Tuesdays and Thursdays: 3, 5, 10, 12, 17, 19, 24, 26.
const settings: TuitionSettings = {
  registrationFeeCents: 2500,
  seasonStartMonth: 9,
  siblingDiscountPercent: 10,
  familyDiscountCapCents: null,
  // Thursday 26 November: Thanksgiving, no class.
  closures: ['2026-11-26'],
}
const emma = { studentId: 's-emma', studentName: 'Emma' }
const lily = { studentId: 's-lily', studentName: 'Lily' }
const balletI = { classId: 'c-ballet', className: 'Ballet I', priceCents: 12_000, days: 'Tuesday & Thursday' }
const jazz = { classId: 'c-jazz', className: 'Jazz', priceCents: 8000, days: 'Saturday' }

const explanations = (enrollments: TuitionEnrollment[], extra: Partial<Parameters<typeof computeFamilyTuition>[2]> = {}) =>
  computeFamilyTuition(settings, '2026-11', { enrollments, ...extra }).lines.map((line) => [line.kind, line.amountCents, line.explanation])

describe('the explanation of a tuition line', () => {
  it('gives a late start and a closure as the reasons for a prorated month, with the sum', () => {
    // Held: the 8 Tuesdays and Thursdays but the closed 26th = 7; from the 17th: 17, 19, 24 = 3.
    const quote = quoteClassMonth('2026-11', balletI, settings.closures, '2026-11-17')
    expect(quote).toEqual({
      month: '2026-11',
      amountCents: 5143,
      charged: 3,
      held: 7,
      explanation: '3 of 7 classes in November: the class starts on the 17th, and the 26th is a closure. $120.00 a month × 3/7 = $51.43.',
    })
  })

  it('gives an early end and several closures, and a full month in one sentence', () => {
    const closures = ['2026-11-24', '2026-11-26']
    expect(quoteClassMonth('2026-11', balletI, closures, '2026-09-01', '2026-11-12').explanation).toBe(
      '4 of 6 classes in November: the class ends on the 12th, and the 24th and 26th are closures. $120.00 a month × 4/6 = $80.00.',
    )
    expect(quoteClassMonth('2026-11', balletI, closures, '2026-09-01').explanation).toBe('All 6 classes in November: the full monthly price of $120.00.')
  })

  it('says why a month costs nothing', () => {
    expect(quoteClassMonth('2026-11', balletI, [], '2026-12-01').explanation).toBe('None of the 8 classes in November falls while enrolled: nothing to pay.')
    const noTerm = { ...balletI, schedule: { termStart: '2027-01-04' } }
    expect(quoteClassMonth('2026-11', noTerm, [], '2026-09-01')).toMatchObject({ amountCents: 0, explanation: 'No class is held in November: nothing to pay.' })
  })

  it('is the one the monthly run writes on the line, and the run charges the quoted amount', () => {
    const [line] = computeFamilyTuition({ ...settings, registrationFeeCents: 0 }, '2026-11', {
      enrollments: [{ ...emma, ...balletI, startDate: '2026-11-17' }],
    }).lines
    const quote = quoteClassMonth('2026-11', balletI, settings.closures, '2026-11-17')
    expect(line).toMatchObject({ kind: 'tuition', amountCents: quote.amountCents, explanation: quote.explanation, studentName: 'Emma', className: 'Ballet I' })
  })
})

describe('the explanation of discounts, the registration fee and credits', () => {
  it('names who pays in full for the sibling discount, and the season of the registration fee', () => {
    expect(
      explanations([
        { ...emma, ...jazz, startDate: '2026-09-01' },
        { ...lily, ...balletI, startDate: '2026-09-01' },
      ]),
    ).toEqual([
      ['tuition', 8000, 'All 4 classes in November: the full monthly price of $80.00.'],
      ['tuition', 12_000, 'All 7 classes in November: the full monthly price of $120.00.'],
      ['discount', -800, "10% off Emma's tuition ($80.00): Lily has the highest tuition and pays in full; each other child gets 10% off."],
      ['registration', 2500, 'Charged once per family each season, with the first tuition invoice of the 2026–2027 season.'],
    ])
  })

  it('says when the family cap reduced a discount, and names the most expensive class for the multi-class discount', () => {
    const lines = computeFamilyTuition({ ...settings, multiClassDiscountPercent: 10, familyDiscountCapCents: 500, registrationFeeCents: 0 }, '2026-11', {
      enrollments: [
        { ...emma, ...jazz, startDate: '2026-09-01' },
        { ...emma, ...balletI, startDate: '2026-09-01' },
      ],
    }).lines
    expect(lines.filter((line) => line.kind === 'discount').map((line) => line.explanation)).toEqual([
      "10% off Jazz ($80.00): Ballet I, Emma's most expensive class, is charged in full; each other class of Emma's gets 10% off. Reduced by $3.00: the family's discounts are capped at $5.00 a month.",
    ])
  })

  it('says how much of each credit applies and what is left for the next invoices', () => {
    const credits = [
      { id: 'c1', amountCents: 2000, description: 'Credit: Missed class on the 12th' },
      { id: 'c2', amountCents: 50_000, description: 'Credit: Studio closed for a week' },
    ]
    const lines = explanations([{ ...emma, ...balletI, startDate: '2026-09-01' }], { credits, registrationSeasons: ['2026'] })
    expect(lines).toEqual([
      ['tuition', 12_000, 'All 7 classes in November: the full monthly price of $120.00.'],
      ['credit', -2000, 'Your credit of $20.00 from the academy, used in full.'],
      ['credit', -10_000, '$100.00 of your $500.00 credit from the academy, all this invoice owes; the $400.00 left comes off your next invoices.'],
    ])
  })
})
