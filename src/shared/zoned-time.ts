/**
 * Wall-clock times in a named time zone (the academy's) and the instants they are: what the
 * console's "Send later" field means, and when the academy's day turns. Pure and isomorphic: the
 * browser and the server convert alike, whatever zone the machine or the browser is in.
 * A null zone is UTC, as everywhere else (`todayIso`).
 */
import { addDays, parseIsoDate, todayIso } from './dates'

const PARTS = new Map<string, Intl.DateTimeFormat>()

function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = PARTS.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    PARTS.set(zone, format)
  }
  return format
}

/** The wall clock of `zone` at `instant`, read as if it were UTC (ms): the instant plus the zone's offset. */
function wallClockMs(instant: number, zone: string): number {
  const parts: Record<string, number> = {}
  for (const part of partsFormat(zone).formatToParts(new Date(instant))) if (part.type !== 'literal') parts[part.type] = Number(part.value)
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) + (((instant % 1000) + 1000) % 1000)
}

/** How far `zone` is ahead of UTC at `instant`, in ms (New York in winter: -5 h). */
export function zoneOffsetMs(instant: number, zone: string | null): number {
  return zone ? wallClockMs(instant, zone) - instant : 0
}

const OFFSET_REACH_MS = 14 * 3_600_000

/** `YYYY-MM-DDTHH:mm` (an `<input type="datetime-local">` value, seconds allowed), or null. */
const LOCAL_PATTERN = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

/**
 * The instant a wall-clock time of `zone` is: '2027-03-02T22:30' in America/New_York is
 * 2027-03-03T03:30Z. A time the clocks skip (spring forward) is read with the offset before the
 * jump, so it lands after it (02:30 on a spring-forward night in New York is 03:30); a time they pass twice (fall back) is the first of the two.
 * Null for anything that is not such a time.
 */
export function zonedTimeToInstant(local: string, zone: string | null): Date | null {
  const match = LOCAL_PATTERN.exec(local.trim())
  if (!match) return null
  const day = parseIsoDate(match[1]!)
  const [hour, minute, second] = [Number(match[2]), Number(match[3]), Number(match[4] ?? 0)]
  if (!day || hour > 23 || minute > 59 || second > 59) return null
  const wall = Date.UTC(day.year, day.month - 1, day.day, hour, minute, second)
  if (!zone) return new Date(wall)
  // The offsets in force 14 hours either side (no zone is further from UTC): the instants this wall clock may be.
  const offsetBefore = zoneOffsetMs(wall - OFFSET_REACH_MS, zone)
  const offsetAfter = zoneOffsetMs(wall + OFFSET_REACH_MS, zone)
  const matching = [wall - offsetBefore, wall - offsetAfter].filter((t) => wallClockMs(t, zone) === wall)
  return new Date(matching.length > 0 ? Math.min(...matching) : wall - offsetBefore)
}

/** An instant as the wall clock of `zone` shows it, `YYYY-MM-DDTHH:mm` (a datetime-local value). */
export function instantToZonedTime(instant: Date | string, zone: string | null): string {
  const ms = new Date(instant).getTime()
  return new Date(ms + zoneOffsetMs(ms, zone)).toISOString().slice(0, 16)
}

/**
 * The first instant after `now` at which the day in `zone` is no longer `todayIso(now, zone)`:
 * the next midnight, or the first instant of the next day where midnight is skipped. Always
 * after `now`.
 */
export function nextDayStart(now: Date, zone: string | null): Date {
  const today = todayIso(now, zone)
  let start = zonedTimeToInstant(`${addDays(today, 1)}T00:00`, zone)!.getTime()
  // Where the clocks jump over midnight the conversion may land a little early or late: settle it.
  while (start > now.getTime() && todayIso(new Date(start - 1), zone) !== today) start -= 15 * 60_000
  while (todayIso(new Date(start), zone) === today) start += 15 * 60_000
  return new Date(Math.max(start, now.getTime() + 1))
}
