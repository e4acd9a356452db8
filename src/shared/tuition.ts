/**
 * Tuition, the money engine of the monthly run (pure; server and browser).
 *
 * Given the academy's billing settings, a month and one family's enrollments, it says what that
 * family owes for the month as invoice lines. Every amount is integer cents and every step is
 * integer arithmetic: no floating point touches money.
 *
 * Rules, in order:
 * 1. Tuition: one line per student × class. A class's monthly price is charged in full when the
 *    enrollment covers every meeting of the month. An enrollment that starts or ends mid-month pays
 *    price × (meetings held while enrolled) / (meetings held in the whole month), where a meeting
 *    is a day of the month on one of the class's weekdays (its structured weekdays, else its
 *    free-text `days`), inside the class's term, that is no closure of the academy or of the
 *    class (decisions §14). Rounding: half a cent rounds up, computed on integers as
 *    floor((price × held × 2 + total) / (2 × total)). A class whose `days` name no weekday counts
 *    every calendar day as a meeting; a class that holds no meeting in the month charges nothing.
 * 2. Multi-class discount (optional): each student's most expensive class pays in full, each of
 *    their other classes gets the percentage off (rounded half up).
 * 3. Sibling discount: the student with the highest tuition (after rule 2) pays in full, each
 *    other student gets the percentage off their tuition (rounded half up).
 * 4. The family's discounts together never exceed the cap: the last discount lines are reduced.
 * 5. Registration fee: once per family per season, on the first month with tuition in that season.
 * 6. Credits (pending, from an administrator) are negative lines, used only up to what the family
 *    owes, so the total is never negative; what is left over stays pending for a later month.
 * The total is the sum of the lines.
 */

import { addDays, eachDay, isMonth, monthBounds } from './dates'
import { classMeetsOn, classWeekdays, WEEKDAYS, type ClassCalendar } from './schedule'

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

export const LINE_KINDS = ['tuition', 'discount', 'registration', 'late-fee', 'credit', 'manual'] as const
export type LineKind = (typeof LINE_KINDS)[number]

export type TuitionLine = {
  kind: LineKind
  description: string
  amountCents: number
  studentId?: string
  classId?: string
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

/** Integer half-up rounding of numerator / denominator for non-negative integers. */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (denominator <= 0) throw new Error('Denominator must be positive')
  return Math.floor((numerator * 2 + denominator) / (2 * denominator))
}

/** `percent` % of `cents`, rounded half up to the cent. */
export function percentOf(cents: number, percent: number): number {
  return divideRoundHalfUp(cents * percent, 100)
}

/** The season a month belongs to, named by the year it starts: ('2027-02', 9) → '2026'. */
export function seasonOf(month: string, seasonStartMonth: number): string {
  if (!isMonth(month)) throw new Error(`Not a month: ${month}`)
  const year = Number(month.slice(0, 4))
  const number = Number(month.slice(5, 7))
  return String(number >= seasonStartMonth ? year : year - 1)
}

/**
 * The days of `month` a class meets: its weekdays (structured, else its `days` text), inside its
 * term, closures of the academy and of the class left out (decisions §14). A class with no
 * weekday at all counts every day of its term.
 */
export function meetingDays(
  month: string,
  days: string,
  closures: ReadonlySet<string> | readonly string[],
  schedule: Omit<ClassCalendar, 'days'> = {},
): string[] {
  const closed = closures instanceof Set ? closures : new Set(closures as readonly string[])
  const { first, last } = monthBounds(month)
  const cls: ClassCalendar = { ...schedule, days }
  const every = classWeekdays(cls).length === 0
  const everyDay: ClassCalendar = { ...cls, weekdays: WEEKDAYS }
  return eachDay(first, last).filter((day) => classMeetsOn(every ? everyDay : cls, day, closed))
}

/**
 * One enrollment's tuition for the month: full price, a prorated price, or nothing when it does not
 * overlap the month or the class holds no meeting in it.
 */
export function prorate(
  priceCents: number,
  meetings: readonly string[],
  startDate: string,
  endDate?: string | null,
): { amountCents: number; charged: number; held: number } {
  const held = meetings.length
  const charged = meetings.filter((day) => day >= startDate && (!endDate || day <= endDate)).length
  if (held === 0 || charged === 0) return { amountCents: 0, charged, held }
  if (charged === held) return { amountCents: priceCents, charged, held }
  return { amountCents: divideRoundHalfUp(priceCents * charged, held), charged, held }
}

function assertCents(value: number, what: string) {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${what} must be a whole, non-negative number of cents`)
}

function assertPercent(value: number, what: string) {
  if (!Number.isInteger(value) || value < 0 || value > 100) throw new Error(`${what} must be a whole percent from 0 to 100`)
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** 'Mar 2026' for '2026-03'. */
export function monthLabel(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`
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
  const meetingsByDays = new Map<string, string[]>()

  // 1. Tuition, one line per student × class, in a stable order (student, then class).
  const enrollments = [...family.enrollments].sort(
    (a, b) => a.studentName.localeCompare(b.studentName) || a.studentId.localeCompare(b.studentId) || a.className.localeCompare(b.className),
  )
  const tuition: TuitionLine[] = []
  for (const enrollment of enrollments) {
    assertCents(enrollment.priceCents, `The price of ${enrollment.className}`)
    const scheduleKey = `${enrollment.days}\u0000${JSON.stringify(enrollment.schedule ?? {})}`
    let meetings = meetingsByDays.get(scheduleKey)
    if (!meetings) {
      meetings = meetingDays(month, enrollment.days, closures, enrollment.schedule)
      meetingsByDays.set(scheduleKey, meetings)
    }
    const { amountCents, charged, held } = prorate(enrollment.priceCents, meetings, enrollment.startDate, enrollment.endDate)
    if (amountCents === 0) continue
    const partial = charged < held ? `, ${charged} of ${held} classes` : ''
    tuition.push({
      kind: 'tuition',
      description: `${enrollment.className} — ${enrollment.studentName}, ${label}${partial}`,
      amountCents,
      studentId: enrollment.studentId,
      classId: enrollment.classId,
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
          studentId,
          classId: line.classId,
        })
      })
    }
    netByStudent.set(studentId, net)
  }

  // 3. Sibling discount: the highest tuition pays in full (the first in order on a tie).
  if (settings.siblingDiscountPercent > 0 && studentIds.length > 1) {
    const fullStudent = studentIds.reduce((best, id) => (netByStudent.get(id)! > netByStudent.get(best)! ? id : best), studentIds[0]!)
    for (const studentId of studentIds) {
      if (studentId === fullStudent) continue
      const off = percentOf(netByStudent.get(studentId)!, settings.siblingDiscountPercent)
      if (off === 0) continue
      const name = enrollments.find((e) => e.studentId === studentId)!.studentName
      discounts.push({ kind: 'discount', description: `Sibling discount ${settings.siblingDiscountPercent}% — ${name}`, amountCents: -off, studentId })
    }
  }

  // 4. The cap: reduce the last discount lines until the discounts fit.
  if (settings.familyDiscountCapCents !== null) {
    let excess = -discounts.reduce((sum, line) => sum + line.amountCents, 0) - settings.familyDiscountCapCents
    for (let index = discounts.length - 1; index >= 0 && excess > 0; index--) {
      const line = discounts[index]!
      const reduce = Math.min(excess, -line.amountCents)
      line.amountCents += reduce
      excess -= reduce
    }
  }
  const lines: TuitionLine[] = [...tuition, ...discounts.filter((line) => line.amountCents !== 0)]

  // 5. Registration, once per season, with the first tuition of the season.
  const chargesRegistration = tuition.length > 0 && settings.registrationFeeCents > 0 && !(family.registrationSeasons ?? []).includes(season)
  if (chargesRegistration) {
    const next = Number(season) + 1
    lines.push({ kind: 'registration', description: `Registration fee, ${season}–${next} season`, amountCents: settings.registrationFeeCents })
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
    lines.push({ kind: 'credit', description: credit.description, amountCents: -use, creditId: credit.id })
  }

  return { month, season, lines, totalCents: sumLines(lines), chargesRegistration, creditsUsed }
}

/** The total of invoice lines, cents. */
export function sumLines(lines: readonly { amountCents: number }[]): number {
  return lines.reduce((sum, line) => sum + line.amountCents, 0)
}

/** The day of `month` tuition is billed: the billing day (1–28, so it exists in every month). */
export function billingDate(month: string, billingDay: number): string {
  if (!Number.isInteger(billingDay) || billingDay < 1 || billingDay > 28) throw new Error('The billing day must be from 1 to 28')
  return addDays(monthBounds(month).first, billingDay - 1)
}

/** The late fee an unpaid invoice owes on `today`: the fee once `lateAfterDays` have passed since it was due. */
export function lateFeeDue(settings: { lateFeeCents: number; lateAfterDays: number }, dueDate: string, today: string): number {
  if (settings.lateFeeCents <= 0) return 0
  return today > addDays(dueDate, settings.lateAfterDays) ? settings.lateFeeCents : 0
}
