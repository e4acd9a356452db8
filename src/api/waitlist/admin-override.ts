import { type PayloadRequest } from 'payload'

import type { User, WaitlistEntry } from '#cms/payload-types'
import { conflict } from '#api/errors'
import { WAITLIST_MESSAGES, type AdminWaitlistDto, type AdminWaitlistEntryDto, type WaitlistOverrideInput, type WaitlistRemoveInput } from './schemas'
import { confirmEnrollmentInBackground } from '#api/email'
import { relationId } from '#api/lib/relations'
import { academyNow, academyToday } from '#api/lib/academy-clock'
import { placesByClass } from '#api/classes'
import { underClassLock } from './entry-lock'
import { fillClass } from './offers'
import { poolOf } from '#api/lib/database'
import { enrollmentExists, positionsIn, toEntryDto, updateEntry } from './places'

/** The administrators' view of every line and their two overrides, each with a recorded reason: reorder and remove. */

const nameOf = (user: number | User | null | undefined) => (user && typeof user === 'object' ? user.fullName || user.username || null : null)

function toAdminEntryDto(doc: WaitlistEntry, positions: Map<number, number>, now: Date): AdminWaitlistEntryDto {
  const family = doc.family as User
  return {
    ...toEntryDto(doc, positions, now),
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

/**
 * GET /api/admin/waitlist[?classId=]: every class that has a waitlist, its places and every
 * entry (history included). A read writes nothing: an offer whose time has run out reads as
 * expired and holds no place.
 */
export async function listWaitlistsForAdmin(req: PayloadRequest, classId?: number): Promise<AdminWaitlistDto[]> {
  const now = academyNow()
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
  const { rows } = await poolOf(req.payload).query<{ id: number; name: string; capacity: string | null }>(
    `SELECT c.id, c.name, c.capacity FROM classes c WHERE c.id = ANY($1::int[]) ORDER BY c.name, c.id`,
    [classIds],
  )
  const places = await placesByClass(req.payload, { day: academyToday(now), now, classIds })
  const rank = (e: AdminWaitlistEntryDto) => (e.status === 'offered' ? 0 : e.status === 'waiting' ? 1 : 2)
  return rows.map((row) => ({
    classId: Number(row.id),
    className: row.name,
    capacity: row.capacity == null ? null : Number(row.capacity),
    enrolled: places.get(Number(row.id))?.enrolled ?? 0,
    held: places.get(Number(row.id))?.held ?? 0,
    entries: entries
      .filter((e) => relationId(e.class) === Number(row.id))
      .map((e) => toAdminEntryDto(e, positions, now))
      .sort((a, b) => rank(a) - rank(b) || (a.position ?? 0) - (b.position ?? 0)),
  }))
}

async function adminEntryDto(req: PayloadRequest, id: number): Promise<AdminWaitlistEntryDto> {
  const doc = (await req.payload.findByID({ collection: 'waitlist-entries', id, depth: 1, overrideAccess: true })) as WaitlistEntry
  return toAdminEntryDto(doc, await positionsIn(req.payload, [relationId(doc.class)]), academyNow())
}

/**
 * POST /api/admin/waitlist/{id}/override (admin, reason required): out of queue order.
 * `offer` puts the entry first in line (offered at once when a place is free); `enroll` enrolls
 * the student now, even into a full class. Who, when and why are recorded on the entry.
 */
export async function overrideWaitlist(req: PayloadRequest, admin: User, entryId: number, input: WaitlistOverrideInput): Promise<AdminWaitlistEntryDto> {
  const enrolled = await underClassLock(req, admin, entryId, async (entry, capacity, now) => {
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
export async function removeFromWaitlist(req: PayloadRequest, admin: User, entryId: number, input: WaitlistRemoveInput): Promise<AdminWaitlistEntryDto> {
  await underClassLock(req, admin, entryId, async (entry, capacity, now) => {
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
