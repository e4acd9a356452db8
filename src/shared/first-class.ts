import { addDays, parseIsoDate } from './dates'
import { classMeetsOn, classTimeRange, formatTimeRange, type ClassCalendar, type ClassSchedule } from './schedule'

/** How far ahead a first class is looked for: a class with no meeting in a year has none to show. */
const HORIZON_DAYS = 400

/**
 * The first day (`YYYY-MM-DD`) on or after `from` that a class meets (its weekdays, term and
 * closures, decisions §14), or null when it meets on none within a year (no weekdays, or a
 * term that has ended).
 */
export function firstClassDay(cls: ClassCalendar, from: string, academyClosures: readonly string[] = []): string | null {
  const closed = new Set(academyClosures)
  let day = cls.termStart && cls.termStart > from ? cls.termStart : from
  for (let i = 0; i < HORIZON_DAYS; i++, day = addDays(day, 1)) {
    if (cls.termEnd && day > cls.termEnd) return null
    if (classMeetsOn(cls, day, closed)) return day
  }
  return null
}

const LONG_DAY = new Intl.DateTimeFormat('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

/** 'Monday, December 7, 2026' for a calendar day, the same in every time zone. */
export function formatLongDay(day: string): string {
  const date = parseIsoDate(day)
  return date ? LONG_DAY.format(new Date(Date.UTC(date.year, date.month - 1, date.day))) : day
}

/** 'Monday, December 7, 2026, 4:00-5:00pm', or the day alone when the class has no readable time. */
export function formatFirstClass(day: string, cls: Pick<ClassSchedule, 'startTime' | 'endTime' | 'time'>): string {
  const range = classTimeRange(cls)
  return range ? `${formatLongDay(day)}, ${formatTimeRange(range.start, range.end)}` : formatLongDay(day)
}
