/**
 * Reading a class's free-text `days` and `time` (spec §3: 'Monday & Wednesday', '4:00-5:00pm')
 * for the weekly schedule and the calendar feed. Pure and browser-safe. Texts are typed by an
 * administrator, so the readers are forgiving: abbreviations, plurals, ranges, 12- or 24-hour
 * clocks; what cannot be read gives an empty list or null, never a guess.
 */

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
  const keyed = items.map((item, index) => ({ item, index, start: parseTimeRange(timeOf(item))?.start ?? Number.POSITIVE_INFINITY }))
  keyed.sort((a, b) => (a.start === b.start ? a.index - b.index : a.start < b.start ? -1 : 1))
  return keyed.map((entry) => entry.item)
}

/** Whether a `days` text includes a weekday. */
export function meetsOn(days: string, weekday: Weekday): boolean {
  return parseDays(days).includes(weekday)
}
