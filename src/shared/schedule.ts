/**
 * Reading a class's free-text `days` and `time` (spec §3: 'Monday & Wednesday', '4:00-5:00pm')
 * for the weekly schedule and the calendar feed. Pure and browser-safe. Texts are typed by an
 * administrator, so the readers are forgiving: abbreviations, plurals, ranges, 12- or 24-hour
 * clocks; what cannot be read gives an empty list or null, never a guess.
 */

import { closureDaySet, type ClosureRange } from './closures'
import { weekdayOf as weekdayOfDate } from './dates'

/** Monday first, as the schedule grid shows the week (spec §2 /schedule). */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const
export type WeekdayName = (typeof WEEKDAYS)[number]
/** 0 = Monday … 6 = Sunday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6

/** RFC 5545 BYDAY codes in the same order. */
export const ICAL_WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const

const EXTRA_SPELLINGS: Record<string, Weekday> = { tues: 1, weds: 2, thur: 3, thurs: 3 }

/** One word as a weekday: a prefix of at least two letters of the name ('mo', 'tue', 'thu'), or a plural ('mondays'). */
function weekdayOf(word: string): Weekday | null {
  if (word in EXTRA_SPELLINGS) return EXTRA_SPELLINGS[word]!
  if (word.length < 2) return null
  for (let day = 0; day < 7; day++) {
    const name = WEEKDAYS[day]!.toLowerCase()
    if (name.startsWith(word) || word === `${name}s` || (word.endsWith('s') && name.startsWith(word.slice(0, -1)) && word.length >= 4)) {
      return day as Weekday
    }
  }
  return null
}

const RANGE_WORDS = new Set(['-', 'to', 'through', 'thru'])

/**
 * The weekdays a `days` text names, Monday first, each once: 'Monday & Wednesday' → [0, 2],
 * 'Tue/Thu' → [1, 3], 'Saturday' → [5], 'Mon-Fri' → [0…4], 'Weekends' → [5, 6], 'Daily' → all.
 */
export function parseDays(text: string): Weekday[] {
  const lower = text.toLowerCase().replace(/[\u2012-\u2015]/g, '-')
  const found = new Set<Weekday>()
  if (/\b(daily|every\s*day|everyday)\b/.test(lower)) return [0, 1, 2, 3, 4, 5, 6]
  if (/\bweekdays\b/.test(lower)) [0, 1, 2, 3, 4].forEach((d) => found.add(d as Weekday))
  if (/\bweekends?\b/.test(lower)) [5, 6].forEach((d) => found.add(d as Weekday))

  const tokens = lower.match(/[a-z]+|-/g) ?? []
  let previous: Weekday | null = null
  let pendingRange = false
  for (const token of tokens) {
    if (RANGE_WORDS.has(token)) {
      pendingRange = previous !== null
      continue
    }
    const day = weekdayOf(token)
    if (day === null) {
      pendingRange = false
      previous = null
      continue
    }
    if (pendingRange && previous !== null) {
      // 'Fri-Mon' wraps round the weekend.
      for (let d: Weekday = previous; d !== day; d = ((d + 1) % 7) as Weekday) found.add(d)
    }
    found.add(day)
    previous = day
    pendingRange = false
  }
  return [...found].sort((a, b) => a - b)
}

export type TimeRange = {
  /** Minutes after midnight. */
  start: number
  /** Minutes after midnight, after `start`. */
  end: number
}

const CLOCK = /^(\d{1,2})(?:[:.](\d{2}))?\s*(a\.?m\.?|p\.?m\.?|a|p)?$/i

type Clock = { hour: number; minute: number; meridiem: 'am' | 'pm' | null }

function readClock(text: string): Clock | null {
  const value = text.trim().toLowerCase()
  if (value === 'noon') return { hour: 12, minute: 0, meridiem: 'pm' }
  if (value === 'midnight') return { hour: 12, minute: 0, meridiem: 'am' }
  const match = CLOCK.exec(value)
  if (!match) return null
  const hour = Number(match[1])
  const minute = match[2] === undefined ? 0 : Number(match[2])
  const meridiem = match[3] ? (match[3].startsWith('a') ? 'am' : 'pm') : null
  if (minute > 59) return null
  if (meridiem ? hour < 1 || hour > 12 : hour > 23) return null
  return { hour, minute, meridiem }
}

function minutesOf(clock: Clock, meridiem: 'am' | 'pm' | null): number {
  let hour = clock.hour
  if (meridiem === 'am' && hour === 12) hour = 0
  else if (meridiem === 'pm' && hour !== 12) hour += 12
  return hour * 60 + clock.minute
}

/**
 * The start and end of a `time` text in minutes after midnight: '4:00-5:00pm' → 16:00–17:00,
 * '10:30am-12:00pm' → 10:30–12:00, '11:00-12:30pm' → 11:00–12:30, '16:00–17:30' → as written.
 * A start without am/pm takes the end's, unless that would put it after the end. A single
 * time ('4:00pm') is read as a one-hour class. Anything else is null.
 */
export function parseTimeRange(text: string): TimeRange | null {
  const parts = text
    .trim()
    .replace(/[\u2012-\u2015]/g, '-')
    .split(/\s*(?:-|\bto\b|\buntil\b)\s*/i)
    .filter(Boolean)
  if (parts.length < 1 || parts.length > 2) return null
  const first = readClock(parts[0]!)
  if (!first) return null
  if (parts.length === 1) {
    const start = minutesOf(first, first.meridiem)
    return start + 60 <= 24 * 60 ? { start, end: start + 60 } : null
  }
  const second = readClock(parts[1]!)
  if (!second) return null
  const end = minutesOf(second, second.meridiem)
  let start = minutesOf(first, first.meridiem ?? second.meridiem)
  if (!first.meridiem && second.meridiem && start >= end) start = minutesOf(first, second.meridiem === 'pm' ? 'am' : 'pm')
  return start < end ? { start, end } : null
}

/** 'H:MM' of a minute count, 24-hour (calendar output and sorting keys). */
export function formatClock24(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`
}

/**
 * Orders items by the start of their `time` text (earliest first); items whose time cannot
 * be read go last, and ties keep their order. Returns a new array.
 */
export function sortByStartTime<T>(items: readonly T[], timeOf: (item: T) => string): T[] {
  return sortByRange(items, (item) => parseTimeRange(timeOf(item)))
}

/** Orders items by the start of their class's time, structured first (see classTimeRange). */
export function sortByClassStart<T>(items: readonly T[], classOf: (item: T) => Pick<ClassSchedule, 'startTime' | 'endTime' | 'time'>): T[] {
  return sortByRange(items, (item) => classTimeRange(classOf(item)))
}

function sortByRange<T>(items: readonly T[], rangeOf: (item: T) => TimeRange | null): T[] {
  const keyed = items.map((item, index) => ({ item, index, start: rangeOf(item)?.start ?? Number.POSITIVE_INFINITY }))
  keyed.sort((a, b) => (a.start === b.start ? a.index - b.index : a.start < b.start ? -1 : 1))
  return keyed.map((entry) => entry.item)
}

/** Whether a `days` text includes a weekday. */
export function meetsOn(days: string, weekday: Weekday): boolean {
  return parseDays(days).includes(weekday)
}

/*
 * Structured schedules (decisions §14). A class is stored as weekdays, a start and an end time
 * ('HH:MM', 24-hour), an optional term and closures; `days` and `time` are display texts written
 * from them in the style the spec shows ('Tuesday & Thursday', '3:30-4:15pm').
 */

/** 'HH:MM', 24-hour, 00:00–23:59. */
export const HHMM_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/

/** Minutes after midnight of an 'HH:MM' text, or null. */
export function minutesOfHHMM(value: string): number | null {
  const match = HHMM_PATTERN.exec(value)
  return match ? Number(match[1]) * 60 + Number(match[2]) : null
}

/** 'HH:MM' of a minute count (0–1439). */
export function hhmmOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

/** Weekday names (Monday first, each once) → indexes; unknown names are left out. */
export function weekdayIndexes(names: readonly string[]): Weekday[] {
  const found = new Set<Weekday>()
  for (const name of names) {
    const index = (WEEKDAYS as readonly string[]).indexOf(name)
    if (index >= 0) found.add(index as Weekday)
  }
  return [...found].sort((a, b) => a - b)
}

/** Indexes → names, Monday first, each once. */
export function weekdayNames(days: readonly Weekday[]): WeekdayName[] {
  return [...new Set(days)].sort((a, b) => a - b).map((day) => WEEKDAYS[day])
}

/** 'Saturday', 'Tuesday & Thursday', 'Monday, Wednesday & Friday' ('' for none). */
export function formatDays(days: readonly Weekday[]): string {
  const names = weekdayNames(days)
  if (names.length <= 1) return names[0] ?? ''
  return `${names.slice(0, -1).join(', ')} & ${names.at(-1)}`
}

function clock12(minutes: number): { text: string; meridiem: 'am' | 'pm' } {
  const hour = Math.floor(minutes / 60)
  const hour12 = hour % 12 === 0 ? 12 : hour % 12
  return { text: `${hour12}:${String(minutes % 60).padStart(2, '0')}`, meridiem: hour < 12 ? 'am' : 'pm' }
}

/**
 * '4:00-5:00pm' (one meridiem when both ends share it, as the spec writes times) or
 * '10:30am-12:00pm' (both when they differ). parseTimeRange reads it back exactly.
 */
export function formatTimeRange(start: number, end: number): string {
  const from = clock12(start)
  const to = clock12(end)
  return from.meridiem === to.meridiem ? `${from.text}-${to.text}${to.meridiem}` : `${from.text}${from.meridiem}-${to.text}${to.meridiem}`
}

/** The parts of a class's schedule that the weekly views and the calendar read. */
export type ClassSchedule = {
  /** Weekday names, Monday first; empty when the class has no structured days. */
  weekdays?: readonly string[] | null
  /** 'HH:MM' or null. */
  startTime?: string | null
  endTime?: string | null
  /** The free-text display forms, read only when the structured fields are empty. */
  days: string
  time: string
}

/** A class's meeting weekdays: the structured ones, else what its `days` text names. */
export function classWeekdays(schedule: Pick<ClassSchedule, 'weekdays' | 'days'>): Weekday[] {
  const structured = weekdayIndexes(schedule.weekdays ?? [])
  return structured.length > 0 ? structured : parseDays(schedule.days)
}

/** A class's time of day: the structured one, else what its `time` text says, else null. */
export function classTimeRange(schedule: Pick<ClassSchedule, 'startTime' | 'endTime' | 'time'>): TimeRange | null {
  const start = schedule.startTime ? minutesOfHHMM(schedule.startTime) : null
  const end = schedule.endTime ? minutesOfHHMM(schedule.endTime) : null
  if (start !== null && end !== null && start < end) return { start, end }
  return parseTimeRange(schedule.time)
}

/** What a `days` text gives as structure: the weekdays it names (maybe none). */
export function weekdaysFromText(days: string): WeekdayName[] {
  return weekdayNames(parseDays(days))
}

/** What a `time` text gives as structure: 'HH:MM' start and end, or null when it cannot be read. */
export function timesFromText(time: string): { startTime: string; endTime: string } | null {
  const range = parseTimeRange(time)
  return range ? { startTime: hhmmOf(range.start), endTime: hhmmOf(range.end) } : null
}

/** What decides whether a class meets on a given date (decisions §14). */
export type ClassCalendar = Pick<ClassSchedule, 'weekdays' | 'days'> & {
  /** `YYYY-MM-DD`; null: open-ended on that side. */
  termStart?: string | null
  termEnd?: string | null
  /** The class's own closures, ranges of days (src/shared/closures.ts). */
  closures?: readonly ClosureRange[] | null
}

/**
 * Whether a class meets on `day` (`YYYY-MM-DD`): one of its weekdays, inside its term, and
 * closed neither by the class nor by the academy (`academyClosures`).
 */
export function classMeetsOn(cls: ClassCalendar, day: string, academyClosures: ReadonlySet<string> | readonly string[] = []): boolean {
  if (cls.termStart && day < cls.termStart) return false
  if (cls.termEnd && day > cls.termEnd) return false
  if (closureDaySet(cls.closures).has(day)) return false
  const closed = academyClosures instanceof Set ? academyClosures.has(day) : (academyClosures as readonly string[]).includes(day)
  return !closed && classWeekdays(cls).includes(weekdayOfDate(day))
}
