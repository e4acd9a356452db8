import { hkdfSync, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

import type { Payload } from 'payload'

import type { Class, Enrollment, Student, User } from '#cms/payload-types'
import type { Env } from '#server/env.server'
import { enrollmentEvent, writeCalendar, type ClosureEvent, type WeeklyEvent } from '#api/lib/ics'
import { classCalendar } from '#api/classes'
import { getSiteTexts } from '#api/site-content'
import { readTuitionSettings } from '#api/studio'
import { relationId } from '#api/lib/relations'
import { familyRows, householdOf } from '#api/lib/ownership'
import { academyNow, academyTimeZone } from '#api/lib/academy-clock'
import { closureDays, type ClosureRange } from '#shared/closures'
import { calendarDay } from '#shared/dates'

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
    if (event) events.push(event)
  }
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
  )
}
