import { AsyncLocalStorage } from 'node:async_hooks'

import { getAppContext } from '#server/context.server'
import { todayIso } from '#shared/dates'
import { nextDayStart } from '#shared/zoned-time'
import { useClockForSchemas } from '#shared/schema-clock'
import { recordsChanged } from '#server/records-generation.server'

/**
 * The academy's clock and calendar day: the one place the server asks what time and what day
 * it is for the academy. A day the academy records (an enrollment, a drop, an absence, a
 * makeup, an invoice's issue and due dates, a payment received, attendance) is the day in
 * the academy's time zone (academyTimeZone), never the server's UTC day: a family enrolling at 22:30 on a Tuesday in New
 * York enrolls on Tuesday, although it is already Wednesday in UTC.
 *
 * One injection style: an operation asks `academyNow()` / `academyToday()` when it needs the
 * time (once, when one instant must hold throughout, handing the value to its helpers); no
 * operation takes a clock or defaults a parameter to the machine's time. What moves the clock:
 * - `withAcademyClock(clock, work)`: `work` and all it awaits see `clock` (a scheduled task
 *   queued with a `now`, an operator replaying a day, a test calling an operation directly);
 * - `setAcademyClock(clock)`: Vitest only, the whole process (a test driving the HTTP contract
 *   to stand at 22:30 in New York, or to let a waitlist offer run out, without waiting).
 * The app never moves it otherwise.
 */

/** A time source: tests, a task's input and operators drive it. */
export type Clock = () => Date

/** A clock that reads `start` now and runs on in real time from there (a task queued with a given `now`). */
export function clockFrom(start: Date): Clock {
  const offset = start.getTime() - Date.now()
  return () => new Date(Date.now() + offset)
}

/** On globalThis, like the zone below: the server's, Astro's and Next's bundles share one clock. */
type ClockSlot = { scoped: AsyncLocalStorage<Clock>; test: Clock | null }
const CLOCK_KEY = Symbol.for('academy.clock')
const clockSlot = ((globalThis as unknown as Record<symbol, ClockSlot | undefined>)[CLOCK_KEY] ??= {
  scoped: new AsyncLocalStorage<Clock>(),
  test: null,
})

/** Now, as the academy's operations see it. */
export function academyNow(): Date {
  const clock = clockSlot.scoped.getStore() ?? clockSlot.test
  return clock ? clock() : new Date()
}

// The schemas shared with the browser check dates against this same clock on the server.
useClockForSchemas(academyNow)

/** Now on the academy's clock in ms, without a Date in real time: what a kept answer's lapse compares with on every hit. */
export function academyNowMs(): number {
  const clock = clockSlot.scoped.getStore() ?? clockSlot.test
  return clock ? clock().getTime() : Date.now()
}

/** Runs `work` (and everything it awaits) on `clock`; other work in the process keeps its own time. */
export function withAcademyClock<T>(clock: Clock, work: () => T): T {
  return clockSlot.scoped.run(clock, work)
}

/**
 * Replaces the clock; `null` returns to real time. Test-only: it refuses to run outside Vitest,
 * so no production code path can shift the academy's days.
 */
export function setAcademyClock(next: Clock | null): void {
  if (!process.env.VITEST) throw new Error('setAcademyClock is for tests only')
  clockSlot.test = next
  // Answers kept for families were read at the old time (ADR 019): none is replayed after the jump.
  recordsChanged()
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

/** The academy's calendar day (`YYYY-MM-DD`) at `now` (by default the academy's clock's now). */
export function academyToday(now: Date = academyNow()): string {
  return todayIso(now, academyTimeZone())
}

/**
 * The first instant after `now` that is on the academy's next day (its next midnight): when an
 * answer made from today's places stops holding. Computed once per kept answer, never per hit.
 */
export function academyDayEndsAt(now: Date = academyNow()): Date {
  return nextDayStart(now, academyTimeZone())
}
