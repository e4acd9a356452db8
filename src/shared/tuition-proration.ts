/**
 * Proration, rule 1 of the tuition engine (src/shared/tuition.ts), and its explanation in words.
 *
 * A class's monthly price is charged in full when the enrollment covers every meeting of the
 * month. An enrollment that starts or ends mid-month pays price × (meetings held while
 * enrolled) / (meetings held in the whole month), where a meeting is a day of the month on one
 * of the class's weekdays (its structured weekdays, else its free-text `days`), inside the
 * class's term, that is no closure of the academy or of the class (decisions §14). Rounding:
 * half a cent rounds up, computed on integers as floor((price × held × 2 + total) / (2 × total)).
 *
 * `quoteClassMonth` is the one-class view of the same rule (what a class costs a student for a
 * month, with the reason in words): the monthly run, the family's statement and the enrollment
 * preview all read proration from here, never from a copy.
 */

import { eachDay, monthBounds } from './dates'
import { formatCents } from './money'
import { ordinal } from './ordinal'
import { classMeetsOn, classWeekdays, WEEKDAYS, type ClassCalendar } from './schedule'

/** Integer half-up rounding of numerator / denominator for non-negative integers. */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (denominator <= 0) throw new Error('Denominator must be positive')
  return Math.floor((numerator * 2 + denominator) / (2 * denominator))
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
 * The days of `month` the class would have met but for a closure (the academy's or its own):
 * the meetings `meetingDays` leaves out because of closures, read through the same helper.
 */
export function closedMeetingDays(
  month: string,
  days: string,
  closures: ReadonlySet<string> | readonly string[],
  schedule: Omit<ClassCalendar, 'days'> = {},
): string[] {
  const held = new Set(meetingDays(month, days, closures, schedule))
  return meetingDays(month, days, [], { ...schedule, closures: [] }).filter((day) => !held.has(day))
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

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** 'November' for '2026-11'. */
export function monthName(month: string): string {
  return MONTH_NAMES[Number(month.slice(5, 7)) - 1]!
}

/** The day of the month as an ordinal: '2026-11-17' → '17th'. */
const dayOfMonth = (day: string) => ordinal(Number(day.slice(8, 10)))

/** 'a', 'a and b', 'a, b and c'. */
function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? ''
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}

/** 'the 26th is a closure', 'the 25th and 26th are closures'. */
function closuresText(closed: readonly string[]): string {
  const days = listWords(closed.map(dayOfMonth))
  return closed.length === 1 ? `the ${days} is a closure` : `the ${days} are closures`
}

export type ProrationFacts = {
  month: string
  priceCents: number
  /** The class's meetings in the month (closures left out). */
  meetings: readonly string[]
  /** The meetings closures took away (closedMeetingDays). */
  closed: readonly string[]
  startDate: string
  endDate?: string | null
}

/**
 * Why a class costs what it does for the month, in a family's words:
 * - 'All 8 classes in November: the full monthly price of $120.00.'
 * - '4 of 9 classes in November: the class starts on the 17th, and the 26th is a closure.
 *   $120.00 a month × 4/9 = $53.33.'
 */
export function prorationExplanation(facts: ProrationFacts): string {
  const { month, priceCents, meetings, closed, startDate, endDate } = facts
  const { amountCents, charged, held } = prorate(priceCents, meetings, startDate, endDate)
  const name = monthName(month)
  if (held === 0) return `No class is held in ${name}: nothing to pay.`
  if (charged === 0) return `None of the ${held} classes in ${name} falls while enrolled: nothing to pay.`
  if (charged === held) return `All ${held} ${held === 1 ? 'class' : 'classes'} in ${name}: the full monthly price of ${formatCents(priceCents)}.`
  const reasons: string[] = []
  if (meetings[0]! < startDate) reasons.push(`the class starts on the ${dayOfMonth(startDate)}`)
  if (endDate && meetings.at(-1)! > endDate) reasons.push(`the class ends on the ${dayOfMonth(endDate)}`)
  if (closed.length > 0) reasons.push(closuresText(closed))
  const why = reasons.length > 1 ? `${reasons.slice(0, -1).join(', ')}, and ${reasons.at(-1)}` : reasons[0]
  const sum = `${formatCents(priceCents)} a month × ${charged}/${held} = ${formatCents(amountCents)}.`
  return `${charged} of ${held} classes in ${name}: ${why}. ${sum}`
}

/** A class as the quote reads it: its monthly price and its calendar. */
export type QuotedClass = {
  /** Monthly tuition of the class, cents. */
  priceCents: number
  /** The class's meeting days as the schedule writes them ('Monday & Wednesday'). */
  days: string
  /** Its structured weekdays, term and own closures (decisions §14). */
  schedule?: Omit<ClassCalendar, 'days'>
}

export type ClassMonthQuote = {
  month: string
  /** What the month of this class costs before any discount, cents. */
  amountCents: number
  /** Meetings charged and meetings held in the month. */
  charged: number
  held: number
  /** The same sentence the invoice line carries (prorationExplanation). */
  explanation: string
}

/**
 * What one class costs one student for `month`, enrolled from `startDate` (to `endDate`), with
 * the reason in words: the tuition line the monthly run would write, before family discounts,
 * the registration fee and credits. `closures` are the academy's closed days, `YYYY-MM-DD`.
 */
export function quoteClassMonth(
  month: string,
  cls: QuotedClass,
  closures: ReadonlySet<string> | readonly string[],
  startDate: string,
  endDate?: string | null,
): ClassMonthQuote {
  const meetings = meetingDays(month, cls.days, closures, cls.schedule)
  const { amountCents, charged, held } = prorate(cls.priceCents, meetings, startDate, endDate)
  const closed = charged > 0 && charged < held ? closedMeetingDays(month, cls.days, closures, cls.schedule) : []
  const explanation = prorationExplanation({ month, priceCents: cls.priceCents, meetings, closed, startDate, endDate })
  return { month, amountCents, charged, held, explanation }
}
