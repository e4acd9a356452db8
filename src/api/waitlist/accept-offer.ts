import { type PayloadRequest } from 'payload'

import type { Class, Student, User } from '#cms/payload-types'
import { conflict } from '#api/errors'
import { ADMISSION_MESSAGES, alreadyEnrolledMessage } from '#api/admission/schemas'
import { freePlaces, insertEnrollment, placesNow, refuseAdmission } from '#api/admission'
import { WAITLIST_MESSAGES, type WaitlistEntryDto } from './schemas'
import { confirmEnrollmentInBackground } from '#api/email'
import { relationId } from '#api/lib/relations'
import { academyToday } from '#api/lib/academy-clock'
import { underClassLock } from './entry-lock'
import { fillClass } from './offers'
import { enrollmentExists, entryDto, updateEntry } from './places'
import { offerLapsed } from '#shared/admission'

/** A family's answer to an offer: accepting enrolls the student in the held place, declining passes it on. */

/**
 * POST /api/waitlist/{id}/accept: the offered family takes the place. The offer and the
 * capacity are checked again under the class lock, and the enrollment is made in the same
 * transaction; an offer that ran out is let go (and the next family offered) and refused.
 */
export async function acceptOffer(req: PayloadRequest, user: User, entryId: number): Promise<WaitlistEntryDto> {
  const outcome = await underClassLock(req, user, entryId, async (entry, capacity, now) => {
    if (entry.status !== 'offered') throw conflict(WAITLIST_MESSAGES.notOffered)
    const classId = relationId(entry.class)
    if (offerLapsed(entry, now)) {
      await fillClass(req, classId, capacity, now)
      return 'expired' as const
    }
    // This offer is one of the held places: the place is ours if the rest still leave room for it.
    if (freePlaces(await placesNow(req, classId, capacity, now), 1) <= 0) throw conflict(ADMISSION_MESSAGES.classFull)
    const studentId = relationId(entry.student)
    const student = (await req.payload.findByID({ collection: 'students', id: studentId, depth: 0, req, overrideAccess: true })) as Student
    const cls = (await req.payload.findByID({ collection: 'classes', id: classId, depth: 0, req, overrideAccess: true })) as Class
    if (await enrollmentExists(req, studentId, classId)) throw conflict(alreadyEnrolledMessage(student.fullName, cls.name))
    // Accepting is enrolling (#shared/admission): the level, the season's registration days, for a
    // child's first class an emergency contact when the studio asks, and the required documents;
    // the age group was asked when the child joined the line. The offer stays open meanwhile.
    const today = academyToday(now)
    await refuseAdmission(req, 'acceptOffer', user, student, cls, today)
    await insertEnrollment(req, { studentId, classId, enrollmentDate: today, enrolledBy: user.id })
    await updateEntry(req, entry.id, { status: 'accepted', closedAt: now.toISOString() })
    return { studentId, classId }
  })
  if (outcome === 'expired') throw conflict(WAITLIST_MESSAGES.offerExpired)
  // The family hears about the place as it would about any other enrollment.
  confirmEnrollmentInBackground(req, outcome.studentId, outcome.classId)
  return entryDto(req, entryId)
}

/** POST /api/waitlist/{id}/decline: the place goes to the next family at once. */
export async function declineOffer(req: PayloadRequest, user: User, entryId: number): Promise<WaitlistEntryDto> {
  const outcome = await underClassLock(req, user, entryId, async (entry, capacity, now) => {
    if (entry.status !== 'offered') throw conflict(WAITLIST_MESSAGES.notOffered)
    const expired = offerLapsed(entry, now)
    if (!expired) await updateEntry(req, entry.id, { status: 'declined', closedAt: now.toISOString() })
    await fillClass(req, relationId(entry.class), capacity, now)
    return expired ? ('expired' as const) : ('declined' as const)
  })
  if (outcome === 'expired') throw conflict(WAITLIST_MESSAGES.offerExpired)
  return entryDto(req, entryId)
}
