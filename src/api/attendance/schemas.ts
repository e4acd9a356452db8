import { z } from 'zod'

import { recordIdSchema } from '#api/lib/id.schemas'
import type { RosterCareDto } from '#api/care/schemas'
import { daySchema } from '#api/lib/dates.schemas'

/** The marks a teacher gives at /teach (decisions §9): src/shared/statuses.ts. */
import { ATTENDANCE_STATUSES, type AttendanceStatus } from '#shared/statuses'

export { ATTENDANCE_STATUSES, type AttendanceStatus }

export const ATTENDANCE_MESSAGES = {
  classIdInvalid: 'Please choose a class',
  studentIdInvalid: 'Please choose a student',
  dateRequired: 'A date is required (YYYY-MM-DD)',
  dateInvalid: 'The date must be a real day written YYYY-MM-DD',
  statusInvalid: `The mark must be one of: ${ATTENDANCE_STATUSES.join(', ')}`,
  rangeReversed: 'The "from" date must not be after the "to" date',
  classNotFound: 'Class not found',
  notEnrolled: 'This student is not enrolled in this class.',
  dayInFuture: 'Attendance can be marked only for today or a day that has passed.',
} as const

/** A mark for a day the class does not meet (not one of its weekdays, outside its term, or closed) is refused (409). */
export const classDoesNotMeetMessage = (className: string, day: string) => `${className} does not meet on ${day}, so there is no attendance to mark.`

/** The most marks GET /api/admin/attendance (and its CSV) answers at once. */
export const ATTENDANCE_LIST_LIMIT = 5000
export const tooManyMarksMessage = (count: number) =>
  `${count.toLocaleString('en-US')} marks match; at most ${ATTENDANCE_LIST_LIMIT.toLocaleString('en-US')} can be listed at once. Please narrow the class, student or dates.`

const idSchema = recordIdSchema

export const attendanceDateSchema = daySchema(ATTENDANCE_MESSAGES.dateInvalid, ATTENDANCE_MESSAGES.dateRequired)

export const attendanceMarkSchema = z.object({
  classId: idSchema(ATTENDANCE_MESSAGES.classIdInvalid),
  studentId: idSchema(ATTENDANCE_MESSAGES.studentIdInvalid),
  date: attendanceDateSchema,
  status: z.enum(ATTENDANCE_STATUSES, { error: ATTENDANCE_MESSAGES.statusInvalid }),
})
export type AttendanceMarkInput = z.infer<typeof attendanceMarkSchema>

export const rosterQuerySchema = z.object({ date: attendanceDateSchema })

export const attendanceListQuerySchema = z
  .object({
    classId: recordIdSchema(ATTENDANCE_MESSAGES.classIdInvalid, { fromText: true }).optional(),
    studentId: recordIdSchema(ATTENDANCE_MESSAGES.studentIdInvalid, { fromText: true }).optional(),
    from: attendanceDateSchema.optional(),
    to: attendanceDateSchema.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: ATTENDANCE_MESSAGES.rangeReversed, path: ['from'] })
export type AttendanceListQuery = z.infer<typeof attendanceListQuerySchema>

/** GET /api/teach/classes: a class as the teacher needs it, no prices or billing. */
export type TeachClassDto = {
  id: number
  name: string
  days: string
  time: string
  location: string
  /** Whether the class's `days` text names today's weekday in the academy's time zone. */
  meetsToday: boolean
  /** Cancelled today ("Class cancelled today", issue 41): no meeting, no attendance; undone with DELETE …/cancellation. */
  cancelledToday: boolean
}
export type TeachClassesDto = {
  /** Today in the academy's time zone, YYYY-MM-DD. */
  today: string
  classes: TeachClassDto[]
}

export type EmergencyContactDto = { name: string; phone: string } | null

export type RosterEntryDto = {
  studentId: number
  fullName: string
  /** Whole years on the roster's date. */
  age: number
  emergencyContact: EmergencyContactDto
  status: AttendanceStatus | null
  /** The mark is the family's report of an absence, not yet replaced by the teacher's (decisions §16). */
  reportedByFamily: boolean
  /** The class this student makes up here (a makeup, for this day only), else null. */
  makeupFrom: string | null
  /** Allergies, a medical-notes flag, the photo choice and the authorised pickups (issue 24); null for a makeup student. */
  care: RosterCareDto | null
}
export type RosterDto = {
  class: TeachClassDto
  date: string
  students: RosterEntryDto[]
}

export type AttendanceMarkDto = {
  id: number
  classId: number
  studentId: number
  date: string
  status: AttendanceStatus
}

export type AttendanceRecordDto = AttendanceMarkDto & {
  className: string
  studentName: string
  markedBy: string | null
  /** Who gave the mark: the teacher (or an administrator), or the family reporting an absence. */
  reportedBy: 'teacher' | 'family'
  updatedAt: string
}
