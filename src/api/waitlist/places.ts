import { type Payload, type PayloadRequest } from 'payload'

import type { Class, Student, WaitlistEntry } from '#cms/payload-types'
import type { WaitlistEntryDto } from './schemas'
import { relationId } from '#api/lib/relations'
import { poolOf } from '#api/lib/database'
import { academyNow } from '#api/lib/academy-clock'
import { readStatus } from './read-status'

/*
 * The waitlist (decisions §15). Every change to a class's line runs in one transaction that
 * first locks the class row, admission's one lock (#api/admission lockClass), which enrollment,
 * drops and makeups take too: each counts again after the previous has committed. Free places
 * and whether an offer still holds one are admission's too; `fillClass` gives every free place
 * to the first waiting families, in order.
 */

export async function updateEntry(req: PayloadRequest, id: number, data: Partial<WaitlistEntry>): Promise<WaitlistEntry> {
  return (await req.payload.update({ collection: 'waitlist-entries', id, data: data as never, depth: 0, req, overrideAccess: true })) as WaitlistEntry
}

/** Queue positions of the waiting entries of these classes (1 = next to be offered). */
export async function positionsIn(payload: Payload, classIds: number[]): Promise<Map<number, number>> {
  if (classIds.length === 0) return new Map()
  const { rows } = await poolOf(payload).query<{ id: number; position: number }>(
    `SELECT id, row_number() OVER (PARTITION BY class_id ORDER BY (override_at IS NULL), override_at, created_at, id)::int AS position
     FROM waitlist_entries WHERE status = 'waiting' AND class_id = ANY($1::int[])`,
    [classIds],
  )
  return new Map(rows.map((row) => [Number(row.id), row.position]))
}

/** One entry as its family sees it at `now`: an offer whose time has run out reads as expired, whatever its row says yet. */
export function toEntryDto(doc: WaitlistEntry, positions: Map<number, number>, now: Date): WaitlistEntryDto {
  const student = doc.student as Student
  const cls = doc.class as Class
  const status = readStatus(doc, now)
  return {
    id: doc.id,
    studentId: relationId(doc.student),
    studentName: typeof student === 'object' ? student.fullName : '',
    classId: relationId(doc.class),
    className: typeof cls === 'object' ? cls.name : '',
    status,
    position: status === 'waiting' ? (positions.get(doc.id) ?? null) : null,
    joinedAt: doc.createdAt,
    offeredAt: status === 'offered' ? (doc.offeredAt ?? null) : null,
    offerExpiresAt: status === 'offered' ? (doc.offerExpiresAt ?? null) : null,
  }
}

export async function entryDto(req: PayloadRequest, id: number): Promise<WaitlistEntryDto> {
  const doc = (await req.payload.findByID({ collection: 'waitlist-entries', id, depth: 1, overrideAccess: true })) as WaitlistEntry
  return toEntryDto(doc, await positionsIn(req.payload, [relationId(doc.class)]), academyNow())
}

export async function enrollmentExists(req: PayloadRequest, studentId: number, classId: number): Promise<boolean> {
  const { totalDocs } = await req.payload.count({
    collection: 'enrollments',
    where: { and: [{ student: { equals: studentId } }, { class: { equals: classId } }] },
    req,
    overrideAccess: true,
  })
  return totalDocs > 0
}
