import { z } from 'zod'

import { formatDayWithWeekday } from '#shared/dates'
import { daySchema } from '#api/lib/dates.schemas'
import type { ClosureDto } from '#api/lib/closures.schemas'
import { ABSENCE_HORIZON_DAYS } from '#shared/self-service'
import { recordIdSchema } from '#api/lib/id.schemas'

/** A family's own changes (decisions §16): messages shared by the portal and the server. */
export const SELF_SERVICE_MESSAGES = {
  lastDayRequired: 'Please choose the last day (YYYY-MM-DD)',
  dateRequired: 'Please choose a date (YYYY-MM-DD)',
  dateInvalid: 'The date must be a real day written YYYY-MM-DD',
  studentRequired: 'Please choose a student',
  classRequired: 'Please choose a class',
  absenceRequired: 'Please choose the absence to make up',
  enrollmentNotFound: 'Enrollment not found',
  absenceNotFound: 'Absence not found',
  makeupNotFound: 'Makeup not found',
  classNotFound: 'Class not found',
  notEnrolled: 'This student is not in this class on that day.',
  alreadyEnded: 'This enrollment has already ended.',
  noDropScheduled: 'No drop is scheduled for this class.',
  lastDayBeforeStart: 'The last day cannot be before the first day in the class.',
  dayInPast: 'That day has already passed.',
  tooFarAhead: `Absences can be reported up to ${ABSENCE_HORIZON_DAYS} days ahead.`,
  teacherMarked: 'The teacher has already taken attendance for that day.',
  absenceHasMakeup: 'This absence has a makeup booked. Cancel the makeup first.',
  notAnAbsence: 'A makeup needs a reported absence.',
  sameClass: 'A makeup is taken in another class.',
  alreadyBooked: 'A makeup is already booked for this absence.',
  alreadyInClass: 'The student is already in that class on that day.',
  makeupPast: 'This makeup has already taken place.',
} as const

export const noticeMessage = (earliest: string, noticeDays: number) =>
  `The studio needs ${noticeDays} day${noticeDays === 1 ? '' : 's'}' notice: the last day can be ${formatDayWithWeekday(earliest)} at the earliest.`
export const notMeetingMessage = (className: string, day: string, days: string) =>
  `${className} does not meet on ${formatDayWithWeekday(day)} (it meets ${days}).`
/** A day of the class's weekdays on which it does not run: a closure, or outside its term. */
export const closedDayMessage = (className: string, day: string) =>
  `${className} has no class on ${formatDayWithWeekday(day)}: the studio is closed that day or the class's term does not include it.`
export const outsideWindowMessage = (first: string, last: string) =>
  `A makeup must be between ${formatDayWithWeekday(first)} and ${formatDayWithWeekday(last)}.`
export const otherAgeGroupMessage = (className: string, ageGroup: string, missedAgeGroup: string) =>
  `${className} is for ages ${ageGroup}; a makeup must be in a class for ages ${missedAgeGroup}.`
export const fullOnMessage = (className: string, day: string) => `${className} is full on ${formatDayWithWeekday(day)}.`

const id = recordIdSchema
const day = (required: string) => daySchema(SELF_SERVICE_MESSAGES.dateInvalid, required)

/** POST /api/enrollments/{id}/drop: the last day the student attends. */
export const dropInputSchema = z.object({ lastDay: day(SELF_SERVICE_MESSAGES.lastDayRequired) })
export type DropInput = z.infer<typeof dropInputSchema>

/** POST /api/absences */
export const absenceInputSchema = z.object({
  studentId: id(SELF_SERVICE_MESSAGES.studentRequired),
  classId: id(SELF_SERVICE_MESSAGES.classRequired),
  date: day(SELF_SERVICE_MESSAGES.dateRequired),
})
export type AbsenceInput = z.infer<typeof absenceInputSchema>

/** POST /api/makeups */
export const makeupInputSchema = z.object({
  absenceId: id(SELF_SERVICE_MESSAGES.absenceRequired),
  classId: id(SELF_SERVICE_MESSAGES.classRequired),
  date: day(SELF_SERVICE_MESSAGES.dateRequired),
})
export type MakeupInput = z.infer<typeof makeupInputSchema>

export type DropDto = {
  message: string
  enrollmentId: number
  /** YYYY-MM-DD, or null once a drop is undone. */
  endDate: string | null
}

export type MakeupDto = {
  id: number
  classId: number
  className: string
  /** The makeup day, YYYY-MM-DD. */
  date: string
  time: string
  location: string
  /** Whether the family may still cancel it (its day has not passed). */
  cancellable: boolean
}

/** An absence of a student: reported by the family, or marked by the teacher. */
export type AbsenceDto = {
  id: number
  studentId: number
  classId: number
  className: string
  date: string
  reportedBy: 'family' | 'teacher'
  /** A family's own report of a day still to come may be withdrawn. */
  cancellable: boolean
  /** Whether a makeup may still be booked for it (none yet, and the window is still open). */
  canBookMakeup: boolean
  /** The days a makeup may fall on. */
  makeupWindow: { first: string; last: string }
  makeup: MakeupDto | null
}

export type AbsenceAnswerDto = { message: string; absence: AbsenceDto }
export type MakeupAnswerDto = { message: string; makeup: MakeupDto }

/** GET /api/absences/{id}/makeup-options: a class and day with a free place. */
export type MakeupOptionDto = {
  classId: number
  className: string
  date: string
  days: string
  time: string
  location: string
  level: string
  /** Free places that day, or null when the class has no capacity. */
  freePlaces: number | null
  /** Whether the class shares the missed class's dance style (listed first, decisions §18). */
  sameStyle: boolean
}

/** GET /api/self-service/rules: what the portal needs to offer only days the server accepts. */
export type SelfServiceRulesDto = {
  /** The academy's today, YYYY-MM-DD. */
  today: string
  dropNoticeDays: number
  makeupWindowDays: number
  /** The days the whole academy is closed (YYYY-MM-DD): no class meets on them. */
  academyClosures: string[]
  /** The same closures as the administrator wrote them: ranges with their labels ('Thanksgiving'). */
  academyClosureRanges: ClosureDto[]
}
