import { sql } from '@payloadcms/db-postgres'
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'

import type { Class, Student, User, WaitlistEntry } from '#cms/payload-types'
import { conflict } from '#api/errors'
import { ADMISSION_MESSAGES } from '#api/admission/schemas'
import { academyMoment } from '#api/email'
import { noticeWaitlistOffer } from '#api/notices'
import { readStudioSettings } from '#api/studio'
import { afterCommit, inTransaction, queryInTransaction } from '#api/lib/database'
import { academyNow } from '#api/lib/academy-clock'
import { freePlaces, lapsedOffer, lockClass, placesNow } from '#api/admission'
import { updateEntry } from './places'

/**
 * Offers: a free place goes to the first waiting family as an offer held for the studio's
 * offer window (`waitlistOfferHours` of the studio settings), mailed once the transaction commits.
 */

/**
 * Inside the class lock: lets the class's expired offers go, then offers every free place to
 * the first waiting entries (an administrator's override first, then first come, ties on id).
 * The offer emails go out after the commit. Returns the entries it let expire and those it offered.
 */
export async function fillClass(req: PayloadRequest, classId: number, capacity: number | null, now: Date): Promise<{ expired: number[]; offered: number[] }> {
  const lapsed = await queryInTransaction<{ id: number }>(
    req,
    sql`SELECT id FROM waitlist_entries WHERE class_id = ${classId} AND ${lapsedOffer(now)} ORDER BY id`,
  )
  const expired = lapsed.map((row) => Number(row.id))
  for (const id of expired) await updateEntry(req, id, { status: 'expired', closedAt: now.toISOString() })

  const free = freePlaces(await placesNow(req, classId, capacity, now))
  if (free <= 0) return { expired, offered: [] }
  const limit = Number.isFinite(free) ? free : 1_000_000
  const next = await queryInTransaction<{ id: number }>(
    req,
    sql`SELECT id FROM waitlist_entries WHERE class_id = ${classId} AND status = 'waiting'
      ORDER BY (override_at IS NULL), override_at, created_at, id LIMIT ${limit}`,
  )
  if (next.length === 0) return { expired, offered: [] }
  const { waitlistOfferHours } = await readStudioSettings(req.payload, req)
  const expiresAt = new Date(now.getTime() + waitlistOfferHours * 3_600_000).toISOString()
  const offered: number[] = []
  for (const row of next) {
    const id = Number(row.id)
    await updateEntry(req, id, { status: 'offered', offeredAt: now.toISOString(), offerExpiresAt: expiresAt })
    offered.push(id)
  }
  const payload = req.payload
  afterCommit(req, () => {
    void sendOfferMails(payload, offered).catch((error: unknown) => payload.logger.error({ err: error, entries: offered }, 'Could not send a waitlist offer'))
  })
  return { expired, offered }
}

/** For the collection hooks: a place may have freed in `classId` (a drop, an end date, more capacity). */
export async function offerFreedPlaces(req: PayloadRequest, classId: number): Promise<void> {
  await inTransaction(req, async () => {
    const cls = await lockClass(req, classId)
    if (cls) await fillClass(req, classId, cls.capacity, academyNow())
  })
}

/** The offer emails, once the offers are committed; an entry no longer offered (its class deleted, say) gets none. */
async function sendOfferMails(payload: Payload, ids: number[]): Promise<void> {
  if (ids.length === 0) return
  const { docs } = await payload.find({
    collection: 'waitlist-entries',
    where: { id: { in: ids } },
    depth: 1,
    limit: 0,
    pagination: false,
    overrideAccess: true,
  })
  const { waitlistOfferHours } = await readStudioSettings(payload)
  const req = await createLocalReq({}, payload)
  // The offer is the family's inbox notice and its emails (decisions §27), not a mail of its own.
  for (const entry of docs as WaitlistEntry[]) {
    if (entry.status !== 'offered' || !entry.offerExpiresAt) continue
    const family = entry.family as User
    const student = entry.student as Student
    const cls = entry.class as Class
    if (!family || !student || !cls) continue
    await noticeWaitlistOffer(req, {
      entryId: entry.id,
      householdId: family.id,
      studentId: student.id,
      studentName: student.fullName,
      className: cls.name,
      expiresAt: academyMoment(entry.offerExpiresAt),
      hours: waitlistOfferHours,
      offerExpiresAt: entry.offerExpiresAt,
    })
  }
}

/**
 * For a plain enrollment, inside the class lock: the waitlist is served first, then the
 * enrollment takes a place only if one is neither taken nor held by another family's offer
 * (its own offer counts as its place). Returns that offer, to be marked accepted with the
 * enrollment; refuses a full class with 409.
 */
export async function claimPlace(req: PayloadRequest, classId: number, capacity: number | null, studentId: number, now: Date): Promise<number | null> {
  await fillClass(req, classId, capacity, now)
  const [own] = await queryInTransaction<{ id: number }>(
    req,
    sql`SELECT id FROM waitlist_entries WHERE class_id = ${classId} AND student_id = ${studentId}
      AND status = 'offered' AND offer_expires_at > ${now.toISOString()}::timestamptz`,
  )
  const free = freePlaces(await placesNow(req, classId, capacity, now), own ? 1 : 0)
  if (free <= 0) throw conflict(ADMISSION_MESSAGES.classFull)
  return own ? Number(own.id) : null
}

/** The offer a plain enrollment used (see claimPlace). */
export async function markOfferAccepted(req: PayloadRequest, entryId: number, now: Date): Promise<void> {
  await updateEntry(req, entryId, { status: 'accepted', closedAt: now.toISOString() })
}
