import type { PayloadRequest } from 'payload'

import type { Class, Enrollment, Student, User } from '#cms/payload-types'
import { isAdminUser } from '#api/auth'
import { conflict } from '#api/errors'
import { academyToday } from '#api/lib/academy-clock'
import { relationId } from '#api/lib/relations'
import { ageOn, fitsClassAgeGroup } from '#shared/eligibility'
import { birthDateOutsideClassesMessage, type StudentDto, type StudentInput } from './schemas'
import { findOwnStudent, toStudentDto } from './students'
import { calendarDay } from '#shared/dates'

/**
 * The classes of age groups the student would no longer fit with `dateOfBirth`: every
 * enrollment that has not ended (one not begun yet, or with a drop still to come, included),
 * read against the age on the academy's today, as enrolling checks it (decisions §4, §18).
 */
async function classesOutsideAge(req: PayloadRequest, studentId: number, dateOfBirth: string): Promise<Class[]> {
  const today = academyToday()
  const enrollments = (
    await req.payload.find({
      collection: 'enrollments',
      where: { student: { equals: studentId } },
      depth: 0,
      limit: 0,
      pagination: false,
      req,
      overrideAccess: true,
    })
  ).docs as Enrollment[]
  const current = enrollments.filter((e) => !e.endDate || calendarDay(e.endDate) >= today)
  if (current.length === 0) return []
  const classes = (
    await req.payload.find({
      collection: 'classes',
      where: { id: { in: current.map((e) => relationId(e.class)) } },
      depth: 0,
      limit: 0,
      pagination: false,
      sort: 'name',
      req,
      overrideAccess: true,
    })
  ).docs as Class[]
  // The age for each class's term, as admission counts it (a class still to begin takes the child as old as they will be then).
  return classes.filter((cls) => !fitsClassAgeGroup(dateOfBirth, cls, today))
}

/**
 * PATCH /api/students/{id}: the family corrects its own student's name, date of birth, level
 * and (when sent) emergency contact, under the rules of adding one. A date of birth that would
 * put the student outside the age group of a class they are in is refused (409, naming the
 * classes): the family drops the class first or asks the studio, whose administrators are not
 * held to age groups (decisions §4, §18). Another family's student answers 404.
 */
export async function updateStudent(req: PayloadRequest, user: User, id: number, input: StudentInput): Promise<StudentDto> {
  const student: Student = await findOwnStudent(req, user, id)
  if (!isAdminUser(user) && input.dateOfBirth !== calendarDay(student.dateOfBirth)) {
    const outside = await classesOutsideAge(req, id, input.dateOfBirth)
    if (outside.length > 0) {
      throw conflict(
        birthDateOutsideClassesMessage(
          student.fullName,
          ageOn(input.dateOfBirth, academyToday()),
          outside.map((cls) => ({ name: cls.name, ageGroup: cls.ageGroup })),
        ),
      )
    }
  }
  const doc = await req.payload.update({
    collection: 'students',
    id,
    data: {
      fullName: input.fullName,
      dateOfBirth: input.dateOfBirth,
      experienceLevel: input.experienceLevel,
      ...(input.emergencyContact ? { emergencyContact: { name: input.emergencyContact.name || null, phone: input.emergencyContact.phone || null } } : {}),
    },
    depth: 0,
    req,
    user,
    // findOwnStudent above is the ownership check.
    overrideAccess: true,
  })
  return toStudentDto(doc as Student)
}
