import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import type { Enrollment } from '#cms/payload-types'
import { placesByClass } from '#api/classes'
import { queryInTransaction } from '#api/lib/database'
import { academyToday } from '#api/lib/academy-clock'
import { placesLeft } from '#shared/places'

/*
 * A class's places, under the one lock every change to them takes (decisions §15, §40): enrolling,
 * accepting an offer, booking a makeup, a drop and the waitlist's work each lock the class row
 * first (`SELECT … FOR UPDATE`) and count again once the previous change has committed. What takes
 * or holds a place is counted by #api/classes placesByClass; whether an offer still holds one is
 * #shared/admission's `offerHolds`, whose SQL twin is `lapsedOffer` below.
 */

export type LockedClass = { capacity: number | null }

/** Locks the class row until commit; null when the class does not exist. Inside a transaction. */
export async function lockClass(req: PayloadRequest, classId: number): Promise<LockedClass | null> {
  const [row] = await queryInTransaction<{ capacity: string | number | null }>(req, sql`SELECT capacity FROM classes WHERE id = ${classId} FOR UPDATE`)
  if (!row) return null
  return { capacity: row.capacity == null ? null : Number(row.capacity) }
}

export type ClassPlacesNow = { capacity: number | null; enrolled: number; held: number }

/** Places taken and held in the class at `now` (inside its lock, through the open transaction). */
export async function placesNow(req: PayloadRequest, classId: number, capacity: number | null, now: Date): Promise<ClassPlacesNow> {
  const places = (await placesByClass(req, { day: academyToday(now), now, classIds: [classId] })).get(classId)
  return { capacity, enrolled: places?.enrolled ?? 0, held: places?.held ?? 0 }
}

/** Places neither taken nor held; a class without a capacity never runs out. `ownOffers` are places the caller holds. */
export function freePlaces(places: ClassPlacesNow, ownOffers = 0): number {
  const left = placesLeft({ capacity: places.capacity, enrolledCount: places.enrolled, heldCount: Math.max(0, places.held - ownOffers) })
  return left ?? Number.POSITIVE_INFINITY
}

/**
 * The SQL twin of `offerLapsed` (#shared/admission): an offer of `alias` (a waitlist_entries row)
 * past its expiry at `now`, or with none at all.
 */
export function lapsedOffer(now: Date, alias = 'waitlist_entries') {
  const table = sql.identifier(alias)
  return sql`(${table}.status = 'offered' AND (${table}.offer_expires_at IS NULL OR ${table}.offer_expires_at <= ${now.toISOString()}::timestamptz))`
}

/** The one way an enrollment row is made, once admission and the place have been settled. */
export async function insertEnrollment(
  req: PayloadRequest,
  row: { studentId: number; classId: number; enrollmentDate: string; enrolledBy: number },
): Promise<Enrollment> {
  return (await req.payload.create({
    collection: 'enrollments',
    data: { student: row.studentId, class: row.classId, enrollmentDate: row.enrollmentDate, enrolledBy: row.enrolledBy },
    depth: 0,
    req,
    // Admission is this operation's rule; the collection lets only administrators create.
    overrideAccess: true,
  })) as Enrollment
}
