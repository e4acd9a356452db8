/**
 * Calendar days and moments, the one date helper of the code base (server and browser).
 *
 * A calendar day (a date of birth, a due date, a class meeting) is a `YYYY-MM-DD` string and is
 * computed in UTC arithmetic, so it never shifts with the machine's or the browser's time zone.
 * A moment (when a payment was made) is an ISO timestamp, shown in the reader's own zone.
 */

/** A calendar date as `YYYY-MM-DD`, checked to be a real day (no 2023-02-29, no 2024-13-01). */
export const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

export type CalendarDate = { year: number; month: number; day: number }

export function parseIsoDate(value: string): CalendarDate | null {
  const match = ISO_DATE_PATTERN.exec(value)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const probe = new Date(Date.UTC(year, month - 1, day))
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null
  return { year, month, day }
}

export function isIsoDate(value: string): boolean {
  return parseIsoDate(value) !== null
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

function toIso(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
}

function toUtcDate(value: string): Date {
  const date = parseIsoDate(value.slice(0, 10))
  if (!date) throw new Error(`Not a date: ${value}`)
  return new Date(Date.UTC(date.year, date.month - 1, date.day))
}

/**
 * The calendar day a Payload date holds, as `YYYY-MM-DD`. The app stores a day (a due date, an
 * enrollment day) as midnight UTC of that day ('2026-11-26T00:00:00.000Z'), and /cms's day picker
 * sends noon of the picked day: either way the day is the stored moment's UTC day. Takes the ISO
 * string Payload returns, a `Date`, or a plain `YYYY-MM-DD` (unchanged); throws on anything else.
 */
export function calendarDay(value: string | Date): string {
  const moment = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(moment.getTime())) throw new Error(`Not a date: ${String(value)}`)
  return toIso(moment)
}

/**
 * Today as `YYYY-MM-DD`: in `timeZone` (an IANA name such as the academy's) when given,
 * otherwise the UTC calendar date.
 */
export function todayIso(now: Date = new Date(), timeZone?: string | null): string {
  if (!timeZone) return toIso(now)
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}

/** Moves a `YYYY-MM-DD` date by whole years (29 Feb falls back to 28 Feb in common years). */
export function shiftYears(value: string, years: number): string {
  const date = parseIsoDate(value)
  if (!date) throw new Error(`Not a date: ${value}`)
  const year = date.year + years
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const day = date.month === 2 && date.day === 29 && !leap ? 28 : date.day
  return `${pad(year, 4)}-${pad(date.month)}-${pad(day)}`
}

/** Moves a `YYYY-MM-DD` date by whole days. */
export function addDays(value: string, days: number): string {
  const date = toUtcDate(value)
  date.setUTCDate(date.getUTCDate() + days)
  return toIso(date)
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcDate(to).getTime() - toUtcDate(from).getTime()) / 86_400_000)
}

/** 0 = Monday … 6 = Sunday, the week as the schedule shows it. */
export function weekdayOf(value: string): 0 | 1 | 2 | 3 | 4 | 5 | 6 {
  return ((toUtcDate(value).getUTCDay() + 6) % 7) as 0 | 1 | 2 | 3 | 4 | 5 | 6
}

/** A month as `YYYY-MM`. */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/

export function isMonth(value: string): boolean {
  return MONTH_PATTERN.test(value)
}

/**
 * The years a day or a month may fall in wherever one comes from the outside world (the /api
 * contract, /cms, Payload REST): the calendar code counts days as strings, and a year such as 0000
 * or 9999 would turn a request into a 500 or a loop. A date of birth has its own range.
 */
export const YEAR_RANGE = { min: 2000, max: 2100 } as const

export const DATE_RANGE_MESSAGES = {
  day: `Dates must fall in the years ${YEAR_RANGE.min} to ${YEAR_RANGE.max}`,
  month: `Months must fall in the years ${YEAR_RANGE.min} to ${YEAR_RANGE.max}`,
} as const

const isYearInRange = (year: number) => year >= YEAR_RANGE.min && year <= YEAR_RANGE.max

/** A real `YYYY-MM-DD` day whose year is in YEAR_RANGE. */
export function isDayInRange(value: string): boolean {
  const date = parseIsoDate(value)
  return date !== null && isYearInRange(date.year)
}

/** A `YYYY-MM` month whose year is in YEAR_RANGE. */
export function isMonthInRange(value: string): boolean {
  return isMonth(value) && isYearInRange(Number(value.slice(0, 4)))
}

/** The first and last day of a `YYYY-MM` month. */
export function monthBounds(month: string): { first: string; last: string } {
  const match = MONTH_PATTERN.exec(month)
  if (!match) throw new Error(`Not a month: ${month}`)
  const [year, number] = [Number(match[1]), Number(match[2])]
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate()
  return { first: `${match[1]}-${match[2]}-01`, last: `${match[1]}-${match[2]}-${pad(last)}` }
}

/** The `YYYY-MM` month of a `YYYY-MM-DD` date, and the month `count` months later. */
export function monthOf(day: string, count = 0): string {
  const date = toUtcDate(day)
  const shifted = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + count, 1))
  return toIso(shifted).slice(0, 7)
}

/** Every day from `first` to `last` inclusive. */
export function eachDay(first: string, last: string): string[] {
  const days: string[] = []
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day)
  return days
}

/** Whether the runtime knows an IANA time zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return true
  } catch {
    return false
  }
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })

/** A calendar day ('2026-03-01', a due date) as 'Mar 1, 2026', the same day in every time zone. */
export function formatCalendarDay(day: string): string {
  const date = parseIsoDate(day.slice(0, 10))
  if (!date) return day
  return DAY_FORMAT.format(new Date(Date.UTC(date.year, date.month - 1, date.day)))
}

/** A moment (ISO timestamp, when a payment was made) as the reader's own local date. */
export function formatMoment(iso: string, timeZone?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone }).format(date)
}

/** A moment with its time of day, in the reader's own time zone. */
export function formatDateTime(iso: string, timeZone?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return date.toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone })
}

/** Today in the browser's own time zone, as an <input type="date"> value. */
export function localToday(now: Date = new Date()): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

const WEEKDAY_DAY_FORMAT = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' })

/**
 * A calendar day with its weekday, as the family's own changes show every day ('Tue, Dec 1'):
 * the year is added when it is not the year of `reference` (the academy's today), or when no
 * reference is given ('Tue, Jan 5, 2027'). The same day in every time zone.
 */
export function formatDayWithWeekday(day: string, reference?: string): string {
  const date = parseIsoDate(day.slice(0, 10))
  if (!date) return day
  const text = WEEKDAY_DAY_FORMAT.format(new Date(Date.UTC(date.year, date.month - 1, date.day)))
  return reference && reference.slice(0, 4) === day.slice(0, 4) ? text : `${text}, ${date.year}`
}
