import { z } from 'zod'

import type { ClassDto } from '#api/classes/schemas'
import { daySchema } from '#api/lib/dates.schemas'
import type { StudentDto } from '#api/students/schemas'

export const ENROLLMENT_MESSAGES = {
  studentRequired: 'Please select a student',
  classRequired: 'Please select a class',
  enrollmentDateInvalid: 'Enrollment date must be a valid date (YYYY-MM-DD)',
  classFull: 'This class is full.',
  notFound: 'Enrollment not found',
  classNotFound: 'Class not found',
} as const

/** decisions §4: the duplicate answer (409). */
export const alreadyEnrolledMessage = (student: string, className: string) => `${student} is already enrolled in ${className}.`

/** The age check for families (400); administrators may enroll outside the age group. */
export const notInAgeGroupMessage = (student: string, className: string, ageGroup: string) =>
  `${student} is not in the age group of ${className} (ages ${ageGroup}).`

const id = (message: string) => z.number({ error: message }).int(message).positive(message)

/** POST /api/enrollments from a family (one call per selected class). */
export const enrollmentInputSchema = z.object({
  studentId: id(ENROLLMENT_MESSAGES.studentRequired),
  classId: id(ENROLLMENT_MESSAGES.classRequired),
})
export type EnrollmentInput = z.infer<typeof enrollmentInputSchema>

/** An administrator may also date the enrollment (defaults to today). */
export const adminEnrollmentInputSchema = enrollmentInputSchema.extend({
  enrollmentDate: daySchema(ENROLLMENT_MESSAGES.enrollmentDateInvalid).optional(),
})
export type AdminEnrollmentInput = z.infer<typeof adminEnrollmentInputSchema>

export type EnrollmentDto = {
  id: number
  studentId: number
  classId: number
  /** YYYY-MM-DD */
  enrollmentDate: string
  /** The last day in the class (YYYY-MM-DD) when a drop is set (decisions §16), else null. */
  endDate: string | null
  class: ClassDto
}

/** GET /api/enrollments/all (admin) also embeds the student. */
export type AdminEnrollmentDto = EnrollmentDto & { student: StudentDto }
