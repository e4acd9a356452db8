import { describe, expect, it } from 'vitest'

import { firstInvoiceQuote, quoteAdditions } from './enrollment-quote'
import { computeFamilyTuition, quoteClassMonth, type TuitionEnrollment, type TuitionSettings } from './tuition'

const settings: TuitionSettings = {
  registrationFeeCents: 2500,
  seasonStartMonth: 9,
  siblingDiscountPercent: 10,
  familyDiscountCapCents: null,
  closures: [],
}

// November 2026 starts on a Sunday: Mondays 2, 9, 16, 23, 30 and Thursdays 5, 12, 19, 26 = 9 classes.
const riley = { studentId: '1', studentName: 'Riley' }
const sam = { studentId: '2', studentName: 'Sam' }
const ballet = { classId: '10', className: 'Ballet', priceCents: 9000, days: 'Monday & Thursday' }
const jazz = { classId: '11', className: 'Jazz', priceCents: 6000, days: 'Monday & Thursday' }
const enrolled = (who: typeof riley, cls: typeof ballet, startDate: string): TuitionEnrollment => ({ ...who, ...cls, startDate })

describe('quoteAdditions: what an enrollment adds to the family invoice of a month', () => {
  it('prorates the first month from the enrollment day and adds the season registration fee of a new family', () => {
    // From Thursday 19: 19, 23, 26, 30 = 4 of 9 classes; 9000 × 4 / 9 = 4000.
    const quote = quoteAdditions(settings, '2026-11', { enrollments: [] }, [enrolled(riley, ballet, '2026-11-19')])
    expect(quote?.lines.map((l) => [l.kind, l.amountCents, l.meetings])).toEqual([
      ['tuition', 4000, { charged: 4, held: 9 }],
      ['registration', 2500, undefined],
    ])
    expect(quote?.totalCents).toBe(6500)
    // The line says why in the tuition engine's own words, the sentence the invoice line will carry.
    expect(quote!.lines[0]!.explanation).toBe('4 of 9 classes in November: the class starts on the 19th. $90.00 a month × 4/9 = $40.00.')
    expect(quote!.lines[0]!.explanation).toBe(quoteClassMonth('2026-11', ballet, settings.closures, '2026-11-19').explanation)
  })

  it('charges no registration fee when the family already pays it this season', () => {
    const seasonPaid = quoteAdditions(settings, '2026-11', { enrollments: [], registrationSeasons: ['2026'] }, [enrolled(riley, ballet, '2026-11-19')])
    expect(seasonPaid?.lines.map((l) => l.kind)).toEqual(['tuition'])
    // The family's other enrollment carries the fee on this invoice already.
    const carried = quoteAdditions(settings, '2026-11', { enrollments: [enrolled(sam, jazz, '2026-09-01')] }, [enrolled(riley, ballet, '2026-11-19')])
    expect(carried?.lines.some((l) => l.kind === 'registration')).toBe(false)
  })

  it('gives a second child the sibling discount, and the difference it makes to the invoice is the total', () => {
    const family = { enrollments: [enrolled(riley, ballet, '2026-09-01')], registrationSeasons: ['2026'] }
    const addition = enrolled(sam, jazz, '2026-11-01')
    const quote = quoteAdditions(settings, '2026-11', family, [addition])!
    expect(quote.lines.map((l) => [l.kind, l.description, l.amountCents])).toEqual([
      ['tuition', 'Jazz — Sam, Nov 2026', 6000],
      ['discount', 'Sibling discount 10% — Sam', -600],
    ])
    const before = computeFamilyTuition(settings, '2026-11', family)
    const after = computeFamilyTuition(settings, '2026-11', { ...family, enrollments: [...family.enrollments, addition] })
    expect(quote.totalCents).toBe(after.totalCents - before.totalCents)
  })

  it('moves the sibling discount to the child already enrolled when the new class costs more', () => {
    const family = { enrollments: [enrolled(sam, jazz, '2026-09-01')], registrationSeasons: ['2026'] }
    const quote = quoteAdditions(settings, '2026-11', family, [enrolled(riley, ballet, '2026-11-01')])!
    expect(quote.lines.map((l) => [l.kind, l.description, l.amountCents])).toEqual([
      ['tuition', 'Ballet — Riley, Nov 2026', 9000],
      ['discount', 'Sibling discount 10% — Sam', -600],
    ])
    expect(quote.totalCents).toBe(8400)
  })

  it('gives back the discount a child loses when the other child now pays in full', () => {
    const family = { enrollments: [enrolled(riley, ballet, '2026-09-01'), enrolled(sam, jazz, '2026-09-01')], registrationSeasons: ['2026'] }
    // Sam's 6000 + 9000 is now more than Riley's 9000: Riley gets the 10% off, Sam no longer.
    const quote = quoteAdditions(settings, '2026-11', family, [enrolled(sam, ballet, '2026-11-01')])!
    expect(quote.lines.map((l) => [l.kind, l.description, l.amountCents])).toEqual([
      ['tuition', 'Ballet — Sam, Nov 2026', 9000],
      ['discount', 'Sibling discount 10% — Riley', -900],
      ['discount', 'Sibling discount 10% — Sam', 600],
    ])
    expect(quote.totalCents).toBe(9000 + 6000 + 9000 - 900 - (9000 + 6000 - 600))
    // Each line carries the sentence of the invoice line: the discount Sam had is on the invoice no more.
    const everyChild = 'has the highest tuition and pays in full; each other child gets 10% off.'
    expect(quote.lines.map((l) => l.explanation)).toEqual([
      'All 9 classes in November: the full monthly price of $90.00.',
      `10% off Riley's tuition ($90.00): Sam ${everyChild}`,
      `No longer applies: 10% off Sam's tuition ($60.00): Riley ${everyChild}`,
    ])
  })

  it('is null when the class holds no meeting for the student in the month', () => {
    expect(
      quoteAdditions(settings, '2026-11', { enrollments: [] }, [{ ...enrolled(riley, ballet, '2026-11-01'), schedule: { termStart: '2027-01-04' } }]),
    ).toBeNull()
  })
})

describe('firstInvoiceQuote: the first invoice that will charge the new class', () => {
  const addition = enrolled(riley, ballet, '2026-11-19')

  it('is this month, prorated, when this month is still to be billed', () => {
    const quote = firstInvoiceQuote(settings, '2026-11-19', { enrollments: [], billedMonths: [] }, [addition])
    expect(quote?.month).toBe('2026-11')
    expect(quote?.totalCents).toBe(6500)
  })

  it('is the next month, in full, once this month has been billed', () => {
    const quote = firstInvoiceQuote(settings, '2026-11-19', { enrollments: [], billedMonths: ['2026-11'] }, [addition])
    expect(quote?.month).toBe('2026-12')
    expect(quote?.lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ['tuition', 9000],
      ['registration', 2500],
    ])
  })

  it('skips months the class does not meet, counting the fee a month before it already charges', () => {
    const later = { ...addition, schedule: { termStart: '2027-01-04' } }
    // Sam leaves Jazz at the end of November: January has no tuition of the family before Riley's.
    const family = { enrollments: [{ ...enrolled(sam, jazz, '2026-09-01'), endDate: '2026-11-30' }], billedMonths: [] }
    const quote = firstInvoiceQuote(settings, '2026-11-19', family, [later])
    expect(quote?.month).toBe('2027-01')
    // November's invoice (Sam's Jazz, still to be billed) charges the 2026 season's fee: January does not again.
    expect(quote?.lines.some((l) => l.kind === 'registration')).toBe(false)
    expect(firstInvoiceQuote(settings, '2026-11-19', { enrollments: [], billedMonths: [] }, [later], 1)).toBeNull()
  })
})
