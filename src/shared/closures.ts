/**
 * Closures: days without class, of the academy (the tuition settings) or of one class. A closure
 * is a range of calendar days, first and last included (a winter break is one closure, not 14),
 * with an optional label ('Thanksgiving'). Days are the academy's `YYYY-MM-DD` days, never UTC.
 *
 * `closureDays` is the one definition of which days a list of closures closes: proration, the
 * class calendar, attendance, absences and makeups, the weekly schedule and the calendar feed
 * all read closures through it (or through `closureDaySet` / `closureOn`, built on it).
 */
import { daysBetween, eachDay, formatCalendarDay, isIsoDate } from './dates'

export type ClosureRange = {
  /** First day closed, `YYYY-MM-DD`. */
  start: string
  /** Last day closed, `YYYY-MM-DD`, not before `start` (the same day for a one-day closure). */
  end: string
  label?: string | null
}

/** The longest closure: a year, leap day included. */
export const CLOSURE_MAX_DAYS = 366

/** How many days a closure lasts, both ends included (0 for one that ends before it starts). */
export function closureLength(range: ClosureRange): number {
  return range.end < range.start ? 0 : daysBetween(range.start, range.end) + 1
}

/** The days a closure closes: every day from its start to its end, both included. */
function daysOf(range: ClosureRange): string[] {
  if (!isIsoDate(range.start) || !isIsoDate(range.end) || range.end < range.start) return []
  return eachDay(range.start, range.end)
}

/** Every day the closures close, each once, in calendar order: the one expansion of ranges into days. */
export function closureDays(ranges: readonly ClosureRange[] | null | undefined): string[] {
  const days = new Set<string>()
  for (const range of ranges ?? []) for (const day of daysOf(range)) days.add(day)
  return [...days].sort()
}

const daySets = new WeakMap<readonly ClosureRange[], ReadonlySet<string>>()

/** The closed days as a set, computed once per list (the calendar loops ask day after day). */
export function closureDaySet(ranges: readonly ClosureRange[] | null | undefined): ReadonlySet<string> {
  if (!ranges || ranges.length === 0) return new Set()
  let set = daySets.get(ranges)
  if (!set) {
    set = new Set(closureDays(ranges))
    daySets.set(ranges, set)
  }
  return set
}

/** The closure that closes `day`, or null. */
export function closureOn<T extends ClosureRange>(ranges: readonly T[] | null | undefined, day: string): T | null {
  for (const range of ranges ?? []) if (closureDaySet([range]).has(day)) return range
  return null
}

/** 'Nov 26, 2026' for one day, 'Dec 21, 2026 – Jan 3, 2027' for a range. */
export function formatClosureDates(range: ClosureRange): string {
  return range.start === range.end ? formatCalendarDay(range.start) : `${formatCalendarDay(range.start)} – ${formatCalendarDay(range.end)}`
}

/** 'Thanksgiving (Nov 26, 2026 – Nov 27, 2026)', or the dates alone without a label. */
export function formatClosure(range: ClosureRange): string {
  return range.label ? `${range.label} (${formatClosureDates(range)})` : formatClosureDates(range)
}

/** The first two closures (in calendar order) that share a day, or null when none do. */
export function overlappingClosures<T extends ClosureRange>(ranges: readonly T[]): [T, T] | null {
  const sorted = sortClosures(ranges)
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1]!
    const current = sorted[i]!
    if (current.start <= previous.end) return [previous, current]
  }
  return null
}

/** Calendar order: by first day, then by last day. Returns a new array. */
export function sortClosures<T extends ClosureRange>(ranges: readonly T[]): T[] {
  return [...ranges].sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end))
}
