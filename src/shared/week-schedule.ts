/**
 * The family's weekly schedule on real dates (spec §2 /schedule): which day of a given week a
 * class is on, and whether it meets then or not — a closure of the class or of the academy
 * ('No class — Thanksgiving'), or a day outside its term. Pure and browser-safe; the same rule
 * as every other reader of the calendar (`classMeetsOn`, decisions §14; closures through
 * src/shared/closures.ts). Days are the academy's `YYYY-MM-DD`.
 */
import { closureDays, closureDaySet, closureOn, type ClosureRange } from './closures'
import { addDays, calendarDay, weekdayOf } from './dates'
import { firstClassDay } from './first-class'
import { classMeetsOn, classWeekdays, type ClassCalendar } from './schedule'
import type { EnrollmentSpan } from './self-service'

/** The Monday of the week `day` falls in. */
export function mondayOf(day: string): string {
  return addDays(day, -weekdayOf(day))
}

/** The seven days of the week starting on `monday`. */
export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i))
}

/** How a class stands on one of its weekdays. */
export type ClassDay =
  | { kind: 'meets' }
  | { kind: 'closed'; label: string | null }
  | { kind: 'before-term'; termStart: string }
  | { kind: 'after-term'; termEnd: string }
  | { kind: 'before-first-class'; firstClass: string }

/**
 * What a class does on `day`: null when the day is none of its weekdays (it is not shown);
 * otherwise it meets, or a closure (the class's own first, then the academy's) says why not, or
 * the day is outside its term.
 */
export function classDay(cls: ClassCalendar, day: string, academyClosures: readonly ClosureRange[] = []): ClassDay | null {
  if (!classWeekdays(cls).includes(weekdayOf(day))) return null
  if (classMeetsOn(cls, day, closureDaySet(academyClosures))) return { kind: 'meets' }
  const closure = closureOn(cls.closures, day) ?? closureOn(academyClosures, day)
  if (closure) return { kind: 'closed', label: closure.label ?? null }
  if (cls.termStart && day < cls.termStart) return { kind: 'before-term', termStart: cls.termStart }
  return { kind: 'after-term', termEnd: cls.termEnd ?? day }
}

/**
 * What a child's class does on `day` for that child (issue 41): as `classDay`, but a day before
 * the enrollment starts says when the child's first class is (joining on a Wednesday, the
 * Monday before is not theirs), and a day after the enrollment ended is not shown at all.
 */
export function enrolledClassDay(cls: ClassCalendar, span: EnrollmentSpan, day: string, academyClosures: readonly ClosureRange[] = []): ClassDay | null {
  const status = classDay(cls, day, academyClosures)
  if (!status) return null
  if (span.endDate && day > calendarDay(span.endDate)) return null
  const starts = calendarDay(span.enrollmentDate)
  if (day >= starts) return status
  const first = firstClassDay(cls, starts, closureDays(academyClosures))
  return first ? { kind: 'before-first-class', firstClass: first } : null
}

/** 'No class — Thanksgiving', or 'No class' for a closure without a label. */
export function noClassText(label: string | null | undefined): string {
  return label ? `No class — ${label}` : 'No class'
}
