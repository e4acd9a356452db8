/**
 * Tuition, the money engine of the monthly run (pure; server and browser).
 *
 * Given the academy's billing settings, a month and one family's enrollments, it says what that
 * family owes for the month as invoice lines. Every amount is integer cents and every step is
 * integer arithmetic: no floating point touches money.
 *
 * Rules, in order:
 * 1. Tuition: one line per student × class, its monthly price prorated by the meetings held while
 *    enrolled (quoteClassMonth, src/shared/tuition-proration.ts). A class whose `days` name no
 *    weekday counts every calendar day as a meeting; a class that holds no meeting in the month
 *    charges nothing.
 * 2. Multi-class discount (optional): each student's most expensive class pays in full, each of
 *    their other classes gets the percentage off (rounded half up).
 * 3. Sibling discount: the student with the highest tuition (after rule 2) pays in full, each
 *    other student gets the percentage off their tuition (rounded half up).
 * 4. The family's discounts together never exceed the cap: the last discount lines are reduced.
 * 5. Registration fee: once per family per season, on the first month with tuition in that season.
 * 6. Credits (pending, from an administrator) are negative lines, used only up to what the family
 *    owes, so the total is never negative; what is left over stays pending for a later month.
 * The total is the sum of the lines. Every line carries its explanation in words
 * (tuition-proration.ts, tuition-explanations.ts), stored on the invoice line by the run.
 */

import { isMonth } from './dates'
import type { ClassCalendar } from './schedule'
import { monthLabel, seasonOf } from './tuition-calendar'
import {
  creditExplanation,
  discountCapExplanation,
  multiClassDiscountExplanation,
  registrationExplanation,
  siblingDiscountExplanation,
} from './tuition-explanations'
import { divideRoundHalfUp, quoteClassMonth } from './tuition-proration'

// The engine's parts, named where the engine was always read from.
export { billingDate, lateFeeDue, monthLabel, seasonOf } from './tuition-calendar'
export { divideRoundHalfUp, meetingDays, prorate, quoteClassMonth } from './tuition-proration'

export type TuitionSettings = {
  /** Registration fee per family per season, cents (0: none). */
  registrationFeeCents: number
  /** The month (1–12) a season starts: with 9, September 2026 to August 2027 is the 2026 season. */
  seasonStartMonth: number
  /** Whole percent (0–100) off each additional student's tuition. */
  siblingDiscountPercent: number
  /** Whole percent (0–100) off each additional class of one student (0: none). */
  multiClassDiscountPercent?: number
  /** The most a family's discounts may add up to in one month, cents; null: no cap. */
  familyDiscountCapCents: number | null
  /** Days with no class, `YYYY-MM-DD`. */
  closures: readonly string[]
}

export type TuitionEnrollment = {
  studentId: string
  studentName: string
  classId: string
  className: string
  /** Monthly tuition of the class, cents. */
  priceCents: number
  /** The class's meeting days as the schedule writes them ('Monday & Wednesday'). */
  days: string
  /**
   * The class's structured schedule (decisions §14): its weekdays (read before `days`), its term
   * and its own closures. Without it, the `days` text alone decides.
   */
  schedule?: Omit<ClassCalendar, 'days'>
  /** First day enrolled, `YYYY-MM-DD`. */
  startDate: string
  /** Last day enrolled, `YYYY-MM-DD`; none while enrolled. */
  endDate?: string | null
}

export type PendingCredit = { id: string; amountCents: number; description: string }

export type TuitionFamily = {
  enrollments: readonly TuitionEnrollment[]
  /** Seasons (see seasonOf) whose registration fee this family has already been charged. */
  registrationSeasons?: readonly string[]
  credits?: readonly PendingCredit[]
}

export const LINE_KINDS = ['tuition', 'discount', 'registration', 'late-fee', 'credit', 'manual', 'exam-fee'] as const
export type LineKind = (typeof LINE_KINDS)[number]

export type TuitionLine = {
  kind: LineKind
  description: string
  amountCents: number
  /** Why the line is there and how its amount was reached, in a family's words. */
  explanation: string
  studentId?: string
  studentName?: string
  classId?: string
  className?: string
  /** Tuition lines: meetings charged and meetings held in the month. */
  meetings?: { charged: number; held: number }
  /** Credit lines: the pending credit this line uses. */
  creditId?: string
}

export type FamilyTuition = {
  month: string
  season: string
  lines: TuitionLine[]
  totalCents: number
  /** Whether this invoice charges the season's registration fee. */
  chargesRegistration: boolean
  /** Cents taken from each pending credit. */
  creditsUsed: { id: string; amountCents: number }[]
}

/** `percent` % of `cents`, rounded half up to the cent. */
export function percentOf(cents: number, percent: number): number {
  return divideRoundHalfUp(cents * percent, 100)
}

function assertCents(value: number, what: string) {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${what} must be a whole, non-negative number of cents`)
}

function assertPercent(value: number, what: string) {
  if (!Number.isInteger(value) || value < 0 || value > 100) throw new Error(`${what} must be a whole percent from 0 to 100`)
}

/** What one family owes for `month` (`YYYY-MM`), as lines and their total. */
export function computeFamilyTuition(settings: TuitionSettings, month: string, family: TuitionFamily): FamilyTuition {
  if (!isMonth(month)) throw new Error(`Not a month: ${month}`)
  assertCents(settings.registrationFeeCents, 'The registration fee')
  assertPercent(settings.siblingDiscountPercent, 'The sibling discount')
  assertPercent(settings.multiClassDiscountPercent ?? 0, 'The multi-class discount')
  if (settings.familyDiscountCapCents !== null) assertCents(settings.familyDiscountCapCents, 'The family discount cap')
  if (!Number.isInteger(settings.seasonStartMonth) || settings.seasonStartMonth < 1 || settings.seasonStartMonth > 12) {
    throw new Error('The season start month must be from 1 to 12')
  }

  const closures = new Set(settings.closures)
  const label = monthLabel(month)
  const season = seasonOf(month, settings.seasonStartMonth)

  // 1. Tuition, one line per student × class, in a stable order (student, then class).
  const enrollments = [...family.enrollments].sort(
    (a, b) => a.studentName.localeCompare(b.studentName) || a.studentId.localeCompare(b.studentId) || a.className.localeCompare(b.className),
  )
  const tuition: TuitionLine[] = []
  for (const enrollment of enrollments) {
    assertCents(enrollment.priceCents, `The price of ${enrollment.className}`)
    const quote = quoteClassMonth(month, enrollment, closures, enrollment.startDate, enrollment.endDate)
    const { amountCents, charged, held } = quote
    if (amountCents === 0) continue
    const partial = charged < held ? `, ${charged} of ${held} classes` : ''
    tuition.push({
      kind: 'tuition',
      description: `${enrollment.className} — ${enrollment.studentName}, ${label}${partial}`,
      amountCents,
      explanation: quote.explanation,
      studentId: enrollment.studentId,
      studentName: enrollment.studentName,
      classId: enrollment.classId,
      className: enrollment.className,
      meetings: { charged, held },
    })
  }

  // 2. Multi-class discount per student.
  const discounts: TuitionLine[] = []
  const multiPercent = settings.multiClassDiscountPercent ?? 0
  const studentIds = [...new Set(tuition.map((line) => line.studentId!))]
  const netByStudent = new Map<string, number>()
  for (const studentId of studentIds) {
    const lines = tuition.filter((line) => line.studentId === studentId)
    let net = lines.reduce((sum, line) => sum + line.amountCents, 0)
    if (multiPercent > 0 && lines.length > 1) {
      const fullIndex = lines.reduce((best, line, index) => (line.amountCents > lines[best]!.amountCents ? index : best), 0)
      lines.forEach((line, index) => {
        if (index === fullIndex) return
        const off = percentOf(line.amountCents, multiPercent)
        if (off === 0) return
        net -= off
        discounts.push({
          kind: 'discount',
          description: `Multi-class discount ${multiPercent}% — ${line.description.split(',')[0]}`,
          amountCents: -off,
          explanation: multiClassDiscountExplanation({
            percent: multiPercent,
            studentName: line.studentName!,
            className: line.className!,
            classCents: line.amountCents,
            fullClassName: lines[fullIndex]!.className!,
          }),
          studentId,
          studentName: line.studentName,
          classId: line.classId,
          className: line.className,
        })
      })
    }
    netByStudent.set(studentId, net)
  }

  // 3. Sibling discount: the highest tuition pays in full (the first in order on a tie).
  if (settings.siblingDiscountPercent > 0 && studentIds.length > 1) {
    const fullStudent = studentIds.reduce((best, id) => (netByStudent.get(id)! > netByStudent.get(best)! ? id : best), studentIds[0]!)
    const nameOf = (id: string) => enrollments.find((e) => e.studentId === id)!.studentName
    for (const studentId of studentIds) {
      if (studentId === fullStudent) continue
      const tuitionCents = netByStudent.get(studentId)!
      const off = percentOf(tuitionCents, settings.siblingDiscountPercent)
      if (off === 0) continue
      const name = nameOf(studentId)
      discounts.push({
        kind: 'discount',
        description: `Sibling discount ${settings.siblingDiscountPercent}% — ${name}`,
        amountCents: -off,
        explanation: siblingDiscountExplanation({
          percent: settings.siblingDiscountPercent,
          studentName: name,
          tuitionCents,
          fullStudentName: nameOf(fullStudent),
        }),
        studentId,
        studentName: name,
      })
    }
  }

  // 4. The cap: reduce the last discount lines until the discounts fit.
  if (settings.familyDiscountCapCents !== null) {
    let excess = -discounts.reduce((sum, line) => sum + line.amountCents, 0) - settings.familyDiscountCapCents
    for (let index = discounts.length - 1; index >= 0 && excess > 0; index--) {
      const line = discounts[index]!
      const reduce = Math.min(excess, -line.amountCents)
      line.amountCents += reduce
      line.explanation += discountCapExplanation(reduce, settings.familyDiscountCapCents)
      excess -= reduce
    }
  }
  const lines: TuitionLine[] = [...tuition, ...discounts.filter((line) => line.amountCents !== 0)]

  // 5. Registration, once per season, with the first tuition of the season.
  const chargesRegistration = tuition.length > 0 && settings.registrationFeeCents > 0 && !(family.registrationSeasons ?? []).includes(season)
  if (chargesRegistration) {
    const next = Number(season) + 1
    lines.push({
      kind: 'registration',
      description: `Registration fee, ${season}–${next} season`,
      amountCents: settings.registrationFeeCents,
      explanation: registrationExplanation(season),
    })
  }

  // 6. Credits, up to what is owed.
  let owed = lines.reduce((sum, line) => sum + line.amountCents, 0)
  const creditsUsed: { id: string; amountCents: number }[] = []
  for (const credit of family.credits ?? []) {
    assertCents(credit.amountCents, 'A credit')
    const use = Math.min(credit.amountCents, owed)
    if (use <= 0) break
    owed -= use
    creditsUsed.push({ id: credit.id, amountCents: use })
    lines.push({
      kind: 'credit',
      description: credit.description,
      amountCents: -use,
      explanation: creditExplanation(credit.amountCents, use),
      creditId: credit.id,
    })
  }

  return { month, season, lines, totalCents: sumLines(lines), chargesRegistration, creditsUsed }
}

/** The total of invoice lines, cents. */
export function sumLines(lines: readonly { amountCents: number }[]): number {
  return lines.reduce((sum, line) => sum + line.amountCents, 0)
}
