import { type PayloadRequest } from 'payload'

import type { Class, Enrollment, Student, User } from '#cms/payload-types'
import { conflict } from '#api/errors'
import { alreadyEnrolledMessage, ENROLLMENT_MESSAGES } from '#api/enrollment/schemas'
import { WAITLIST_MESSAGES, type WaitlistEntryDto } from './schemas'
import { refuseFirstEnrollmentWithoutContact } from '#api/care'
import { isAdminUser } from '#api/auth'
import { refuseIneligible } from '#api/levels'
import { refuseOutsideRegistration } from '#api/seasons'
import { refuseUnsignedPolicies } from '#api/policies'
import { confirmEnrollmentInBackground } from '#api/email'
import { relationId } from '#api/lib/relations'
import { academyToday } from '#api/lib/academy-clock'
import { underClassLock } from './entry-lock'
import { fillClass } from './offers'
import { countPlaces, enrollmentExists, entryDto, updateEntry } from './places'
import { offerLapsed } from './read-status'

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
    const places = await countPlaces(req, classId, capacity, now)
    // This offer is one of the held places: the place is ours if the rest still leave room for it.
    if (capacity != null && places.enrolled + places.held - 1 >= capacity) throw conflict(ENROLLMENT_MESSAGES.classFull)
    const studentId = relationId(entry.student)
    if (await enrollmentExists(req, studentId, classId)) {
      const student = (await req.payload.findByID({ collection: 'students', id: studentId, depth: 0, req, overrideAccess: true })) as Student
      const cls = (await req.payload.findByID({ collection: 'classes', id: classId, depth: 0, req, overrideAccess: true })) as Class
      throw conflict(alreadyEnrolledMessage(student.fullName, cls.name))
    }
    const student = (await req.payload.findByID({ collection: 'students', id: studentId, depth: 0, req, overrideAccess: true })) as Student
    const cls = (await req.payload.findByID({ collection: 'classes', id: classId, depth: 0, req, overrideAccess: true })) as Class
    // Accepting is enrolling: the class's level (issue 27; the age group was asked when joining the
    // line), for a child's first class an emergency contact when the studio asks for one (issue 24),
    // and the required policies signed (issue 26). An administrator accepting for the family is
    // exempt from all of them, as when enrolling. The offer stays open meanwhile.
    const admin = isAdminUser(user)
    await refuseIneligible(req, student, cls, { today: academyToday(now), admin, ageGroup: false })
    await refuseOutsideRegistration(req, student, cls, { today: academyToday(now), admin })
    await refuseFirstEnrollmentWithoutContact(req, student, { admin })
    if (!admin) await refuseUnsignedPolicies(req, student, classId)
    ;(await req.payload.create({
      collection: 'enrollments',
      data: { student: studentId, class: classId, enrollmentDate: academyToday(now), enrolledBy: user.id },
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
