import { sql } from '@payloadcms/db-postgres'
import { createLocalReq, type Payload } from 'payload'

import { inTransaction, queryRows } from '#api/lib/database'
import { academyNow, academyToday } from '#api/lib/academy-clock'
import { placesByClass } from '#api/classes'
import { fillClass } from './offers'
import { freePlaces, lapsedOffer, lockClass } from '#api/admission'

/**
 * Expiry (docs/decisions/017): an offer not answered by its `offerExpiresAt` lapses and its
 * place goes to the next family. Reads never write: they show a lapsed offer as `expired`
 * (`readStatus`, ./read-status), computed from the academy's clock. The rows change only under the class
 * lock: when a waitlist write touches the class (`settleClass`, then `fillClass` inside the
 * write), when an enrollment needs the place (`claimPlace`), and in the scheduled waitlist job
 * (`expireWaitlistOffers`, cms/jobs.ts).
 */

/** One class, under its lock, in a transaction of its own: its lapsed offers go and its free places are offered. */
async function settleLocked(payload: Payload, classId: number, now: Date): Promise<{ expired: number; offered: number }> {
  const req = await createLocalReq({}, payload)
  return inTransaction(req, async () => {
    const cls = await lockClass(req, classId)
    if (!cls) return { expired: 0, offered: 0 }
    const done = await fillClass(req, classId, cls.capacity, now)
    return { expired: done.expired.length, offered: done.offered.length }
  })
}

/**
 * Before a waitlist write acts on a class: the class's lapsed offers go and freed places are
 * offered, committed on their own so a write then refused (409) does not undo them.
 */
export async function settleClass(payload: Payload, classId: number): Promise<void> {
  await settleLocked(payload, classId, academyNow())
}

/**
 * The scheduled waitlist job (cms/jobs.ts): lets every expired offer go and offers the freed
 * places to the next families, class by class, each under its class's lock. Safe to run twice
 * at once: the second finds, under the lock, nothing left to do. Returns how many offers this
 * run expired and how many it made.
 */
export async function expireWaitlistOffers(payload: Payload): Promise<{ expired: number; offered: number }> {
  const now = academyNow()
  const lapsed = lapsedOffer(now, 'w')
  const candidates = await queryRows<{ class_id: number; capacity: string | null; expired: number; waiting: boolean }>(
    payload,
    sql`SELECT c.id AS class_id, c.capacity,
       (SELECT count(*)::int FROM waitlist_entries w WHERE w.class_id = c.id AND ${lapsed}) AS expired,
       EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.class_id = c.id AND w.status = 'waiting') AS waiting
     FROM classes c
     WHERE EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.class_id = c.id AND (${lapsed} OR w.status = 'waiting'))`,
  )
  // A class with a waiting family is worth a look only with a free place (the one count, #api/classes).
  const places = await placesByClass(payload, { day: academyToday(now), now, classIds: candidates.map((row) => Number(row.class_id)) })
  const hasRoom = (row: (typeof candidates)[number]) => {
    const taken = places.get(Number(row.class_id)) ?? { enrolled: 0, held: 0 }
    return freePlaces({ capacity: row.capacity == null ? null : Number(row.capacity), ...taken }) > 0
  }
  const total = { expired: 0, offered: 0 }
  for (const row of candidates.filter((row) => row.expired > 0 || (row.waiting && hasRoom(row)))) {
    const done = await settleLocked(payload, Number(row.class_id), now)
    total.expired += done.expired
    total.offered += done.offered
  }
  return total
}
