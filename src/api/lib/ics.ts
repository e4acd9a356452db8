/**
 * An RFC 5545 (iCalendar) writer for the family's class calendar: one weekly recurring event
 * per enrollment. Pure: no clock, no environment — the caller passes the time zone and "now".
 *
 * Times are wall-clock times at the academy. With a time zone (an IANA name such as
 * 'America/Chicago') they carry TZID and the calendar embeds the matching VTIMEZONE, taken
 * from timezones-ical-library (maintained from the IANA database); without one, or for a zone
 * the library does not know, they are floating times, which every calendar app shows as written.
 *
 * A class's term ends the recurrence (UNTIL) and each closure on a meeting day is an EXDATE
 * (decisions §14); the academy's closures are all-day events of their own ('No class — Thanksgiving').
 * A child's absence is that meeting said again under its RECURRENCE-ID ('Absent: …', free time),
 * and a makeup is an event of its own on its day (issue 41).
 */
import { closureDays } from '#shared/closures'
import { addDays, calendarDay, parseIsoDate, weekdayOf } from '#shared/dates'
import { dayStamp, dayTimeStamp, localStamp, pad, timeZoneBlock, utcStamp, utcUntil, type Zone } from './ics-time'
import { classTimeRange, classWeekdays, ICAL_WEEKDAYS, type ClassCalendar, type ClassSchedule, type Weekday } from '#shared/schedule'

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
  /** YYYY-MM-DD: the last day an occurrence may fall on (the term's end); none: open-ended. */
  until?: string | null
  /** YYYY-MM-DD: days with no class; those on a meeting day become EXDATEs. */
  closures?: readonly string[]
  /** Single meetings told apart (RFC 5545 RECURRENCE-ID): a child's absence on that day's class. */
  occurrences?: readonly OccurrenceNote[]
}

/** One meeting of a weekly event said differently: 'Absent: Ballet I (Mia)'. Shown as free time. */
export type OccurrenceNote = { day: string; summary: string; description?: string }

/** An event on one day at the academy's wall-clock times: a makeup class. */
export type OneOffEvent = { uid: string; summary: string; description?: string; location?: string; day: string; start: number; end: number }

/** A closure as an all-day event: first and last day, both included. */
export type ClosureEvent = { uid: string; summary: string; start: string; end: string }

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

function weekdayOfDate(year: number, month: number, day: number): Weekday {
  return ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) as Weekday
}

/** The first date on or after `from` that falls on one of `weekdays`, as [year, month, day]. */
export function firstMeeting(from: string, weekdays: readonly Weekday[]): [number, number, number] {
  const date = parseIsoDate(calendarDay(from))
  if (!date) throw new Error(`Not a date: ${from}`)
  const cursor = new Date(Date.UTC(date.year, date.month - 1, date.day))
  for (let i = 0; i < 7; i++) {
    const [y, m, d] = [cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, cursor.getUTCDate()]
    if (weekdays.includes(weekdayOfDate(y, m, d))) return [y, m, d]
    cursor.setUTCDate(cursor.getUTCDate() + 1)
  }
  throw new Error('An event needs at least one weekday')
}

function eventLines(event: WeeklyEvent, options: CalendarOptions, zone: Zone): string[] | null {
  const day = firstMeeting(event.from, event.weekdays)
  const first = `${pad(day[0], 4)}-${pad(day[1])}-${pad(day[2])}`
  if (event.until && first > event.until) return null
  const tz = zone ? `;TZID=${plainValue(zone.tzid)}` : ''
  let rule = `RRULE:FREQ=WEEKLY;WKST=MO;BYDAY=${event.weekdays.map((d) => ICAL_WEEKDAYS[d]).join(',')}`
  if (event.until) {
    // Inclusive: the last meeting starts before the end of the term's last day.
    rule += `;UNTIL=${zone ? utcUntil(zone.iana, event.until, 23 * 60 + 59) : `${dayStamp(event.until)}T235900`}`
  }
  const lines = [
    'BEGIN:VEVENT',
    `UID:${plainValue(event.uid)}`,
    `DTSTAMP:${utcStamp(options.now)}`,
    `DTSTART${tz}:${localStamp(day, event.start)}`,
    `DTEND${tz}:${localStamp(day, event.end)}`,
    rule,
  ]
  const skipped = [...new Set(event.closures ?? [])]
    .filter((closed) => closed >= first && (!event.until || closed <= event.until) && event.weekdays.includes(weekdayOf(closed)))
    .sort()
  if (skipped.length > 0) lines.push(`EXDATE${tz}:${skipped.map((closed) => `${dayStamp(closed)}T${localStamp(day, event.start).slice(9)}`).join(',')}`)
  lines.push(`SUMMARY:${escapeText(event.summary)}`)
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`)
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`)
  lines.push('TRANSP:OPAQUE', 'END:VEVENT')
  // An override names a meeting of the series, so only a day the series has is written.
  const isMeeting = (note: OccurrenceNote) =>
    note.day >= first && (!event.until || note.day <= event.until) && event.weekdays.includes(weekdayOf(note.day)) && !skipped.includes(note.day)
  for (const note of event.occurrences ?? []) {
    if (!isMeeting(note)) continue
    const override = {
      uid: event.uid,
      summary: note.summary,
      description: note.description,
      location: event.location,
      day: note.day,
      start: event.start,
      end: event.end,
    }
    lines.push(...dayEventLines(override, options, zone, true))
  }
  return lines
}

/**
 * A one-day event at wall-clock times: a makeup (busy time like the classes), or with `override`
 * one meeting of a weekly event said again under its RECURRENCE-ID (an absence, free time).
 */
function dayEventLines(event: OneOffEvent, options: CalendarOptions, zone: Zone, override = false): string[] {
  const tz = zone ? `;TZID=${plainValue(zone.tzid)}` : ''
  const start = dayTimeStamp(event.day, event.start)
  return [
    'BEGIN:VEVENT',
    `UID:${plainValue(event.uid)}`,
    `DTSTAMP:${utcStamp(options.now)}`,
    ...(override ? [`RECURRENCE-ID${tz}:${start}`] : []),
    `DTSTART${tz}:${start}`,
    `DTEND${tz}:${dayTimeStamp(event.day, event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    override ? 'TRANSP:TRANSPARENT' : 'TRANSP:OPAQUE',
    'END:VEVENT',
  ]
}

/** An all-day event (RFC 5545 §3.6.1: DTEND is the day after the last), shown as free time. */
function closureLines(event: ClosureEvent, options: CalendarOptions): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${plainValue(event.uid)}`,
    `DTSTAMP:${utcStamp(options.now)}`,
    `DTSTART;VALUE=DATE:${dayStamp(event.start)}`,
    `DTEND;VALUE=DATE:${dayStamp(addDays(event.end, 1))}`,
    `SUMMARY:${escapeText(event.summary)}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ]
}

/** A whole VCALENDAR document, CRLF line endings, folded. */
export function writeCalendar(
  events: readonly WeeklyEvent[],
  options: CalendarOptions,
  closures: readonly ClosureEvent[] = [],
  oneOffs: readonly OneOffEvent[] = [],
): string {
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
  const block = options.timeZone ? timeZoneBlock(options.timeZone) : null
  const zone: Zone = block && options.timeZone ? { tzid: block.tzid, iana: options.timeZone } : null
  if (block && zone) lines.push(`X-WR-TIMEZONE:${plainValue(zone.tzid)}`, ...block.lines)
  for (const event of events) lines.push(...(eventLines(event, options, zone) ?? []))
  for (const oneOff of oneOffs) lines.push(...dayEventLines(oneOff, options, zone))
  for (const closure of closures) lines.push(...closureLines(closure, options))
  lines.push('END:VCALENDAR')
  return lines.map(foldLine).join(CRLF) + CRLF
}

export type EnrollmentForCalendar = {
  id: number
  enrollmentDate: string
  /** YYYY-MM-DD: the last day enrolled, if the enrollment has ended or will end. */
  endDate?: string | null
  class: Pick<ClassSchedule, 'weekdays' | 'startTime' | 'endTime' | 'days' | 'time'> &
    Pick<ClassCalendar, 'termStart' | 'termEnd' | 'closures'> & {
      name: string
      description: string
      location: string
      room?: string | null
      instructor: string
      level: string
    }
}

/** 'Mia' of 'Mia Rivera': how an event names the child. */
export const firstNameOf = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? fullName

/** 'Studio A, Room 2', or the location alone when the room adds nothing. */
export const classPlace = (cls: { location: string; room?: string | null }) =>
  cls.room && cls.room !== cls.location ? `${cls.location}, ${cls.room}` : cls.location

/**
 * The weekly event of one enrollment (decisions §14): the class's structured weekdays and times
 * (else what its texts say), from the later of the enrollment and the term's start to the
 * earlier of the term's end and the enrollment's end, skipping the class's and the academy's
 * closures. Null when the days or time cannot be read (a calendar entry at a guessed time would
 * be worse than none), or when nothing is left to attend.
 */
export function enrollmentEvent(
  enrollment: EnrollmentForCalendar,
  student: { fullName: string },
  uidDomain: string,
  academyClosures: readonly string[] = [],
): WeeklyEvent | null {
  const cls = enrollment.class
  const weekdays = classWeekdays(cls)
  const time = classTimeRange(cls)
  if (weekdays.length === 0 || !time) return null
  const from = [enrollment.enrollmentDate, cls.termStart ?? ''].sort().at(-1)!
  const ends = [cls.termEnd, enrollment.endDate].filter((day): day is string => Boolean(day)).sort()
  const until = ends[0] ?? null
  if (until && from > until) return null
  const firstName = firstNameOf(student.fullName)
  const place = classPlace(cls)
  return {
    uid: `enrollment-${enrollment.id}@${uidDomain}`,
    summary: `${cls.name} (${firstName})`,
    location: place,
    description: `${student.fullName} · ${cls.level} · Instructor: ${cls.instructor}\n${cls.days}, ${cls.time}\n\n${cls.description}`,
    weekdays,
    start: time.start,
    end: time.end,
    from,
    until,
    closures: [...closureDays(cls.closures), ...academyClosures],
  }
}
