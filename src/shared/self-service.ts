/**
 * The calendar rules of a family's own changes (decisions §16): dropping a class from a date,
 * reporting an absence, booking a makeup. Pure and browser-safe: the server applies them, the
 * portal uses them to offer only days the server will accept. Days are `YYYY-MM-DD`.
 */
import { addDays, calendarDay, eachDay } from './dates'
import { classMeetsOn, type ClassCalendar } from './schedule'

/** How far ahead a family may report an absence (the term is not modelled yet). */
export const ABSENCE_HORIZON_DAYS = 120

/** The most makeup choices one answer lists. */
export const MAKEUP_OPTIONS_LIMIT = 60

/** An enrollment as these rules read it: its first day, and its last day when a drop is set. */
export type EnrollmentSpan = { enrollmentDate: string; endDate?: string | null }

/** Whether the student is in the class on `day`: enrolled by then and not yet left. */
export function isActiveOn(span: EnrollmentSpan, day: string): boolean {
  return calendarDay(span.enrollmentDate) <= day && (!span.endDate || calendarDay(span.endDate) >= day)
}

/** Whether a drop is set and has not taken effect: the last day is today or later. */
export function isDropPending(span: EnrollmentSpan, today: string): boolean {
  return Boolean(span.endDate) && calendarDay(span.endDate!) >= today
}

/** Whether the enrollment is over: its last day has passed. */
export function hasEnded(span: EnrollmentSpan, today: string): boolean {
  return Boolean(span.endDate) && calendarDay(span.endDate!) < today
}

/** The earliest last day a family may choose: today plus the studio's notice. */
export function earliestLastDay(today: string, noticeDays: number): string {
  return addDays(today, noticeDays)
}

/**
 * The days from `first` to `last` (inclusive) on which a class meets: its weekdays, inside its
 * term, closed neither by the class nor by the academy (`classMeetsOn`, decisions §14).
 */
export function meetingDays(cls: ClassCalendar, first: string, last: string, academyClosures: readonly string[] = []): string[] {
  if (first > last) return []
  const closed = new Set(academyClosures)
  return eachDay(first, last).filter((day) => classMeetsOn(cls, day, closed))
}

/** The latest day a family may report an absence for. */
export function lastReportableDay(today: string): string {
  return addDays(today, ABSENCE_HORIZON_DAYS)
}

/**
 * The days a missed class may be made up on: within `windowDays` of the missed day, before or
 * after it (an absence known ahead may be made up ahead), and never in the past.
 */
export function makeupWindow(missedDate: string, today: string, windowDays: number): { first: string; last: string } {
  const before = addDays(missedDate, -windowDays)
  return { first: before > today ? before : today, last: addDays(missedDate, windowDays) }
}

export function isWithinMakeupWindow(missedDate: string, makeupDate: string, today: string, windowDays: number): boolean {
  const { first, last } = makeupWindow(missedDate, today, windowDays)
  return makeupDate >= first && makeupDate <= last
}
