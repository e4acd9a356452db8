import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { computeFamilyTuition, sumLines, type TuitionEnrollment } from './tuition'
import { mailedGuardianOf, seesHouseholdOwn, seesInvoice, splitLines, type MoneyHousehold, type MoneyReader } from './split-billing'

type Line = { kind: string; amountCents: number; creditId?: number | null; studentId?: number | null; classId?: number | null }

const PAYER = 1
function enrollment(studentId: number, classId: number, priceCents: number): TuitionEnrollment {
  return {
    studentId: String(studentId),
    studentName: `Child ${studentId}`,
    classId: String(classId),
    className: `Class ${classId}`,
    priceCents,
    days: 'Monday & Wednesday',
    startDate: '2026-01-01',
    endDate: null,
  }
}

describe('splitLines', () => {
  it('keeps a household whose lines all go to the payer as one invoice, its lines as they were', () => {
    const lines: Line[] = [
      { kind: 'tuition', amountCents: 10000, studentId: 5 },
      { kind: 'credit', amountCents: -2000, creditId: 9 },
    ]
    expect(splitLines(lines, PAYER, () => null)).toEqual([{ guardianId: PAYER, lines }])
  })

  it('gives each guardian their children, the registration fee and credits to the payer', () => {
    const lines: Line[] = [
      { kind: 'tuition', amountCents: 10000, studentId: 5 },
      { kind: 'tuition', amountCents: 8000, studentId: 6 },
      { kind: 'discount', amountCents: -800, studentId: 6 },
      { kind: 'registration', amountCents: 3000 },
      { kind: 'credit', amountCents: -1000, creditId: 9 },
    ]
    const parts = splitLines(lines, PAYER, (line) => (line.studentId === 6 ? 2 : null))
    expect(parts.map((p) => [p.guardianId, sumLines(p.lines)])).toEqual([
      [PAYER, 12000],
      [2, 7200],
    ])
  })

  it('splits a credit larger than the payer’s share across the shares', () => {
    const lines: Line[] = [
      { kind: 'tuition', amountCents: 1000, studentId: 5 },
      { kind: 'tuition', amountCents: 5000, studentId: 6 },
      { kind: 'credit', amountCents: -4000, creditId: 9 },
    ]
    const parts = splitLines(lines, PAYER, (line) => (line.studentId === 6 ? 2 : null))
    expect(parts.map((p) => [p.guardianId, sumLines(p.lines)])).toEqual([
      [PAYER, 0],
      [2, 2000],
    ])
    expect(parts.flatMap((p) => p.lines.filter((l) => l.kind === 'credit').map((l) => l.amountCents))).toEqual([-1000, -3000])
  })

  it('adds up to the single invoice for any household, guardians and credits (property)', () => {
    const household = fc.record({
      classes: fc.array(
        fc.record({ student: fc.integer({ min: 1, max: 4 }), cls: fc.integer({ min: 1, max: 6 }), price: fc.integer({ min: 1, max: 50000 }) }),
        {
          minLength: 1,
          maxLength: 8,
        },
      ),
      sibling: fc.integer({ min: 0, max: 100 }),
      multi: fc.integer({ min: 0, max: 100 }),
      cap: fc.option(fc.integer({ min: 0, max: 20000 })),
      registration: fc.integer({ min: 0, max: 10000 }),
      credits: fc.array(fc.integer({ min: 1, max: 60000 }), { maxLength: 3 }),
      studentGuardian: fc.array(fc.option(fc.integer({ min: 1, max: 3 })), { minLength: 5, maxLength: 5 }),
      classGuardian: fc.array(fc.option(fc.integer({ min: 1, max: 3 }), { freq: 3 }), { minLength: 7, maxLength: 7 }),
    })
    fc.assert(
      fc.property(household, (h) => {
        const seen = new Set<string>()
        const enrollments = h.classes
          .filter(({ student, cls }) => !seen.has(`${student}:${cls}`) && seen.add(`${student}:${cls}`))
          .map(({ student, cls, price }) => enrollment(student, cls, price))
        const settings = {
          billingDay: 1,
          seasonStartMonth: 9,
          registrationFeeCents: h.registration,
          siblingDiscountPercent: h.sibling,
          multiClassDiscountPercent: h.multi,
          familyDiscountCapCents: h.cap,
          lateFeeCents: 0,
          lateFeeAfterDays: 14,
          closures: [],
        }
        const credits = h.credits.map((amountCents, index) => ({ id: String(index + 1), amountCents, description: `Credit ${index + 1}` }))
        const month = computeFamilyTuition(settings, '2026-02', { enrollments, registrationSeasons: [], credits })
        const lines: Line[] = month.lines.map((line) => ({
          kind: line.kind,
          amountCents: line.amountCents,
          studentId: line.studentId ? Number(line.studentId) : null,
          classId: line.classId ? Number(line.classId) : null,
          creditId: line.creditId ? Number(line.creditId) : null,
        }))
        const guardianOf = (line: Line) =>
          line.studentId == null ? null : ((line.classId != null ? h.classGuardian[line.classId] : null) ?? h.studentGuardian[line.studentId] ?? null)
        const parts = splitLines(lines, PAYER, guardianOf)
        expect(parts.reduce((sum, part) => sum + sumLines(part.lines), 0)).toBe(month.totalCents)
        expect(new Set(parts.map((p) => p.guardianId)).size).toBe(parts.length)
        for (const part of parts) {
          const cost = sumLines(part.lines)
          expect(cost).toBeGreaterThanOrEqual(0)
          if (cost === 0 && lines.some((l) => l.kind !== 'credit')) expect(part.lines.some((l) => l.kind === 'credit')).toBe(true)
        }
        const nonCredit = (ls: Line[]) => ls.filter((l) => l.kind !== 'credit')
        expect(parts.flatMap((p) => nonCredit(p.lines)).length).toBe(nonCredit(lines).length)
        for (const credit of lines.filter((l) => l.kind === 'credit')) {
          const used = parts.flatMap((p) => p.lines).filter((l) => l.kind === 'credit' && l.creditId === credit.creditId)
          expect(sumLines(used)).toBe(credit.amountCents)
        }
      }),
      { numRuns: 300 },
    )
  })
})

describe('the billed-to rule of money reads and mails', () => {
  const OTHER = 2
  const VIEWER = 3
  const LEFT = 4
  const split: MoneyHousehold = { split: true, payerId: PAYER, fullGuardianIds: [PAYER, OTHER] }
  const whole: MoneyHousehold = { ...split, split: false }
  const readers: Record<string, MoneyReader> = {
    payer: { id: PAYER, role: 'full' },
    other: { id: OTHER, role: 'full' },
    viewer: { id: VIEWER, role: 'view' },
    office: { id: 99, role: 'office' },
  }
  const invoices = { own: { billedTo: null }, payers: { billedTo: PAYER }, others: { billedTo: OTHER }, leavers: { billedTo: LEFT } }
  const seen = (household: MoneyHousehold, reader: MoneyReader) =>
    Object.entries(invoices)
      .filter(([, invoice]) => seesInvoice(reader, household, invoice))
      .map(([name]) => name)

  it('lets every guardian and the office see all of a household that does not split', () => {
    for (const reader of Object.values(readers)) {
      expect(seen(whole, reader)).toEqual(['own', 'payers', 'others', 'leavers'])
      expect(seesHouseholdOwn(reader, whole)).toBe(true)
    }
  })

  it('splitting, shows each full guardian their own, the payer also the household’s and a leaver’s, a view-only guardian the payer’s', () => {
    expect(seen(split, readers.payer!)).toEqual(['own', 'payers', 'leavers'])
    expect(seen(split, readers.other!)).toEqual(['others'])
    expect(seen(split, readers.viewer!)).toEqual(['own', 'payers', 'leavers'])
    expect(seen(split, readers.office!)).toEqual(['own', 'payers', 'others', 'leavers'])
    expect([readers.payer, readers.other, readers.viewer, readers.office].map((reader) => seesHouseholdOwn(reader!, split))).toEqual([true, false, true, true])
  })

  it('mails every guardian of a household that does not split, else the one guardian billed', () => {
    expect(Object.values(invoices).map((invoice) => mailedGuardianOf(invoice, whole))).toEqual([null, null, null, null])
    expect(Object.values(invoices).map((invoice) => mailedGuardianOf(invoice, split))).toEqual([PAYER, PAYER, OTHER, PAYER])
  })
})
