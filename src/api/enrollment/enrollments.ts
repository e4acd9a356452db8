import type { PayloadRequest, Where } from 'payload'

import type { Class, Enrollment, Student, User } from '#cms/payload-types'
import { isAdminUser } from '#api/auth'
import { AppError, conflict, isUniqueViolation, notFound } from '#api/errors'
import type { ClassDto } from '#api/classes/schemas'
import { alreadyEnrolledMessage, ENROLLMENT_MESSAGES, type AdminEnrollmentDto, type AdminEnrollmentInput, type EnrollmentDto } from './schemas'
import { STUDENT_MESSAGES } from '#api/students/schemas'
import { classesById, findClass, toClassDto } from '#api/classes'
import { confirmEnrollmentInBackground } from '#api/email'
import { findOwnStudent, toStudentDto } from '#api/students'
import { inTransaction } from '#api/lib/database'
import { insertEnrollment, lockClass, refuseAdmission } from '#api/admission'
import { claimPlace, markOfferAccepted } from '#api/waitlist'
import { academyNow, academyToday } from '#api/lib/academy-clock'
import { relationId } from '#api/lib/relations'
import { calendarDay } from '#shared/dates'

/** The embedded class: the cached one (it carries `enrolledCount`), else the populated row. */
function embeddedClass(doc: Enrollment, catalogue: Map<number, ClassDto>): ClassDto {
  const id = relationId(doc.class)
  return catalogue.get(id) ?? toClassDto(doc.class as Class)
}

function toEnrollmentDto(doc: Enrollment, catalogue: Map<number, ClassDto>): EnrollmentDto {
  return {
    id: doc.id,
    studentId: relationId(doc.student),
    classId: relationId(doc.class),
    enrollmentDate: calendarDay(doc.enrollmentDate),
    endDate: doc.endDate ? calendarDay(doc.endDate) : null,
    class: embeddedClass(doc, catalogue),
  }
}

/** With depth 1 the class and student are embedded (the student's own `user` stays an id). */
async function findEnrollments(req: PayloadRequest, user: User, where?: Where, depth: 0 | 1 = 1): Promise<Enrollment[]> {
  const result = await req.payload.find({
    collection: 'enrollments',
    where,
    depth,
    limit: 0,
    pagination: false,
    sort: 'enrollmentDate',
    req,
    user,
    overrideAccess: false,
  })
  return result.docs as Enrollment[]
}

/** GET /api/students/{id}/enrollments: the student's classes (404 unless the caller may see the student). */
export async function listStudentEnrollments(req: PayloadRequest, user: User, studentId: number): Promise<EnrollmentDto[]> {
  await findOwnStudent(req, user, studentId)
  const [docs, catalogue] = await Promise.all([findEnrollments(req, user, { student: { equals: studentId } }), classesById(req.payload)])
  return docs.map((doc) => toEnrollmentDto(doc, catalogue))
}

/** GET /api/enrollments/all (admin only): every enrollment with its class and student. */
export async function listAllEnrollments(req: PayloadRequest, user: User): Promise<AdminEnrollmentDto[]> {
  const [docs, catalogue] = await Promise.all([findEnrollments(req, user), classesById(req.payload)])
  return docs.map((doc) => ({ ...toEnrollmentDto(doc, catalogue), student: toStudentDto(doc.student as Student) }))
}

/** `inTransaction`: read through the request's open transaction rather than a fresh connection. */
async function exists(req: PayloadRequest, collection: 'classes' | 'students' | 'enrollments', where: Where, inTransaction = false): Promise<boolean> {
  return (await req.payload.count({ collection, where, overrideAccess: true, ...(inTransaction ? { req } : {}) })).totalDocs > 0
}

/**
 * POST /api/enrollments. A family enrolls only its own students (another family's is 404) and
 * only as admission allows (#api/admission: age group, level, registration days, emergency contact
 * and documents); an administrator may enroll anyone and date the enrollment. One enrollment per
 * student and class (the unique index decides between concurrent requests); a class with a
 * capacity is counted under a row lock on the class, so concurrent requests can never overfill it.
 * Places held by waitlist offers are not free (decisions §15): the waitlist is served first, and
 * the student's own offer is its place.
 */
export async function enrollStudent(req: PayloadRequest, user: User, input: AdminEnrollmentInput): Promise<EnrollmentDto> {
  const admin = isAdminUser(user)
  const student = await findOwnStudent(req, user, input.studentId)
  const cls = await findClass(req, input.classId)
  // The academy's day, not the server's: at 22:30 on a Tuesday in New York the family enrolls on Tuesday.
  const today = academyToday()
  // Every check of enrolling, for a family or for the office (#shared/admission's table).
  await refuseAdmission(req, 'enroll', user, student, cls, today)
  const duplicate = () => conflict(alreadyEnrolledMessage(student.fullName, cls.name))
  const pair: Where = { and: [{ student: { equals: student.id } }, { class: { equals: cls.id } }] }

  let created: Enrollment
  try {
    created = await inTransaction(req, async () => {
      if (cls.capacity != null) {
        // Held until commit: concurrent enrollments in this class queue here, then count again.
        const locked = await lockClass(req, cls.id)
        if (!locked) throw notFound(ENROLLMENT_MESSAGES.classNotFound)
        if (await exists(req, 'enrollments', pair, true)) throw duplicate()
        // Ended enrollments do not count (decisions §16), and places held by waitlist offers do (§15).
        const now = academyNow()
        const offer = await claimPlace(req, cls.id, locked.capacity, student.id, now)
        if (offer !== null) await markOfferAccepted(req, offer, now)
      } else if (await exists(req, 'enrollments', pair, true)) {
        throw duplicate()
      }
      return insertEnrollment(req, { studentId: student.id, classId: cls.id, enrollmentDate: (admin && input.enrollmentDate) || today, enrolledBy: user.id })
    })
  } catch (error) {
    if (error instanceof AppError) throw error
    // Rolled back by now. A concurrent twin committed first, or the class or student went away.
    if (isUniqueViolation(error) || (await exists(req, 'enrollments', pair))) throw duplicate()
    if (!(await exists(req, 'classes', { id: { equals: cls.id } }))) throw notFound(ENROLLMENT_MESSAGES.classNotFound)
    if (!(await exists(req, 'students', { id: { equals: student.id } }))) throw notFound(STUDENT_MESSAGES.notFound)
    throw error
  }
  // The enrollment hooks have cleared the cached class list (enrolledCount) after the commit.
  const classDto = (await classesById(req.payload)).get(cls.id) ?? toClassDto(cls)
  confirmEnrollmentInBackground(req, student.id, cls.id)
  return toEnrollmentDto(created, new Map([[cls.id, classDto]]))
}

/** DELETE /api/enrollments/{id}: a family removes its own student's enrollment; an admin any. */
export async function deleteEnrollment(req: PayloadRequest, user: User, id: number): Promise<void> {
  const [doc] = await findEnrollments(req, user, { id: { equals: id } }, 0)
  if (!doc) throw notFound(ENROLLMENT_MESSAGES.notFound)
  // The class first, then the enrollment: the order every change to the class's places takes
  // (the collection hook then offers the freed place to the waitlist in this transaction).
  await inTransaction(req, async () => {
    await lockClass(req, relationId(doc.class))
    // findEnrollments above is the ownership check (the collection's read rule).
    await req.payload.delete({ collection: 'enrollments', id, depth: 0, req, user, overrideAccess: true })
  })
}
