import { closureDays } from './closures'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { weekdayOf } from './dates'
import { billingDate, computeFamilyTuition, divideRoundHalfUp, lateFeeDue, meetingDays, prorate, seasonOf, sumLines } from './tuition'
import type { TuitionEnrollment, TuitionSettings } from './tuition'

const settings: TuitionSettings = {
  registrationFeeCents: 3500,
  seasonStartMonth: 9,
  siblingDiscountPercent: 10,
  familyDiscountCapCents: null,
  // Monday 16 March 2026: no class.
  closures: ['2026-03-16'],
}

// March 2026 starts on a Sunday.
const ana = { studentId: 's-ana', studentName: 'Ana' }
const ben = { studentId: 's-ben', studentName: 'Ben' }
const balletI = { classId: 'c-ballet', className: 'Ballet I', priceCents: 8000, days: 'Monday & Wednesday' }
const jazz = { classId: 'c-jazz', className: 'Jazz', priceCents: 6000, days: 'Saturday' }
const tap = { classId: 'c-tap', className: 'Tap', priceCents: 5500, days: 'Tue' }

const family: TuitionEnrollment[] = [
  // Enrolled all month: 4 Mondays (the 16th is closed) + 4 Wednesdays = 8 classes, full price.
  { ...ana, ...balletI, startDate: '2025-09-01' },
  // Starts on the 10th: Saturdays 14, 21, 28 of 7, 14, 21, 28 → 6000 × 3 / 4 = 4500.
  { ...ben, ...jazz, startDate: '2026-03-10' },
  // Ends on the 20th: Tuesdays 3, 10, 17 of 3, 10, 17, 24, 31 → 5500 × 3 / 5 = 3300.
  { ...ben, ...tap, startDate: '2025-09-01', endDate: '2026-03-20' },
]

describe('tuition for an example family (March 2026)', () => {
  it('charges full and prorated tuition, the sibling discount and the season registration fee', () => {
    const result = computeFamilyTuition(settings, '2026-03', { enrollments: family })
    expect(result.lines.map((line) => [line.kind, line.description, line.amountCents])).toEqual([
      ['tuition', 'Ballet I — Ana, Mar 2026', 8000],
      ['tuition', 'Jazz — Ben, Mar 2026, 3 of 4 classes', 4500],
      ['tuition', 'Tap — Ben, Mar 2026, 3 of 5 classes', 3300],
      // Ana's 8000 is the highest tuition; Ben's 7800 gets 10 % off.
      ['discount', 'Sibling discount 10% — Ben', -780],
      ['registration', 'Registration fee, 2025–2026 season', 3500],
    ])
    expect(result.totalCents).toBe(8000 + 4500 + 3300 - 780 + 3500)
    expect(result.season).toBe('2025')
    expect(result.chargesRegistration).toBe(true)
  })

  it('charges registration once per season', () => {
    const result = computeFamilyTuition(settings, '2026-03', { enrollments: family, registrationSeasons: ['2025'] })
    expect(result.lines.some((line) => line.kind === 'registration')).toBe(false)
    expect(result.totalCents).toBe(15020)
  })

  it('applies the multi-class discount before the sibling discount, and caps the discounts', () => {
    const multi = computeFamilyTuition({ ...settings, multiClassDiscountPercent: 50 }, '2026-03', { enrollments: family, registrationSeasons: ['2025'] })
    expect(multi.lines.filter((line) => line.kind === 'discount').map((line) => line.amountCents)).toEqual([-1650, -615])
    const capped = computeFamilyTuition({ ...settings, multiClassDiscountPercent: 50, familyDiscountCapCents: 2000 }, '2026-03', {
      enrollments: family,
      registrationSeasons: ['2025'],
    })
    expect(capped.lines.filter((line) => line.kind === 'discount').map((line) => line.amountCents)).toEqual([-1650, -350])
    expect(capped.totalCents).toBe(15800 - 2000)
  })

  it('uses credits only up to what is owed and says how much of each it used', () => {
    const result = computeFamilyTuition(settings, '2026-03', {
      enrollments: [{ ...ana, ...balletI, startDate: '2025-09-01' }],
      registrationSeasons: ['2025'],
      credits: [
        { id: 'k1', amountCents: 5000, description: 'Credit: missed recital' },
        { id: 'k2', amountCents: 5000, description: 'Credit: overpayment' },
      ],
    })
    expect(result.lines.filter((line) => line.kind === 'credit').map((line) => line.amountCents)).toEqual([-5000, -3000])
    expect(result.creditsUsed).toEqual([
      { id: 'k1', amountCents: 5000 },
      { id: 'k2', amountCents: 3000 },
    ])
    expect(result.totalCents).toBe(0)
  })

  it('charges nothing for an enrollment outside the month or a month with every class closed', () => {
    expect(computeFamilyTuition(settings, '2026-03', { enrollments: [{ ...ana, ...balletI, startDate: '2026-04-01' }] }).lines).toEqual([])
    expect(computeFamilyTuition(settings, '2026-03', { enrollments: [{ ...ana, ...balletI, startDate: '2025-09-01', endDate: '2026-02-28' }] }).lines).toEqual(
      [],
    )
    const closedSaturdays = { ...settings, closures: ['2026-03-07', '2026-03-14', '2026-03-21', '2026-03-28'] }
    expect(computeFamilyTuition(closedSaturdays, '2026-03', { enrollments: [{ ...ben, ...jazz, startDate: '2025-09-01' }] }).totalCents).toBe(0)
  })

  it('refuses money that is not whole cents and out-of-range settings', () => {
    expect(() => computeFamilyTuition(settings, '2026-03', { enrollments: [{ ...ana, ...balletI, priceCents: 80.5, startDate: '2025-09-01' }] })).toThrow(
      /whole/,
    )
    expect(() => computeFamilyTuition({ ...settings, siblingDiscountPercent: 150 }, '2026-03', { enrollments: [] })).toThrow(/percent/)
    expect(() => computeFamilyTuition(settings, '2026-13', { enrollments: [] })).toThrow(/month/)
  })
})

describe('proration and rounding', () => {
  it('counts the meetings of a month, closures excluded', () => {
    expect(meetingDays('2026-03', 'Monday & Wednesday', ['2026-03-16'])).toHaveLength(8)
    // A `days` text naming no weekday counts every open day.
    expect(meetingDays('2026-02', 'by arrangement', ['2026-02-14'])).toHaveLength(27)
  })

  it('reads the structured schedule: its weekdays, its term and its own closures (decisions §14)', () => {
    // March 2026: Tuesdays and Thursdays are the 3rd, 5th, 10th, 12th, 17th, 19th, 24th, 26th and 31st.
    const schedule = {
      weekdays: ['Tuesday', 'Thursday'],
      termStart: '2026-03-05',
      termEnd: '2026-03-24',
      closures: [{ start: '2026-03-12', end: '2026-03-12' }],
    }
    expect(meetingDays('2026-03', 'Monday & Wednesday', ['2026-03-17'], schedule)).toEqual(['2026-03-05', '2026-03-10', '2026-03-19', '2026-03-24'])
    // Outside the term, nothing is held.
    expect(meetingDays('2026-06', 'Tuesday', [], { termEnd: '2026-05-31' })).toEqual([])
    // The same schedule without structured weekdays falls back to the text.
    expect(meetingDays('2026-03', 'Monday', [], { termStart: '2026-03-20' })).toEqual(['2026-03-23', '2026-03-30'])
  })

  it('prorates a term that starts mid-month over the meetings the class holds in it', () => {
    const settings0 = { ...settings, closures: [], registrationFeeCents: 0, siblingDiscountPercent: 0 }
    const enrollment = {
      studentId: '1',
      studentName: 'Ada',
      classId: '1',
      className: 'Ballet',
      priceCents: 9000,
      days: 'Tuesday & Thursday',
      schedule: {
        weekdays: ['Tuesday', 'Thursday'],
        termStart: '2026-03-05',
        termEnd: '2026-03-24',
        closures: [{ start: '2026-03-12', end: '2026-03-12', label: 'Half term' }],
      },
      startDate: '2026-03-15',
    }
    // Held in March: 5, 10, 17, 19, 24 (five); enrolled from the 15th: 17, 19 and 24 → 3/5.
    const result = computeFamilyTuition(settings0, '2026-03', { enrollments: [enrollment] })
    expect(result.lines[0]).toMatchObject({ amountCents: 5400, meetings: { charged: 3, held: 5 } })
    // Fully enrolled across the term: the whole month's price, whatever the term leaves out.
    expect(computeFamilyTuition(settings0, '2026-03', { enrollments: [{ ...enrollment, startDate: '2026-01-01' }] }).totalCents).toBe(9000)
  })

  it('rounds half a cent up, on integers', () => {
    expect(divideRoundHalfUp(4999, 2)).toBe(2500) // 2499.5
    expect(divideRoundHalfUp(4997, 2)).toBe(2499) // 2498.5 → 2499
    expect(divideRoundHalfUp(1000, 3)).toBe(333)
    expect(divideRoundHalfUp(2000, 3)).toBe(667)
    expect(prorate(4999, ['2026-03-02', '2026-03-09'], '2026-03-05').amountCents).toBe(2500)
  })

  it('names seasons by the year they start and bills on the billing day', () => {
    expect(seasonOf('2026-08', 9)).toBe('2025')
    expect(seasonOf('2026-09', 9)).toBe('2026')
    expect(seasonOf('2026-03', 1)).toBe('2026')
    expect(billingDate('2026-02', 28)).toBe('2026-02-28')
    expect(() => billingDate('2026-02', 29)).toThrow(/billing day/)
  })

  it('owes a late fee only once the grace days have passed', () => {
    const late = { lateFeeCents: 1500, lateAfterDays: 5 }
    expect(lateFeeDue(late, '2026-03-01', '2026-03-06')).toBe(0)
    expect(lateFeeDue(late, '2026-03-01', '2026-03-07')).toBe(1500)
    expect(lateFeeDue({ ...late, lateFeeCents: 0 }, '2026-03-01', '2026-04-01')).toBe(0)
  })
})

const DAY_TEXTS = ['Monday', 'Tue/Thu', 'Monday & Wednesday', 'Saturday', 'Mon-Fri', 'Weekends', 'Daily', 'by arrangement']

const arbDate = fc.integer({ min: 0, max: 700 }).map((offset) => new Date(Date.UTC(2025, 0, 1 + offset)).toISOString().slice(0, 10))
const arbMonth = fc.integer({ min: 0, max: 23 }).map((offset) => new Date(Date.UTC(2025, offset, 1)).toISOString().slice(0, 7))
const arbEnrollment = fc.record({
  studentId: fc.constantFrom('s1', 's2', 's3', 's4'),
  classId: fc.constantFrom('c1', 'c2', 'c3', 'c4', 'c5'),
  priceCents: fc.integer({ min: 0, max: 1_000_000 }),
  days: fc.constantFrom(...DAY_TEXTS),
  startDate: arbDate,
  endDate: fc.option(arbDate, { nil: null }),
})
const arbSettings = fc.record({
  registrationFeeCents: fc.integer({ min: 0, max: 100_000 }),
  seasonStartMonth: fc.integer({ min: 1, max: 12 }),
  siblingDiscountPercent: fc.integer({ min: 0, max: 100 }),
  multiClassDiscountPercent: fc.integer({ min: 0, max: 100 }),
  familyDiscountCapCents: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: null }),
  closures: fc.array(arbDate, { maxLength: 40 }),
})
const arbFamily = fc.record({
  enrollments: fc
    .uniqueArray(arbEnrollment, { maxLength: 8, selector: (e) => `${e.studentId}/${e.classId}` })
    .map((list) => list.map((e) => ({ ...e, studentName: `Student ${e.studentId}`, className: `Class ${e.classId}` }))),
  registrationSeasons: fc.array(fc.constantFrom('2024', '2025', '2026'), { maxLength: 3 }),
  credits: fc.array(fc.record({ id: fc.uuid(), amountCents: fc.integer({ min: 0, max: 500_000 }), description: fc.constant('Credit') }), { maxLength: 3 }),
})

describe('tuition properties', () => {
  it('lines always sum to the total, every amount is whole cents, and the total is never negative', () => {
    fc.assert(
      fc.property(arbSettings, arbMonth, arbFamily, (s, month, fam) => {
        const result = computeFamilyTuition(s, month, fam)
        expect(result.totalCents).toBe(sumLines(result.lines))
        expect(result.lines.every((line) => Number.isSafeInteger(line.amountCents))).toBe(true)
        expect(result.totalCents).toBeGreaterThanOrEqual(0)
      }),
      { numRuns: 300 },
    )
  })

  it('a meeting day is always on a weekday of the class, inside its term, and never a closure (property)', () => {
    const arbSchedule = fc.record({
      weekdays: fc.subarray(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']),
      termStart: fc.option(arbDate, { nil: null }),
      termEnd: fc.option(arbDate, { nil: null }),
      closures: fc.array(
        arbDate.map((day) => ({ start: day, end: day })),
        { maxLength: 10 },
      ),
    })
    fc.assert(
      fc.property(arbMonth, arbSchedule, fc.array(arbDate, { maxLength: 10 }), (month, schedule, academy) => {
        const days = meetingDays(month, 'Saturday', academy, schedule)
        const weekdays = schedule.weekdays.length ? schedule.weekdays : ['Saturday']
        for (const day of days) {
          expect(weekdays).toContain(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'][weekdayOf(day)])
          if (schedule.termStart) expect(day >= schedule.termStart).toBe(true)
          if (schedule.termEnd) expect(day <= schedule.termEnd).toBe(true)
          expect(closureDays(schedule.closures)).not.toContain(day)
          expect(academy).not.toContain(day)
        }
      }),
      { numRuns: 300 },
    )
  })

  it("proration never exceeds the full month's price and never goes below zero", () => {
    fc.assert(
      fc.property(arbSettings, arbMonth, arbEnrollment, (s, month, enrollment) => {
        const meetings = meetingDays(month, enrollment.days, s.closures)
        const { amountCents } = prorate(enrollment.priceCents, meetings, enrollment.startDate, enrollment.endDate)
        expect(amountCents).toBeLessThanOrEqual(enrollment.priceCents)
        expect(amountCents).toBeGreaterThanOrEqual(0)
      }),
      { numRuns: 500 },
    )
  })

  it('the discounts never exceed the cap nor the tuition, and no tuition line exceeds its price', () => {
    fc.assert(
      fc.property(arbSettings, arbMonth, arbFamily, (s, month, fam) => {
        const result = computeFamilyTuition(s, month, fam)
        const discount = -sumLines(result.lines.filter((line) => line.kind === 'discount'))
        const tuition = sumLines(result.lines.filter((line) => line.kind === 'tuition'))
        expect(discount).toBeGreaterThanOrEqual(0)
        if (s.familyDiscountCapCents !== null) expect(discount).toBeLessThanOrEqual(s.familyDiscountCapCents)
        expect(discount).toBeLessThanOrEqual(tuition)
        for (const line of result.lines.filter((l) => l.kind === 'tuition')) {
          const price = fam.enrollments.find((e) => e.studentId === line.studentId && e.classId === line.classId)!.priceCents
          expect(line.amountCents).toBeLessThanOrEqual(price)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('a family enrolled all month pays the sum of full prices less discounts', () => {
    fc.assert(
      fc.property(arbMonth, fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 4 }), (month, prices) => {
        const enrollments = prices.map((priceCents, index) => ({
          studentId: `s${index}`,
          studentName: `S${index}`,
          classId: 'c',
          className: 'C',
          priceCents,
          days: 'Daily',
          startDate: '2020-01-01',
        }))
        const result = computeFamilyTuition({ ...settings, siblingDiscountPercent: 0, registrationFeeCents: 0, closures: [] }, month, { enrollments })
        expect(result.totalCents).toBe(prices.reduce((a, b) => a + b, 0))
      }),
    )
  })
})
