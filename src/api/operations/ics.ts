/**
 * An RFC 5545 (iCalendar) writer for the family's class calendar: one weekly recurring event
 * per enrollment. Pure: no clock, no environment — the caller passes the time zone and "now".
 *
 * Times are wall-clock times at the academy. With a time zone (an IANA name such as
 * 'America/Chicago') they carry TZID and the calendar embeds the matching VTIMEZONE; without
 * one they are floating times, which every calendar app shows as written.
 */
import { parseIsoDate } from '#shared/dates'
import { ICAL_WEEKDAYS, parseDays, parseTimeRange, type Weekday } from '#shared/schedule'

export type WeeklyEvent = {
  uid: string
  summary: string
  description?: string
  location?: string
  /** 0 = Monday … 6 = Sunday; at least one. */
  weekdays: Weekday[]
  /** Minutes after midnight. */
  start: number
  end: number
  /** YYYY-MM-DD: the first occurrence is the first meeting day on or after this date. */
  from: string
}

export type CalendarOptions = {
  /** RFC 5545 PRODID, e.g. '-//Grace Ballet Academy//Family Schedule//EN'. */
  prodId: string
  /** Shown by calendar apps as the subscription's name. */
  name: string
  /** IANA time zone of the academy, or null for floating times. */
  timeZone?: string | null
  /** DTSTAMP of every event. */
  now: Date
}

const CRLF = '\r\n'

// Control characters RFC 5545 allows in no value (HTAB aside); CR and LF would end the line and
// let a value written by an administrator add properties of its own.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/g

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks are escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(CONTROL, '')
}

/** A value that is not TEXT (PRODID, UID, TZID): no escaping applies, so line breaks and controls are removed. */
export function plainValue(value: string): string {
  return value.replace(CONTROL, '')
}

/**
 * Content lines longer than 75 octets are folded (RFC 5545 §3.1): a line break followed by a
 * space, never inside a UTF-8 character.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder()
  if (encoder.encode(line).length <= 75) return line
  const pieces: string[] = []
  let current = ''
  let size = 0
  let limit = 75
  for (const char of line) {
    const bytes = encoder.encode(char).length
    if (size + bytes > limit) {
      pieces.push(current)
      current = ''
      size = 0
      limit = 74 // the leading space of a continuation line counts
    }
    current += char
    size += bytes
  }
  pieces.push(current)
  return pieces.join(`${CRLF} `)
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

function weekdayOfDate(year: number, month: number, day: number): Weekday {
  return ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) as Weekday
}

/** The first date on or after `from` that falls on one of `weekdays`, as [year, month, day]. */
export function firstMeeting(from: string, weekdays: readonly Weekday[]): [number, number, number] {
  const date = parseIsoDate(from.slice(0, 10))
  if (!date) throw new Error(`Not a date: ${from}`)
  const cursor = new Date(Date.UTC(date.year, date.month - 1, date.day))
  for (let i = 0; i < 7; i++) {
    const [y, m, d] = [cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, cursor.getUTCDate()]
    if (weekdays.includes(weekdayOfDate(y, m, d))) return [y, m, d]
    cursor.setUTCDate(cursor.getUTCDate() + 1)
  }
  throw new Error('An event needs at least one weekday')
}

function localStamp([year, month, day]: [number, number, number], minutes: number): string {
  return `${pad(year, 4)}${pad(month)}${pad(day)}T${pad(Math.floor(minutes / 60))}${pad(minutes % 60)}00`
}

function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/** The zone's offset from UTC in minutes at an instant. */
function offsetAt(formatter: Intl.DateTimeFormat, instant: number): number {
  const parts: Record<string, number> = {}
  for (const part of formatter.formatToParts(new Date(instant))) if (part.type !== 'literal') parts[part.type] = Number(part.value)
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!)
  return Math.round((wall - Math.floor(instant / 1000) * 1000) / 60_000)
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`
}

type Transition = { at: number; from: number; to: number }

/** The instants in `year` at which the zone's offset changes (found day by day, then to the minute). */
function transitionsIn(formatter: Intl.DateTimeFormat, year: number): Transition[] {
  const DAY = 86_400_000
  const found: Transition[] = []
  const end = Date.UTC(year + 1, 0, 1)
  let t = Date.UTC(year, 0, 1)
  let offset = offsetAt(formatter, t)
  while (t < end) {
    const next = t + DAY
    const nextOffset = offsetAt(formatter, next)
    if (nextOffset !== offset) {
      let [lo, hi] = [t, next]
      while (hi - lo > 60_000) {
        const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000
        if (offsetAt(formatter, mid) === offset) lo = mid
        else hi = mid
      }
      found.push({ at: hi, from: offset, to: nextOffset })
      offset = nextOffset
    }
    t = next
  }
  return found
}

/**
 * VTIMEZONE for an IANA zone (RFC 5545 §3.6.5), from the runtime's own zone data: each offset
 * change of `year` becomes a yearly rule on the same weekday of the month ('second Sunday of
 * March', 'last Sunday of October'); a zone without changes gets one fixed observance.
 */
export function timeZoneLines(timeZone: string, year: number): string[] {
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  })
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`]
  const transitions = transitionsIn(formatter, year)
  if (transitions.length === 0) {
    const offset = formatOffset(offsetAt(formatter, Date.UTC(year, 0, 1)))
    lines.push('BEGIN:STANDARD', 'DTSTART:19700101T000000', `TZOFFSETFROM:${offset}`, `TZOFFSETTO:${offset}`, 'END:STANDARD')
  } else {
    for (const change of transitions) {
      const kind = change.to > change.from ? 'DAYLIGHT' : 'STANDARD'
      const wall = new Date(change.at + change.from * 60_000)
      const [y, m, d] = [wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate()]
      const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate()
      const nth = d + 7 > daysInMonth ? -1 : Math.ceil(d / 7)
      lines.push(
        `BEGIN:${kind}`,
        `DTSTART:${localStamp([y, m, d], wall.getUTCHours() * 60 + wall.getUTCMinutes())}`,
        `RRULE:FREQ=YEARLY;BYMONTH=${m};BYDAY=${nth}${ICAL_WEEKDAYS[weekdayOfDate(y, m, d)]}`,
        `TZOFFSETFROM:${formatOffset(change.from)}`,
        `TZOFFSETTO:${formatOffset(change.to)}`,
        `END:${kind}`,
      )
    }
  }
  lines.push('END:VTIMEZONE')
  return lines
}

function eventLines(event: WeeklyEvent, options: CalendarOptions): string[] {
  const day = firstMeeting(event.from, event.weekdays)
  const zone = options.timeZone ? `;TZID=${plainValue(options.timeZone)}` : ''
  const lines = [
    'BEGIN:VEVENT',
    `UID:${plainValue(event.uid)}`,
    `DTSTAMP:${utcStamp(options.now)}`,
    `DTSTART${zone}:${localStamp(day, event.start)}`,
    `DTEND${zone}:${localStamp(day, event.end)}`,
    `RRULE:FREQ=WEEKLY;WKST=MO;BYDAY=${event.weekdays.map((d) => ICAL_WEEKDAYS[d]).join(',')}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ]
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`)
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`)
  lines.push('TRANSP:OPAQUE', 'END:VEVENT')
  return lines
}

/** A whole VCALENDAR document, CRLF line endings, folded. */
export function writeCalendar(events: readonly WeeklyEvent[], options: CalendarOptions): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${plainValue(options.prodId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.name)}`,
    // Subscribed calendars look for changes about every six hours.
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
    'X-PUBLISHED-TTL:PT6H',
  ]
  if (options.timeZone) {
    lines.push(`X-WR-TIMEZONE:${plainValue(options.timeZone)}`)
    // The year before the earliest event, so every occurrence falls under a rule.
    const years = events.map((event) => Number(event.from.slice(0, 4))).filter(Number.isFinite)
    const first = Math.min(options.now.getUTCFullYear(), ...years)
    lines.push(...timeZoneLines(options.timeZone, first - 1))
  }
  for (const event of events) lines.push(...eventLines(event, options))
  lines.push('END:VCALENDAR')
  return lines.map(foldLine).join(CRLF) + CRLF
}

export type EnrollmentForCalendar = {
  id: number
  enrollmentDate: string
  class: { name: string; description: string; days: string; time: string; location: string; instructor: string; level: string }
}

/**
 * The weekly event of one enrollment, or null when the class's days or time cannot be read
 * (a calendar entry at a guessed time would be worse than none).
 */
export function enrollmentEvent(enrollment: EnrollmentForCalendar, student: { fullName: string }, uidDomain: string): WeeklyEvent | null {
  const weekdays = parseDays(enrollment.class.days)
  const time = parseTimeRange(enrollment.class.time)
  if (weekdays.length === 0 || !time) return null
  const firstName = student.fullName.trim().split(/\s+/)[0] ?? student.fullName
  const cls = enrollment.class
  return {
    uid: `enrollment-${enrollment.id}@${uidDomain}`,
    summary: `${cls.name} (${firstName})`,
    location: cls.location,
    description: `${student.fullName} · ${cls.level} · Instructor: ${cls.instructor}\n${cls.days}, ${cls.time}\n\n${cls.description}`,
    weekdays,
    start: time.start,
    end: time.end,
    from: enrollment.enrollmentDate,
  }
}
