import { createLocalReq, type Payload } from 'payload'

import { inTransaction, poolOf } from '#api/lib/database'
import { academyNow, academyToday } from '#api/lib/academy-clock'
import { placesByClass } from '#api/classes'
import { fillClass } from './offers'
import { lockClass } from './places'

/** Expiry: an offer not answered by its `offerExpiresAt` lapses and its place goes to the next family. */

/**
 * Lets every expired offer go and offers the freed places to the next families, class by class,
 * each under its class's lock. Runs lazily on every waitlist and enrollment call and may be run
 * periodically by a job. Returns how many offers expired and how many were made.
 */
export async function expireWaitlistOffers(payload: Payload, now: Date = academyNow()): Promise<{ expired: number; offered: number }> {
  const at = now.toISOString()
  const { rows: candidates } = await poolOf(payload).query<{ class_id: number; capacity: string | null; expired: number; waiting: boolean }>(
    `SELECT c.id AS class_id, c.capacity,
       (SELECT count(*)::int FROM waitlist_entries w WHERE w.class_id = c.id AND w.status = 'offered' AND w.offer_expires_at <= $1::timestamptz) AS expired,
       EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.class_id = c.id AND w.status = 'waiting') AS waiting
     FROM classes c
     WHERE EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.class_id = c.id
       AND ((w.status = 'offered' AND w.offer_expires_at <= $1::timestamptz) OR w.status = 'waiting'))`,
    [at],
  )
  // A class with a waiting family is worth a look only with a free place (the one count, #api/classes).
  const places = await placesByClass(payload, { day: academyToday(now), now, classIds: candidates.map((row) => Number(row.class_id)) })
  const hasRoom = (row: (typeof candidates)[number]) => {
    const taken = places.get(Number(row.class_id)) ?? { enrolled: 0, held: 0 }
    return row.capacity == null || Number(row.capacity) > taken.enrolled + taken.held
  }
  const rows = candidates.filter((row) => row.expired > 0 || (row.waiting && hasRoom(row)))
  let expired = 0
  let offered = 0
  for (const row of rows) {
    const req = await createLocalReq({}, payload)
    offered += await inTransaction(req, async () => {
      const cls = await lockClass(req, Number(row.class_id))
      return cls ? (await fillClass(req, Number(row.class_id), cls.capacity, now)).length : 0
    })
    expired += row.expired
  }
  return { expired, offered }
}

/** The lazy sweep before a waitlist or enrollment call: a failure is logged, never the caller's answer. */
export async function sweepWaitlist(payload: Payload): Promise<void> {
  try {
    await expireWaitlistOffers(payload, academyNow())
  } catch (error) {
    payload.logger.error({ err: error }, 'The waitlist sweep failed')
  }
}
