import { getAppContext } from '#server/context.server'
import { todayIso } from '#shared/dates'

/**
 * The academy's clock and calendar day: the one place the server asks what time and what day
 * it is for the academy. A day the academy records (an enrollment, a drop, an absence, a
 * makeup, an invoice's issue and due dates, a payment received, attendance) is the day in
 * the academy's time zone (academyTimeZone), never the server's UTC day: a family enrolling at 22:30 on a Tuesday in New
 * York enrolls on Tuesday, although it is already Wednesday in UTC.
 *
 * Integration tests move the clock (setAcademyClock) to stand at 22:30 in New York or 00:30 in
 * Tokyo, or to let a waitlist offer run out, without waiting; the app never moves it.
 */
let clock: (() => Date) | null = null

/** Now, as the academy's operations see it. */
export function academyNow(): Date {
  return clock ? clock() : new Date()
}

/**
 * Replaces the clock; `null` returns to real time. Test-only: it refuses to run outside Vitest,
 * so no production code path can shift the academy's days.
 */
export function setAcademyClock(next: (() => Date) | null): void {
  if (!process.env.VITEST) throw new Error('setAcademyClock is for tests only')
  clock = next
}

/**
 * The time zone an administrator chose (the studio settings' `timeZone`), kept in memory so that
 * every date default, email time, attendance day, due date and billing-calendar day reads it
 * synchronously. Loaded at boot (payload.config.ts onInit), updated by the global's afterChange
 * hook and, in other processes, over the cache bus (src/api/studio/time-zone.ts). On globalThis:
 * the server, Astro's and Next's bundles of this source share one process and one answer.
 * `undefined`: not loaded (scripts, seeds); `null`: never chosen.
 */
type ZoneSlot = { chosen: string | null | undefined }
const ZONE_KEY = Symbol.for('academy.time-zone')
const zoneSlot = ((globalThis as unknown as Record<symbol, ZoneSlot | undefined>)[ZONE_KEY] ??= { chosen: undefined })

/** Remembers the studio's chosen zone (null: none chosen; ACADEMY_TIMEZONE, else UTC, applies). */
export function rememberChosenTimeZone(zone: string | null): void {
  zoneSlot.chosen = zone
}

/** The zone the studio settings hold, or null when no administrator has chosen one yet. */
export function chosenTimeZone(): string | null {
  return zoneSlot.chosen ?? null
}

/**
 * The academy's IANA time zone: the studio settings' choice, else ACADEMY_TIMEZONE (the initial
 * value), else null for UTC; null too before the app has started (seeds, scripts).
 */
export function academyTimeZone(): string | null {
  if (zoneSlot.chosen) return zoneSlot.chosen
  try {
    return getAppContext().env.ACADEMY_TIMEZONE ?? null
  } catch {
    return null
  }
}

/** The academy's calendar day (`YYYY-MM-DD`) at `now` (by default the academy's clock). */
export function academyToday(now: Date = academyNow()): string {
  return todayIso(now, academyTimeZone())
}
