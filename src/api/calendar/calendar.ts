import { hkdfSync, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

import type { Payload } from 'payload'

import type { Attendance, Class, Enrollment, Makeup, Student, User } from '#cms/payload-types'
import type { Env } from '#server/env.server'
import {
  classPlace,
  enrollmentEvent,
  firstNameOf,
  writeCalendar,
  type ClosureEvent,
  type OccurrenceNote,
  type OneOffEvent,
  type WeeklyEvent,
} from '#api/lib/ics'
import { classCalendar } from '#api/classes'
import { getSiteTexts } from '#api/site-content'
import { readTuitionSettings } from '#api/studio'
import { relationId } from '#api/lib/relations'
import { familyRows, householdOf } from '#api/lib/ownership'
import { academyNow, academyTimeZone, academyToday } from '#api/lib/academy-clock'
import { closureDays, type ClosureRange } from '#shared/closures'
import { addDays, calendarDay, formatDayWithWeekday } from '#shared/dates'
import { classTimeRange } from '#shared/schedule'

/** How far back the feed shows absences and makeups; the weekly series themselves go back to each enrollment's start. */
const ABSENCE_HISTORY_DAYS = 90

/** The household's absences (attendance marked absent) and makeups from ABSENCE_HISTORY_DAYS ago on. */
async function absencesAndMakeups(payload: Payload, studentIds: number[]): Promise<{ marks: Attendance[]; makeups: Makeup[] }> {
  if (studentIds.length === 0) return { marks: [], makeups: [] }
  const since = addDays(academyToday(), -ABSENCE_HISTORY_DAYS)
  const [marks, makeups] = await Promise.all([
    payload.find({
      collection: 'attendance',
      where: { and: [{ student: { in: studentIds } }, { status: { equals: 'absent' } }, { date: { greater_than_equal: since } }] },
      depth: 0,
      limit: 0,
      pagination: false,
      overrideAccess: true,
    }),
    payload.find({
      collection: 'makeups',
      where: { and: [{ student: { in: studentIds } }, { date: { greater_than_equal: since } }] },
      depth: 1,
      limit: 0,
      pagination: false,
      overrideAccess: true,
    }),
  ])
  return { marks: marks.docs as Attendance[], makeups: makeups.docs as Makeup[] }
}

/** 'Absent: Ballet I (Mia)' on that day's meeting, saying who told and which makeup was booked. */
function absenceNotes(student: Student, cls: Class, marks: readonly Attendance[], makeups: readonly Makeup[]): OccurrenceNote[] {
  return marks
    .filter((mark) => relationId(mark.student) === student.id && relationId(mark.class) === cls.id)
    .map((mark) => {
      const makeup = makeups.find((m) => relationId(m.student) === student.id && relationId(m.missedClass) === cls.id && m.missedDate === mark.date)
      const madeUp = makeup && typeof makeup.class === 'object' ? `\nMakeup: ${makeup.class.name}, ${formatDayWithWeekday(makeup.date)}` : ''
      const told = mark.reportedBy === 'teacher' ? 'Marked absent by the teacher.' : 'Absence reported by the family.'
      return { day: mark.date, summary: `Absent: ${cls.name} (${firstNameOf(student.fullName)})`, description: `${student.fullName} · ${told}${madeUp}` }
    })
}

/** A makeup as its own event, at its class's times; none when those times cannot be read. */
function makeupEvent(makeup: Makeup, student: Student, missedName: string, domain: string): OneOffEvent | null {
  const cls = makeup.class
  if (typeof cls !== 'object') return null
  const time = classTimeRange({ ...cls, ...classCalendar(cls) })
  if (!time) return null
  return {
    uid: `makeup-${makeup.id}@${domain}`,
    summary: `Makeup: ${cls.name} (${firstNameOf(student.fullName)})`,
    description: `${student.fullName} · makes up ${missedName} of ${formatDayWithWeekday(makeup.missedDate)}\nInstructor: ${cls.instructor}`,
    location: classPlace(cls),
    day: makeup.date,
    start: time.start,
    end: time.end,
  }
}

/** An academy closure in the feed: an all-day event, 'No class — Thanksgiving'. */
function closureEvent(closure: ClosureRange, domain: string): ClosureEvent {
  return {
    uid: `closure-${closure.start}-${closure.end}@${domain}`,
    summary: closure.label ? `No class — ${closure.label}` : 'No class',
    start: closure.start,
    end: closure.end,
  }
}

/**
 * The family's private calendar feed (beyond the spec; issue 5). The link carries a token that
 * is its own authentication — calendar apps fetch it without a session:
 *
 *   token = `${userId}.${base64url(HMAC-SHA256(key, userId + ':' + version))}`
 *
 * The key is derived from PAYLOAD_SECRET; the version lives in Payload's key-value store
 * under `calendar-version:{userId}` (absent = '0'). Resetting the link stores a new random
 * version, so every earlier link stops working at once, with no schema change.
 */
const TOKEN_PATTERN = /^(\d{1,9})\.([A-Za-z0-9_-]{43})$/

const versionKey = (userId: number) => `calendar-version:${userId}`

/** A key of its own for this purpose, so a feed signature can never stand for anything else. */
function feedKey(payload: Payload): Buffer {
  return Buffer.from(hkdfSync('sha256', payload.secret, 'academy', 'calendar-feed-token', 32))
}

function sign(payload: Payload, userId: number, version: string): string {
  return createHmac('sha256', feedKey(payload)).update(`${userId}:${version}`).digest('base64url')
}

async function currentVersion(payload: Payload, userId: number): Promise<string> {
  const stored = await payload.kv.get<{ version: string }>(versionKey(userId))
  return typeof stored?.version === 'string' ? stored.version : '0'
}

/** The account's current feed token. */
export async function calendarToken(payload: Payload, userId: number): Promise<string> {
  return `${userId}.${sign(payload, userId, await currentVersion(payload, userId))}`
}

/** A new token for the account; every earlier one stops working. */
export async function resetCalendarToken(payload: Payload, userId: number): Promise<string> {
  const version = randomBytes(16).toString('base64url')
  await payload.kv.set(versionKey(userId), { version })
  return `${userId}.${sign(payload, userId, version)}`
}

/** The public address of a feed. */
export function calendarUrl(publicOrigin: string, token: string): string {
  return `${publicOrigin}/api/calendar/${token}.ics`
}

/**
 * The active account a token belongs to, or null for anything else: a malformed or forged
 * token, one from before a reset, or the account of someone deleted or deactivated.
 */
export async function userForCalendarToken(payload: Payload, token: string): Promise<User | null> {
  const match = TOKEN_PATTERN.exec(token)
  if (!match) return null
  const userId = Number(match[1])
  const given = Buffer.from(match[2]!)
  const expected = Buffer.from(sign(payload, userId, await currentVersion(payload, userId)))
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  const user = (await payload.findByID({ collection: 'users', id: userId, depth: 0, overrideAccess: true, disableErrors: true })) as User | null
  if (!user || user.isActive === false) return null
  return user
}

/**
 * The VCALENDAR of every class the account's students attend. The token has already proved
 * whose feed this is, so the rows are read for that account directly.
 */
export async function familyCalendar(payload: Payload, env: Pick<Env, 'publicOrigin'>, user: User): Promise<string> {
  const students = (
    await payload.find({ collection: 'students', where: familyRows(householdOf(user)), depth: 0, limit: 0, pagination: false, overrideAccess: true })
  ).docs as Student[]
  const byId = new Map(students.map((student) => [student.id, student]))
  const enrollments = byId.size
    ? ((
        await payload.find({
          collection: 'enrollments',
          where: { student: { in: [...byId.keys()] } },
          depth: 1,
          limit: 0,
          pagination: false,
          sort: 'id',
          overrideAccess: true,
        })
      ).docs as Enrollment[])
    : []

  const domain = new URL(env.publicOrigin).hostname
  // The academy's closures (tuition settings) skip a meeting as the class's own do (decisions §14),
  // and show as all-day events of their own.
  const closureRanges = enrollments.length ? (await readTuitionSettings(payload)).closures : []
  const academyClosures = closureDays(closureRanges)
  const { marks, makeups } = await absencesAndMakeups(payload, [...byId.keys()])
  const events: WeeklyEvent[] = []
  for (const enrollment of enrollments) {
    const student = byId.get(relationId(enrollment.student))
    const cls = enrollment.class as Class
    if (!student || typeof cls !== 'object') continue
    const event = enrollmentEvent(
      {
        id: enrollment.id,
        enrollmentDate: calendarDay(enrollment.enrollmentDate),
        endDate: enrollment.endDate ? calendarDay(enrollment.endDate) : null,
        class: { ...cls, ...classCalendar(cls) },
      },
      student,
      domain,
      academyClosures,
    )
    if (event) events.push({ ...event, occurrences: absenceNotes(student, cls, marks, makeups) })
  }
  const missedNames = new Map(enrollments.flatMap((e) => (typeof e.class === 'object' ? [[e.class.id, e.class.name] as const] : [])))
  const oneOffs = makeups.flatMap((makeup) => {
    const student = byId.get(relationId(makeup.student))
    const event = student ? makeupEvent(makeup, student, missedNames.get(relationId(makeup.missedClass)) ?? 'a class', domain) : null
    return event ? [event] : []
  })
  const siteName = (await getSiteTexts(payload)).text('global.site_name')
  return writeCalendar(
    events,
    {
      prodId: `-//${siteName.replace(/\/\//g, '/')}//Family Schedule//EN`,
      name: siteName,
      timeZone: academyTimeZone(),
      now: academyNow(),
    },
    closureRanges.map((closure) => closureEvent(closure, domain)),
    oneOffs,
  )
}
