import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { sql } from '@payloadcms/db-postgres'
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'

import type { Class, Enrollment, Student, User, WaitlistEntry } from '#cms/payload-types'
import { isAdminUser, requireAdmin, requireUser } from '#api/auth'
import { AppError, badInput, conflict, isUniqueViolation, notFound } from '#api/errors'
import { alreadyEnrolledMessage, ENROLLMENT_MESSAGES, notInAgeGroupMessage } from '#api/enrollment/schemas'
import {
  WAITLIST_MESSAGES,
  type AdminWaitlistDto,
  type AdminWaitlistEntryDto,
  type JoinWaitlistInput,
  type WaitlistEntryDto,
  type WaitlistOverrideInput,
  type WaitlistRemoveInput,
  type WaitlistStatus,
} from './schemas'
import { getAppContext } from '#server/context.server'
import { ageFitsGroup, ageOn } from '#shared/eligibility'
import { confirmEnrollmentInBackground, waitlistOfferMail } from '#api/email'
import { relationId } from '#api/lib/relations'
import { getSiteTexts } from '#api/site-content'
import { readStudioSettings } from '#api/studio'
import { findOwnStudent } from '#api/students'
import { afterCommit, inTransaction, queryInTransaction } from '#api/lib/transaction'
import { academyNow, academyToday } from '#api/lib/academy-clock'

/*
 * The waitlist (decisions §15). Every change to a class's line runs in one transaction that
 * first locks the class row (`SELECT … FOR UPDATE`), the same lock enrollment takes: drops,
 * offers, accepts and plain enrollments of one class take turns, and each one counts again
 * after the previous has committed. A place is taken by an enrollment that has not ended and
 * held by an offer that has not expired; `fillClass` gives every place that is neither to the
 * first waiting families, in order.
 */

type Places = { capacity: number | null; enrolled: number; held: number }

const poolOf = (payload: Payload) => (payload.db as unknown as PostgresAdapter).pool

/** Locks the class row until commit; null when the class does not exist. */
async function lockClass(req: PayloadRequest, classId: number): Promise<{ capacity: number | null } | null> {
  const [row] = await queryInTransaction<{ capacity: string | number | null }>(req, sql`SELECT capacity FROM classes WHERE id = ${classId} FOR UPDATE`)
  if (!row) return null
  return { capacity: row.capacity == null ? null : Number(row.capacity) }
}

/** Places taken (enrollments not ended before today) and held (offers not yet expired); inside the lock. */
async function countPlaces(req: PayloadRequest, classId: number, capacity: number | null, now: Date): Promise<Places> {
  const [row] = await queryInTransaction<{ enrolled: number; held: number }>(
    req,
    sql`SELECT
      (SELECT count(*)::int FROM enrollments WHERE class_id = ${classId}
        AND (end_date IS NULL OR to_char(end_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') >= ${academyToday(now)})) AS enrolled,
      (SELECT count(*)::int FROM waitlist_entries WHERE class_id = ${classId}
        AND status = 'offered' AND offer_expires_at > ${now.toISOString()}::timestamptz) AS held`,
  )
  return { capacity, enrolled: row?.enrolled ?? 0, held: row?.held ?? 0 }
}

const freePlaces = (places: Places) => (places.capacity == null ? Number.POSITIVE_INFINITY : places.capacity - places.enrolled - places.held)

async function updateEntry(req: PayloadRequest, id: number, data: Partial<WaitlistEntry>): Promise<WaitlistEntry> {
  return (await req.payload.update({ collection: 'waitlist-entries', id, data: data as never, depth: 0, req, overrideAccess: true })) as WaitlistEntry
}

/**
 * Inside the class lock: lets the class's expired offers go, then offers every free place to
 * the first waiting entries (an administrator's override first, then first come, ties on id).
 * The offer emails go out after the commit. Returns the entries offered.
 */
export async function fillClass(req: PayloadRequest, classId: number, capacity: number | null, now: Date): Promise<number[]> {
  const expired = await queryInTransaction<{ id: number }>(
    req,
    sql`SELECT id FROM waitlist_entries WHERE class_id = ${classId} AND status = 'offered' AND offer_expires_at <= ${now.toISOString()}::timestamptz ORDER BY id`,
  )
  for (const { id } of expired) await updateEntry(req, Number(id), { status: 'expired', closedAt: now.toISOString() })

  const free = freePlaces(await countPlaces(req, classId, capacity, now))
  if (free <= 0) return []
  const limit = Number.isFinite(free) ? free : 1_000_000
  const next = await queryInTransaction<{ id: number }>(
    req,
    sql`SELECT id FROM waitlist_entries WHERE class_id = ${classId} AND status = 'waiting'
      ORDER BY (override_at IS NULL), override_at, created_at, id LIMIT ${limit}`,
  )
  if (next.length === 0) return []
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
  return offered
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
  const { env, mailer } = getAppContext()
  const { waitlistOfferHours } = await readStudioSettings(payload)
  const academyName = (await getSiteTexts(payload)).text('global.site_name')
  for (const entry of docs as WaitlistEntry[]) {
    if (entry.status !== 'offered' || !entry.offerExpiresAt) continue
    const family = entry.family as User
    const student = entry.student as Student
    const cls = entry.class as Class
    if (!family?.email) continue
    const expiresAt = new Date(entry.offerExpiresAt).toLocaleString('en-US', {
      timeZone: env.ACADEMY_TIMEZONE ?? 'UTC',
      dateStyle: 'full',
      timeStyle: 'short',
    })
    const mail = waitlistOfferMail({
      fullName: family.fullName,
      academyName,
      studentName: student.fullName,
      className: cls.name,
      expiresAt,
      hours: waitlistOfferHours,
      link: `${env.publicOrigin}/dashboard`,
    })
    await mailer.send({ to: family.email, subject: mail.subject, text: mail.text })
  }
}

/**
 * Lets every expired offer go and offers the freed places to the next families, class by class,
 * each under its class's lock. Runs lazily on every waitlist and enrollment call and may be run
 * periodically by a job. Returns how many offers expired and how many were made.
 */
export async function expireWaitlistOffers(payload: Payload, now: Date = academyNow()): Promise<{ expired: number; offered: number }> {
  const at = now.toISOString()
  const { rows } = await poolOf(payload).query<{ class_id: number; expired: number }>(
    `SELECT c.id AS class_id,
       (SELECT count(*)::int FROM waitlist_entries w WHERE w.class_id = c.id AND w.status = 'offered' AND w.offer_expires_at <= $1::timestamptz) AS expired
     FROM classes c
     WHERE EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.class_id = c.id AND w.status = 'offered' AND w.offer_expires_at <= $1::timestamptz)
        OR (EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.class_id = c.id AND w.status = 'waiting')
            AND (c.capacity IS NULL OR c.capacity >
              (SELECT count(*) FROM enrollments e WHERE e.class_id = c.id
                 AND (e.end_date IS NULL OR to_char(e.end_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') >= $2))
              + (SELECT count(*) FROM waitlist_entries w WHERE w.class_id = c.id AND w.status = 'offered' AND w.offer_expires_at > $1::timestamptz)))`,
    [at, academyToday(now)],
  )
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

/** Queue positions of the waiting entries of these classes (1 = next to be offered). */
async function positionsIn(payload: Payload, classIds: number[]): Promise<Map<number, number>> {
  if (classIds.length === 0) return new Map()
  const { rows } = await poolOf(payload).query<{ id: number; position: number }>(
    `SELECT id, row_number() OVER (PARTITION BY class_id ORDER BY (override_at IS NULL), override_at, created_at, id)::int AS position
     FROM waitlist_entries WHERE status = 'waiting' AND class_id = ANY($1::int[])`,
    [classIds],
  )
  return new Map(rows.map((row) => [Number(row.id), row.position]))
}

function toEntryDto(doc: WaitlistEntry, positions: Map<number, number>): WaitlistEntryDto {
  const student = doc.student as Student
  const cls = doc.class as Class
  return {
    id: doc.id,
    studentId: relationId(doc.student),
    studentName: typeof student === 'object' ? student.fullName : '',
    classId: relationId(doc.class),
    className: typeof cls === 'object' ? cls.name : '',
    status: doc.status as WaitlistStatus,
    position: doc.status === 'waiting' ? (positions.get(doc.id) ?? null) : null,
    joinedAt: doc.createdAt,
    offeredAt: doc.status === 'offered' ? (doc.offeredAt ?? null) : null,
    offerExpiresAt: doc.status === 'offered' ? (doc.offerExpiresAt ?? null) : null,
  }
}

const nameOf = (user: number | User | null | undefined) => (user && typeof user === 'object' ? user.fullName || user.username || null : null)

function toAdminEntryDto(doc: WaitlistEntry, positions: Map<number, number>): AdminWaitlistEntryDto {
  const family = doc.family as User
  return {
    ...toEntryDto(doc, positions),
    offeredAt: doc.offeredAt ?? null,
    offerExpiresAt: doc.offerExpiresAt ?? null,
    familyName: typeof family === 'object' ? family.fullName : '',
    familyEmail: typeof family === 'object' ? family.email : '',
    overrideAction: doc.overrideAction ?? null,
    overrideReason: doc.overrideReason ?? null,
    overrideBy: nameOf(doc.overrideBy),
    overrideAt: doc.overrideAt ?? null,
    removalReason: doc.removalReason ?? null,
    removedBy: nameOf(doc.removedBy),
    removedAt: doc.removedAt ?? null,
  }
}

async function entryDto(req: PayloadRequest, id: number): Promise<WaitlistEntryDto> {
  const doc = (await req.payload.findByID({ collection: 'waitlist-entries', id, depth: 1, overrideAccess: true })) as WaitlistEntry
  return toEntryDto(doc, await positionsIn(req.payload, [relationId(doc.class)]))
}

/** An entry the caller may act on (its family's, or any for an administrator), or 404 for all else. */
async function findOwnEntry(req: PayloadRequest, id: number): Promise<WaitlistEntry> {
  const user = requireUser(req)
  const { docs } = await req.payload.find({
    collection: 'waitlist-entries',
    where: { id: { equals: id } },
    depth: 0,
    limit: 1,
    pagination: false,
    user,
    overrideAccess: false,
  })
  const doc = docs[0] as WaitlistEntry | undefined
  if (!doc) throw notFound(WAITLIST_MESSAGES.notFound)
  return doc
}

/** The entry as it stands inside the lock (another request may have changed it meanwhile). */
async function currentEntry(req: PayloadRequest, id: number): Promise<WaitlistEntry> {
  const doc = (await req.payload.findByID({
    collection: 'waitlist-entries',
    id,
    depth: 0,
    req,
    disableErrors: true,
    overrideAccess: true,
  })) as WaitlistEntry | null
  if (!doc) throw notFound(WAITLIST_MESSAGES.notFound)
  return doc
}

async function enrollmentExists(req: PayloadRequest, studentId: number, classId: number): Promise<boolean> {
  const { totalDocs } = await req.payload.count({
    collection: 'enrollments',
    where: { and: [{ student: { equals: studentId } }, { class: { equals: classId } }] },
    req,
    overrideAccess: true,
  })
  return totalDocs > 0
}

/** GET /api/waitlist: the caller's students' entries that are still in line or offered. */
export async function listOwnWaitlist(req: PayloadRequest): Promise<WaitlistEntryDto[]> {
  const user = requireUser(req)
  await sweepWaitlist(req.payload)
  const { docs } = await req.payload.find({
    collection: 'waitlist-entries',
    where: { and: [{ status: { in: ['waiting', 'offered'] } }, { 'student.user': { equals: user.id } }] },
    depth: 1,
    limit: 0,
    pagination: false,
    sort: 'createdAt',
    user,
    overrideAccess: false,
  })
  const entries = docs as WaitlistEntry[]
  const positions = await positionsIn(req.payload, [...new Set(entries.map((e) => relationId(e.class)))])
  return entries.map((doc) => toEntryDto(doc, positions))
}

/**
 * POST /api/waitlist: a family's own student joins the line of a class that is full, or whose
 * free places are all held by offers. The same age rule as enrollment; not when already
 * enrolled or already in line (PostgreSQL's partial unique index decides between twins).
 */
export async function joinWaitlist(req: PayloadRequest, input: JoinWaitlistInput): Promise<WaitlistEntryDto> {
  const user = requireUser(req)
  await sweepWaitlist(req.payload)
  const student = await findOwnStudent(req, input.studentId)
  const cls = (await req.payload.findByID({ collection: 'classes', id: input.classId, depth: 0, disableErrors: true, overrideAccess: true })) as Class | null
  if (!cls) throw notFound(WAITLIST_MESSAGES.classNotFound)
  if (!isAdminUser(user) && !ageFitsGroup(ageOn(student.dateOfBirth, academyToday()), cls.ageGroup))
    throw badInput(notInAgeGroupMessage(student.fullName, cls.name, cls.ageGroup))
  const duplicate = () => conflict(WAITLIST_MESSAGES.alreadyWaiting)
  let id: number
  try {
    id = await inTransaction(req, async () => {
      const locked = await lockClass(req, cls.id)
      if (!locked) throw notFound(WAITLIST_MESSAGES.classNotFound)
      const now = academyNow()
      await fillClass(req, cls.id, locked.capacity, now)
      if (await enrollmentExists(req, student.id, cls.id)) throw conflict(alreadyEnrolledMessage(student.fullName, cls.name))
      const active = await req.payload.count({
        collection: 'waitlist-entries',
        where: { and: [{ student: { equals: student.id } }, { class: { equals: cls.id } }, { status: { in: ['waiting', 'offered'] } }] },
        req,
        overrideAccess: true,
      })
      if (active.totalDocs > 0) throw duplicate()
      if (freePlaces(await countPlaces(req, cls.id, locked.capacity, now)) > 0) throw conflict(WAITLIST_MESSAGES.classHasRoom)
      const doc = await req.payload.create({
        collection: 'waitlist-entries',
        data: { class: cls.id, student: student.id, family: relationId(student.user), status: 'waiting' },
        depth: 0,
        req,
        overrideAccess: true,
      })
      return doc.id as number
    })
  } catch (error) {
    if (error instanceof AppError) throw error
    if (isUniqueViolation(error)) throw duplicate()
    throw error
  }
  return entryDto(req, id)
}

/**
 * Runs `work` on an entry the caller may act on, inside its class's lock, with the entry as
 * it stands now. `work` may return `retry` to commit what it changed and then refuse.
 */
async function underClassLock<T>(
  req: PayloadRequest,
  entryId: number,
  work: (entry: WaitlistEntry, capacity: number | null, now: Date) => Promise<T>,
): Promise<T> {
  const owned = await findOwnEntry(req, entryId)
  return inTransaction(req, async () => {
    const locked = await lockClass(req, relationId(owned.class))
    if (!locked) throw notFound(WAITLIST_MESSAGES.notFound)
    return work(await currentEntry(req, entryId), locked.capacity, academyNow())
  })
}

const isExpired = (entry: WaitlistEntry, now: Date) => !entry.offerExpiresAt || new Date(entry.offerExpiresAt).getTime() <= now.getTime()

/**
 * POST /api/waitlist/{id}/accept: the offered family takes the place. The offer and the
 * capacity are checked again under the class lock, and the enrollment is made in the same
 * transaction; an offer that ran out is let go (and the next family offered) and refused.
 */
export async function acceptOffer(req: PayloadRequest, entryId: number): Promise<WaitlistEntryDto> {
  await sweepWaitlist(req.payload)
  const outcome = await underClassLock(req, entryId, async (entry, capacity, now) => {
    if (entry.status !== 'offered') throw conflict(WAITLIST_MESSAGES.notOffered)
    const classId = relationId(entry.class)
    if (isExpired(entry, now)) {
      await fillClass(req, classId, capacity, now)
      return 'expired' as const
    }
    const places = await countPlaces(req, classId, capacity, now)
    // This offer is one of the held places: the place is ours if the rest still leave room for it.
    if (capacity != null && places.enrolled + places.held - 1 >= capacity) throw conflict(ENROLLMENT_MESSAGES.classFull)
    const studentId = relationId(entry.student)
    if (await enrollmentExists(req, studentId, classId)) {
      const student = (await req.payload.findByID({ collection: 'students', id: studentId, depth: 0, req, overrideAccess: true })) as Student
      const cls = (await req.payload.findByID({ collection: 'classes', id: classId, depth: 0, req, overrideAccess: true })) as Class
      throw conflict(alreadyEnrolledMessage(student.fullName, cls.name))
    }
    ;(await req.payload.create({
      collection: 'enrollments',
      data: { student: studentId, class: classId, enrollmentDate: academyToday(now) },
      depth: 0,
      req,
      overrideAccess: true,
    })) as Enrollment
    await updateEntry(req, entry.id, { status: 'accepted', closedAt: now.toISOString() })
    return { studentId, classId }
  })
  if (outcome === 'expired') throw conflict(WAITLIST_MESSAGES.offerExpired)
  // The family hears about the place as it would about any other enrollment.
  confirmEnrollmentInBackground(req, outcome.studentId, outcome.classId)
  return entryDto(req, entryId)
}

/** POST /api/waitlist/{id}/decline: the place goes to the next family at once. */
export async function declineOffer(req: PayloadRequest, entryId: number): Promise<WaitlistEntryDto> {
  await sweepWaitlist(req.payload)
  const outcome = await underClassLock(req, entryId, async (entry, capacity, now) => {
    if (entry.status !== 'offered') throw conflict(WAITLIST_MESSAGES.notOffered)
    const expired = isExpired(entry, now)
    if (!expired) await updateEntry(req, entry.id, { status: 'declined', closedAt: now.toISOString() })
    await fillClass(req, relationId(entry.class), capacity, now)
    return expired ? ('expired' as const) : ('declined' as const)
  })
  if (outcome === 'expired') throw conflict(WAITLIST_MESSAGES.offerExpired)
  return entryDto(req, entryId)
}

/** DELETE /api/waitlist/{id}: the family leaves the line (an offer it held goes to the next family). */
export async function leaveWaitlist(req: PayloadRequest, entryId: number): Promise<WaitlistEntryDto> {
  await sweepWaitlist(req.payload)
  await underClassLock(req, entryId, async (entry, capacity, now) => {
    if (entry.status !== 'waiting' && entry.status !== 'offered') throw conflict(WAITLIST_MESSAGES.notActive)
    await updateEntry(req, entry.id, { status: 'cancelled', closedAt: now.toISOString() })
    if (entry.status === 'offered') await fillClass(req, relationId(entry.class), capacity, now)
  })
  return entryDto(req, entryId)
}

/** GET /api/admin/waitlist[?classId=]: every class that has a waitlist, its places and every entry (history included). */
export async function listWaitlistsForAdmin(req: PayloadRequest, classId?: number): Promise<AdminWaitlistDto[]> {
  requireAdmin(req)
  await sweepWaitlist(req.payload)
  const { docs } = await req.payload.find({
    collection: 'waitlist-entries',
    where: classId ? { class: { equals: classId } } : {},
    depth: 1,
    limit: 0,
    pagination: false,
    sort: 'createdAt',
    overrideAccess: true,
  })
  const entries = docs as WaitlistEntry[]
  const classIds = [...new Set(entries.map((e) => relationId(e.class)))]
  const positions = await positionsIn(req.payload, classIds)
  const now = academyNow()
  const { rows } = await poolOf(req.payload).query<{ id: number; name: string; capacity: string | null; enrolled: number; held: number }>(
    `SELECT c.id, c.name, c.capacity,
       (SELECT count(*)::int FROM enrollments e WHERE e.class_id = c.id
          AND (e.end_date IS NULL OR to_char(e.end_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') >= $2)) AS enrolled,
       (SELECT count(*)::int FROM waitlist_entries w WHERE w.class_id = c.id AND w.status = 'offered' AND w.offer_expires_at > $3::timestamptz) AS held
     FROM classes c WHERE c.id = ANY($1::int[]) ORDER BY c.name, c.id`,
    [classIds, academyToday(now), now.toISOString()],
  )
  const rank = (e: AdminWaitlistEntryDto) => (e.status === 'offered' ? 0 : e.status === 'waiting' ? 1 : 2)
  return rows.map((row) => ({
    classId: Number(row.id),
    className: row.name,
    capacity: row.capacity == null ? null : Number(row.capacity),
    enrolled: row.enrolled,
    held: row.held,
    entries: entries
      .filter((e) => relationId(e.class) === Number(row.id))
      .map((e) => toAdminEntryDto(e, positions))
      .sort((a, b) => rank(a) - rank(b) || (a.position ?? 0) - (b.position ?? 0)),
  }))
}

async function adminEntryDto(req: PayloadRequest, id: number): Promise<AdminWaitlistEntryDto> {
  const doc = (await req.payload.findByID({ collection: 'waitlist-entries', id, depth: 1, overrideAccess: true })) as WaitlistEntry
  return toAdminEntryDto(doc, await positionsIn(req.payload, [relationId(doc.class)]))
}

/**
 * POST /api/admin/waitlist/{id}/override (admin, reason required): out of queue order.
 * `offer` puts the entry first in line (offered at once when a place is free); `enroll` enrolls
 * the student now, even into a full class. Who, when and why are recorded on the entry.
 */
export async function overrideWaitlist(req: PayloadRequest, entryId: number, input: WaitlistOverrideInput): Promise<AdminWaitlistEntryDto> {
  const admin = requireAdmin(req)
  await sweepWaitlist(req.payload)
  const enrolled = await underClassLock(req, entryId, async (entry, capacity, now) => {
    const record = { overrideAction: input.action, overrideReason: input.reason, overrideBy: admin.id, overrideAt: now.toISOString() }
    const classId = relationId(entry.class)
    if (input.action === 'offer') {
      if (entry.status !== 'waiting') throw conflict(entry.status === 'offered' ? WAITLIST_MESSAGES.alreadyOffered : WAITLIST_MESSAGES.notActive)
      await updateEntry(req, entry.id, record)
      await fillClass(req, classId, capacity, now)
      return null
    }
    if (entry.status !== 'waiting' && entry.status !== 'offered') throw conflict(WAITLIST_MESSAGES.notActive)
    const studentId = relationId(entry.student)
    if (await enrollmentExists(req, studentId, classId)) throw conflict(WAITLIST_MESSAGES.notActive)
    await req.payload.create({
      collection: 'enrollments',
      data: { student: studentId, class: classId, enrollmentDate: academyToday(now) },
      depth: 0,
      req,
      overrideAccess: true,
    })
    await updateEntry(req, entry.id, { ...record, status: 'accepted', closedAt: now.toISOString() })
    return { studentId, classId }
  })
  if (enrolled) confirmEnrollmentInBackground(req, enrolled.studentId, enrolled.classId)
  return adminEntryDto(req, entryId)
}

/** POST /api/admin/waitlist/{id}/remove (admin, reason required): out of the line; a held offer goes to the next family. */
export async function removeFromWaitlist(req: PayloadRequest, entryId: number, input: WaitlistRemoveInput): Promise<AdminWaitlistEntryDto> {
  const admin = requireAdmin(req)
  await sweepWaitlist(req.payload)
  await underClassLock(req, entryId, async (entry, capacity, now) => {
    if (entry.status !== 'waiting' && entry.status !== 'offered') throw conflict(WAITLIST_MESSAGES.notActive)
    await updateEntry(req, entry.id, {
      status: 'removed',
      closedAt: now.toISOString(),
      removalReason: input.reason,
      removedBy: admin.id,
      removedAt: now.toISOString(),
    })
    if (entry.status === 'offered') await fillClass(req, relationId(entry.class), capacity, now)
  })
  return adminEntryDto(req, entryId)
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
  const free = freePlaces(await countPlaces(req, classId, capacity, now)) + (own ? 1 : 0)
  if (free <= 0) throw conflict(ENROLLMENT_MESSAGES.classFull)
  return own ? Number(own.id) : null
}

/** The offer a plain enrollment used (see claimPlace). */
export async function markOfferAccepted(req: PayloadRequest, entryId: number, now: Date): Promise<void> {
  await updateEntry(req, entryId, { status: 'accepted', closedAt: now.toISOString() })
}

/** Locks the class (as a drop must, before it deletes: see deleteEnrollment). */
export async function lockClassForChange(req: PayloadRequest, classId: number): Promise<boolean> {
  return (await lockClass(req, classId)) !== null
}
