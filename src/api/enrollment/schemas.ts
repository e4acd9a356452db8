import { z } from 'zod'

import { ADMISSION_MESSAGES } from '#api/admission/schemas'
import { recordIdListSchema, recordIdSchema } from '#api/lib/id.schemas'
import type { ClassDto } from '#api/classes/schemas'
import { daySchema } from '#api/lib/dates.schemas'
import type { StudentDto } from '#api/students/schemas'

export const ENROLLMENT_MESSAGES = {
  studentRequired: 'Please select a student',
  classRequired: 'Please select a class',
  enrollmentDateInvalid: 'Enrollment date must be a valid date (YYYY-MM-DD)',
  classFull: ADMISSION_MESSAGES.classFull,
  notFound: 'Enrollment not found',
  classNotFound: ADMISSION_MESSAGES.classNotFound,
} as const

// Admission's answers, shown by the enrollment screens (src/api/admission raises them).
export { alreadyEnrolledMessage, notInAgeGroupMessage } from '#api/admission/schemas'

const id = recordIdSchema

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

/** Ids of a query string, `12,14`: record ids, each counted once. */
const queryIds = (message: string, most: number) => recordIdListSchema(message, most).transform((ids) => [...new Set(ids)])

export const QUOTE_MESSAGES = {
  classIds: 'Please select a class (classId: one class id, or up to 20 separated by commas)',
} as const

/** GET /api/enrollments/quote?studentId=&classId= (issue 23): `classId` may list several classes, `12,14`. */
export const enrollmentQuoteQuerySchema = z.object({
  studentId: recordIdSchema(ENROLLMENT_MESSAGES.studentRequired, { fromText: true }),
  classId: queryIds(QUOTE_MESSAGES.classIds, 20),
})
export type EnrollmentQuoteQuery = z.infer<typeof enrollmentQuoteQuerySchema>

/** A line of the quote: what the first invoice charges more (or less, a discount) for the new classes. */
export type EnrollmentQuoteLineDto = {
  kind: 'tuition' | 'discount' | 'registration'
  description: string
  amountCents: number
  studentId: number | null
  classId: number | null
  /** Tuition lines: the classes charged and held in the month. */
  meetings: { charged: number; held: number } | null
  /** Why the line is there, in the tuition engine's words: the sentence the invoice line will carry. */
  explanation: string
}

/**
 * What enrolling will cost (issue 23), priced by the tuition run's own engine: the first tuition
 * invoice that charges the new classes and what they add to it.
 */
export type EnrollmentQuoteDto = {
  studentId: number
  classIds: number[]
  /** The first month billed, `YYYY-MM`; null when the classes hold no class for the student within two years. */
  month: string | null
  lines: EnrollmentQuoteLineDto[]
  /** What the first invoice grows by, cents: the sum of the lines. */
  totalCents: number
  /** The regular monthly tuition of the new classes (before discounts), cents. */
  monthlyCents: number
  /** The month's billing day, `YYYY-MM-DD`. */
  billingDate: string | null
  /** The day the first invoice is issued and due (the billing day, or today when that has passed): autopay charges it then. */
  chargeDate: string | null
  /** This month's tuition is already billed, so the new classes are first billed next month. */
  thisMonthBilled: boolean
  /** The card autopay will charge, when the family has autopay on. */
  autopay: { cardBrand: string | null; cardLast4: string } | null
}
