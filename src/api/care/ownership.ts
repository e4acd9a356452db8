import type { PayloadRequest, Where } from 'payload'

import type { Enrollment, Student, User } from '#cms/payload-types'
import { isAdminUser } from '#api/auth'
import { notFound } from '#api/errors'
import { relationId } from '#api/lib/relations'
import { academyToday } from '#api/lib/academy-clock'
import { familyRows, householdOf } from '#api/lib/ownership'
import { isTeacherUser } from '#shared/roles'
import { hasEnded } from '#shared/self-service'
import { findStudent } from './care-records'
import { CARE_MESSAGES } from './schemas'

/**
 * The ownership rule of care information and pickups: the family's rule of every collection
 * (`familyRows`, src/api/lib/ownership.ts), on the student (`user`) or through it
 * (`student.user`), for the caller's household (`householdOf`: any of its guardians, decisions §23).
 */
export function studentOwnerWhere(user: Pick<User, 'id' | 'household'>, through?: 'student'): Where {
  return familyRows(householdOf(user), through ? 'student.user' : 'user')
}

export function ownsStudent(user: Pick<User, 'id' | 'household'>, student: Student): boolean {
  return relationId(student.user) === householdOf(user)
}

/** How the caller reaches a student's care: as its family, as an administrator, as its teacher. */
export type CareReader = 'family' | 'admin' | 'teacher'

/** Whether `teacher` teaches one of the student's classes: an enrollment not ended before today in a class whose teacher they are. */
async function teachesStudent(req: PayloadRequest, teacher: User, studentId: number): Promise<boolean> {
  const result = await req.payload.find({
    collection: 'enrollments',
    where: { and: [{ student: { equals: studentId } }, { 'class.teacher': { equals: teacher.id } }] },
    depth: 0,
    limit: 0,
    pagination: false,
    select: { enrollmentDate: true, endDate: true },
    req,
    overrideAccess: true,
  })
  const today = academyToday()
  return (result.docs as Pick<Enrollment, 'enrollmentDate' | 'endDate'>[]).some((e) => !hasEnded(e, today))
}

/**
 * The student and how the caller may see its care, or 404: the same answer for another family's
 * student, a teacher of other classes and an id that does not exist.
 */
export async function careAccess(req: PayloadRequest, user: User, studentId: number): Promise<{ student: Student; reader: CareReader }> {
  const student = await findStudent(req, studentId)
  if (student) {
    if (ownsStudent(user, student)) return { student, reader: 'family' }
    if (isAdminUser(user)) return { student, reader: 'admin' }
    if (isTeacherUser(user) && (await teachesStudent(req, user, student.id))) return { student, reader: 'teacher' }
  }
  throw notFound(CARE_MESSAGES.notFound)
}
