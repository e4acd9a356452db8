/**
 * The clock of the iCalendar writer (RFC 5545): wall-clock stamps, UTC stamps, and the academy's
 * time zone as a VTIMEZONE block. Pure; src/api/lib/ics.ts writes the events with them.
 */
import { tzlib_get_ical_block, tzlib_get_offset } from 'timezones-ical-library'

import { parseIsoDate } from '#shared/dates'
import { hhmmOf } from '#shared/schedule'

export const pad = (value: number, width = 2) => String(value).padStart(width, '0')

export function localStamp([year, month, day]: [number, number, number], minutes: number): string {
  return `${pad(year, 4)}${pad(month)}${pad(day)}T${pad(Math.floor(minutes / 60))}${pad(minutes % 60)}00`
}

export function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/** The zone's VTIMEZONE and the TZID the library names it by, or null for a zone it does not know. */
export function timeZoneBlock(timeZone: string): { tzid: string; lines: string[] } | null {
  let block: string[] | string
  try {
    block = tzlib_get_ical_block(timeZone)
  } catch {
    return null
  }
  if (!Array.isArray(block) || typeof block[0] !== 'string' || !block[0].startsWith('BEGIN:VTIMEZONE')) return null
  const tzid = /^TZID[=:](.+)$/m.exec(block[1] ?? '')?.[1]?.trim() ?? /^TZID:(.+)$/m.exec(block[0])?.[1]?.trim()
  if (!tzid) return null
  return { tzid, lines: block[0].split(/\r?\n/).filter(Boolean) }
}

/**
 * The UTC instant of a wall-clock time in a zone, as RFC 5545 wants UNTIL when DTSTART carries
 * a TZID (§3.3.10): YYYYMMDDTHHMMSSZ.
 */
export function utcUntil(timeZone: string, day: string, minutes: number): string {
  const offset = tzlib_get_offset(timeZone, day, hhmmOf(minutes))
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(offset)
  const offsetMinutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0
  const date = parseIsoDate(day)!
  return utcStamp(new Date(Date.UTC(date.year, date.month - 1, date.day, 0, minutes - offsetMinutes)))
}

export type Zone = { tzid: string; iana: string } | null

export const dayStamp = (day: string) => day.replace(/-/g, '')

/** A wall-clock stamp of a `YYYY-MM-DD` day at `minutes` after midnight. */
export function dayTimeStamp(day: string, minutes: number): string {
  const date = parseIsoDate(day)!
  return localStamp([date.year, date.month, date.day], minutes)
}
