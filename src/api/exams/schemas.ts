import { z } from 'zod'

import { daySchema } from '#api/lib/dates.schemas'
import { recordIdSchema } from '#api/lib/id.schemas'
import { EXAM_GRADES, type ExamEntryStatus, type ExamGrade } from '#shared/statuses'

export { EXAM_ENTRY_STATUSES, EXAM_GRADES, EXAM_GRADE_LABELS, type ExamEntryStatus, type ExamGrade } from '#shared/statuses'

/** Exams (issue 27, decisions §29): sessions, entries proposed, confirmed, accepted, billed and graded. */
export const EXAM_LIMITS = { maxText: 120, maxFees: 30, maxFeeCents: 10_000_000, maxMark: 100 } as const

export const EXAM_MESSAGES = {
  syllabus: 'Syllabus is required (at most 120 characters)',
  venue: 'Venue is required (at most 120 characters)',
  date: 'Exam date must be a day, YYYY-MM-DD',
  deadline: 'Entry deadline must be a day, YYYY-MM-DD',
  deadlineAfterExam: 'The entry deadline must be on or before the exam date',
  fees: 'List a fee for at least one grade (at most 30)',
  fee: 'A fee must be from $0.00 to $100,000.00, in cents',
  feeTwice: 'Each grade may have only one fee',
  id: 'Choose one from the list',
  sessionNotFound: 'Exam session not found.',
  studentNotFound: 'Student not found.',
  entryNotFound: 'Exam entry not found.',
  gradeNotOffered: 'This session has no fee for that grade: choose a grade it offers.',
  alreadyEntered: 'This student is already proposed for this session.',
  mark: 'Mark must be a whole number from 0 to 100',
  grade: 'Grade must be Distinction, Merit, Pass or Not passed',
} as const

/** An entry's status in words, as the teacher, the studio and the household read it. */
export const EXAM_ENTRY_STATUS_LABELS: Record<ExamEntryStatus, string> = {
  proposed: 'Proposed: waiting for the studio',
  confirmed: 'Confirmed: waiting for the family',
  'declined-by-studio': 'Declined by the studio',
  accepted: 'Accepted by the family',
  'declined-by-family': 'Declined by the family',
  withdrawn: 'Withdrawn',
}

export const deadlinePassedMessage = (deadline: string) => `The entry deadline (${deadline}) has passed: entries for this session are closed.`
export const entryStatusMessage = (status: ExamEntryStatus, wanted: string) => `This entry is ${status.replace(/-/g, ' ')}: it cannot be ${wanted}.`

const id = recordIdSchema(EXAM_MESSAGES.id)
const text = (message: string) => z.string({ error: message }).trim().min(1, message).max(EXAM_LIMITS.maxText, message)

/** POST /api/admin/exam-sessions (admin). */
export const examSessionInputSchema = z
  .object({
    syllabus: text(EXAM_MESSAGES.syllabus),
    venue: text(EXAM_MESSAGES.venue),
    date: daySchema(EXAM_MESSAGES.date),
    entryDeadline: daySchema(EXAM_MESSAGES.deadline),
    fees: z
      .array(
        z.object({
          levelId: id,
          feeCents: z.number({ error: EXAM_MESSAGES.fee }).int(EXAM_MESSAGES.fee).min(0, EXAM_MESSAGES.fee).max(EXAM_LIMITS.maxFeeCents, EXAM_MESSAGES.fee),
        }),
        { error: EXAM_MESSAGES.fees },
      )
      .min(1, EXAM_MESSAGES.fees)
      .max(EXAM_LIMITS.maxFees, EXAM_MESSAGES.fees),
  })
  .superRefine((input, ctx) => {
    if (input.entryDeadline > input.date) ctx.addIssue({ code: 'custom', path: ['entryDeadline'], message: EXAM_MESSAGES.deadlineAfterExam })
    if (new Set(input.fees.map((f) => f.levelId)).size !== input.fees.length) ctx.addIssue({ code: 'custom', path: ['fees'], message: EXAM_MESSAGES.feeTwice })
  })
export type ExamSessionInput = z.infer<typeof examSessionInputSchema>

/** POST /api/teach/exam-entries (teacher): a candidate from one of the teacher's classes. */
export const proposeEntryInputSchema = z.object({ sessionId: id, studentId: id, levelId: id })
export type ProposeEntryInput = z.infer<typeof proposeEntryInputSchema>

/** PUT /api/admin/exam-entries/:id/result (admin). */
export const examResultInputSchema = z.object({
  mark: z.number({ error: EXAM_MESSAGES.mark }).int(EXAM_MESSAGES.mark).min(0, EXAM_MESSAGES.mark).max(EXAM_LIMITS.maxMark, EXAM_MESSAGES.mark),
  grade: z.enum(EXAM_GRADES, { error: EXAM_MESSAGES.grade }),
})
export type ExamResultInput = z.infer<typeof examResultInputSchema>

export type ExamFeeDto = { levelId: number; levelName: string; feeCents: number }

export type ExamSessionDto = {
  id: number
  syllabus: string
  venue: string
  date: string
  entryDeadline: string
  /** Whether the entry deadline has passed (the academy's today). */
  closed: boolean
  fees: ExamFeeDto[]
}

export type ExamResultDto = { mark: number; grade: ExamGrade; gradeLabel: string }

export type ExamEntryDto = {
  id: number
  status: ExamEntryStatus
  session: ExamSessionDto
  studentId: number
  studentName: string
  levelId: number
  levelName: string
  feeCents: number
  /** The invoice the fee is on, once billed. */
  invoiceId: number | null
  /** Only once an administrator has recorded it. */
  result: ExamResultDto | null
}

/** GET /api/teach/exams: the open sessions, the teacher's students and their entries. */
export type TeachExamsDto = {
  sessions: ExamSessionDto[]
  students: Array<{ id: number; name: string; classNames: string[] }>
  entries: ExamEntryDto[]
}
