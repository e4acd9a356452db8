import { type PayloadRequest } from 'payload'

import type { Class, User, WaitlistEntry } from '#cms/payload-types'
import { AppError, conflict, isUniqueViolation, notFound } from '#api/errors'
import { alreadyEnrolledMessage } from '#api/admission/schemas'
import { WAITLIST_MESSAGES, type JoinWaitlistInput, type WaitlistEntryDto } from './schemas'
import { freePlaces, lockClass, placesNow, refuseAdmission } from '#api/admission'
import { relationId } from '#api/lib/relations'
import { familyRows, householdOf } from '#api/lib/ownership'
import { findOwnStudent } from '#api/students'
import { inTransaction } from '#api/lib/database'
import { academyNow, academyToday } from '#api/lib/academy-clock'
import { settleClass } from './expiry'
import { underClassLock } from './entry-lock'
import { fillClass } from './offers'
import { enrollmentExists, entryDto, positionsIn, toEntryDto, updateEntry } from './places'

/** The line itself: a family joins it for a student, sees its place in it, and leaves it. */

/**
 * GET /api/waitlist: the caller's students' entries that are still in line or offered. A read
 * writes nothing: an offer whose time has run out is already left out (it reads as expired).
 */
export async function listOwnWaitlist(req: PayloadRequest, user: User): Promise<WaitlistEntryDto[]> {
  const now = academyNow()
  const { docs } = await req.payload.find({
    collection: 'waitlist-entries',
    where: { and: [{ status: { in: ['waiting', 'offered'] } }, familyRows(householdOf(user), 'student.user')] },
    depth: 1,
    limit: 0,
    pagination: false,
    sort: 'createdAt',
    user,
    overrideAccess: false,
  })
  const entries = docs as WaitlistEntry[]
  const positions = await positionsIn(req.payload, [...new Set(entries.map((e) => relationId(e.class)))])
  return entries.map((doc) => toEntryDto(doc, positions, now)).filter((dto) => dto.status === 'waiting' || dto.status === 'offered')
}

/**
 * POST /api/waitlist: a family's own student joins the line of a class that is full, or whose
 * free places are all held by offers. The same age and level rule as enrollment; not when already
 * enrolled or already in line (PostgreSQL's partial unique index decides between twins).
 */
export async function joinWaitlist(req: PayloadRequest, user: User, input: JoinWaitlistInput): Promise<WaitlistEntryDto> {
  const student = await findOwnStudent(req, user, input.studentId)
  const cls = (await req.payload.findByID({ collection: 'classes', id: input.classId, depth: 0, disableErrors: true, overrideAccess: true })) as Class | null
  if (!cls) throw notFound(WAITLIST_MESSAGES.classNotFound)
  await settleClass(req.payload, cls.id)
  // The line leads to an enrollment: the class must be one the child may take, in its season's
  // registration days (no line to jump the returning dancers' priority): #shared/admission.
  await refuseAdmission(req, 'joinWaitlist', user, student, cls, academyToday())
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
      if (freePlaces(await placesNow(req, cls.id, locked.capacity, now)) > 0) throw conflict(WAITLIST_MESSAGES.classHasRoom)
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

/** DELETE /api/waitlist/{id}: the family leaves the line (an offer it held goes to the next family). */
export async function leaveWaitlist(req: PayloadRequest, user: User, entryId: number): Promise<WaitlistEntryDto> {
  await underClassLock(req, user, entryId, async (entry, capacity, now) => {
    if (entry.status !== 'waiting' && entry.status !== 'offered') throw conflict(WAITLIST_MESSAGES.notActive)
    await updateEntry(req, entry.id, { status: 'cancelled', closedAt: now.toISOString() })
    if (entry.status === 'offered') await fillClass(req, relationId(entry.class), capacity, now)
  })
  return entryDto(req, entryId)
}
