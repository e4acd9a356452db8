import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { queryRows } from '#api/lib/database'

/*
 * The one definition of "a place is taken" (decisions §15, §16). An enrollment takes a place in
 * its class on the academy's day `day` unless it ended before that day: its `endDate` is the
 * last day attended, so the place is free from the next day on. An enrollment that has not begun
 * yet already holds its place. A waitlist offer that has not expired holds a place too. The
 * catalogue (`enrolledCount`), a class update, enrollment's capacity check, the waitlist's free
 * places and makeups all count with these two functions, never by hand.
 *
 * Pass the request when the count must see the open transaction (under a class's row lock).
 */

type Db = PayloadRequest | Payload

const idList = (ids: number[]) => JSON.stringify(ids.map(Number))

/**
 * Enrollments taking a place on each of `days` (academy days, YYYY-MM-DD) in each class of
 * `classIds` (every class when omitted); look up with `key(classId, day)`, absent means 0.
 */
export async function placesTakenOn(db: Db, days: string[], classIds?: number[]): Promise<Map<string, number>> {
  if (days.length === 0 || classIds?.length === 0) return new Map()
  const inClasses = classIds ? sql`AND e.class_id IN (SELECT value::int FROM json_array_elements_text(${idList(classIds)}::json))` : sql``
  const rows = await queryRows<{ class_id: number; day: string; taken: number }>(
    db,
    sql`SELECT e.class_id, d.day, count(*)::int AS taken
      FROM enrollments e CROSS JOIN (SELECT value AS day FROM json_array_elements_text(${JSON.stringify(days)}::json)) d
      WHERE (e.end_date IS NULL OR to_char(e.end_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') >= d.day) ${inClasses}
      GROUP BY e.class_id, d.day`,
  )
  return new Map(rows.map((row) => [placeKey(Number(row.class_id), row.day), row.taken]))
}

export const placeKey = (classId: number, day: string) => `${classId}:${day}`

/** Places taken on `day` by enrollments, and held at `now` by open waitlist offers, per class. */
export async function placesByClass(
  db: Db,
  { day, now, classIds }: { day: string; now: Date; classIds?: number[] },
): Promise<Map<number, { enrolled: number; held: number }>> {
  const inClasses = classIds ? sql`AND class_id IN (SELECT value::int FROM json_array_elements_text(${idList(classIds)}::json))` : sql``
  const taken = await placesTakenOn(db, [day], classIds)
  const heldRows =
    classIds?.length === 0
      ? []
      : await queryRows<{ class_id: number; held: number }>(
          db,
          sql`SELECT class_id, count(*)::int AS held FROM waitlist_entries
            WHERE status = 'offered' AND offer_expires_at > ${now.toISOString()}::timestamptz ${inClasses}
            GROUP BY class_id`,
        )
  const places = new Map<number, { enrolled: number; held: number }>()
  const at = (id: number) => places.get(id) ?? places.set(id, { enrolled: 0, held: 0 }).get(id)!
  for (const [key, count] of taken) at(Number(key.split(':')[0])).enrolled = count
  for (const row of heldRows) at(Number(row.class_id)).held = row.held
  for (const id of classIds ?? []) at(Number(id))
  return places
}

/**
 * The earliest instant after `now` at which an open waitlist offer stops holding its place (it
 * expires), or null when none is open: until then the places held at `now` hold.
 */
export async function nextOfferExpiry(db: Db, now: Date): Promise<Date | null> {
  const [row] = await queryRows<{ next: Date | string | null }>(
    db,
    sql`SELECT min(offer_expires_at) AS next FROM waitlist_entries WHERE status = 'offered' AND offer_expires_at > ${now.toISOString()}::timestamptz`,
  )
  return row?.next ? new Date(row.next) : null
}
