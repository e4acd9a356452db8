import { z } from 'zod'

import { daySchema } from '#api/lib/dates.schemas'
import { RECOMMENDATIONS, type Recommendation, type SkillSection } from '#shared/levels'
import type { LevelRefDto } from './schemas'
import { recordIdSchema } from '#api/lib/id.schemas'

/** Assessments (issue 27, decisions "assessments and report cards"): windows, teachers' marks, review and report cards. */
export const ASSESSMENT_MESSAGES = {
  nameRequired: 'Please give the assessment a name',
  opensOnInvalid: 'Opens on must be a day, YYYY-MM-DD',
  closesOnInvalid: 'Closes on must be a day, YYYY-MM-DD',
  closesBeforeOpens: 'The window must close on or after the day it opens',
  classesRequired: 'Please choose at least one class',
  classNotFound: 'Class not found',
  windowNotFound: 'Assessment not found',
  markNotFound: 'Mark not found',
  notInWindow: 'This class is not part of this assessment',
  notOpenYet: 'This assessment has not opened yet',
  published: 'This assessment is published: its marks can no longer change',
  notEnrolled: 'This student is not in this class',
  itemInvalid: 'Please say what is marked: a skill of the student’s level, the comment or the recommendation',
  scoreInvalid: 'The score must be one of the assessment’s scale',
  recommendationInvalid: 'Please choose stay, move up or move to a level',
  levelRequired: 'Please choose the level to move to',
  levelNotFound: 'Level not found',
  markedAtInvalid: 'The time of the mark must be a moment no later than now',
  commentTooLong: 'The comment must be at most 2000 characters',
  alreadyPublished: 'This assessment is already published',
  classHasMarks: 'Marks were recorded in this class: it stays in the assessment',
  publishedCannotChange: 'This assessment is published: it can no longer change',
} as const

/**
 * Opening (or changing) a window for classes with no syllabus level is confirmed first (409
 * until `confirmNoLevel`): there a student is scored at their own placement, and one with none
 * has no skill to score.
 */
export const noLevelMessage = (names: string[]) =>
  `${names.join(', ')} ${names.length === 1 ? 'has' : 'have'} no syllabus level: only students placed at a level have skills to score there. Give ${names.length === 1 ? 'it' : 'them'} a level, or open the assessment anyway.`

/** Publishing is refused while two teachers disagree and no mark is chosen (409). */
export const unresolvedConflictsMessage = (count: number) =>
  `${count} ${count === 1 ? 'mark needs' : 'marks need'} a choice first: two teachers marked the same item differently. Choose one for each, then publish.`

const id = recordIdSchema

const scaleStep = z.object({ value: z.number().int().min(0).max(100), label: z.string().trim().min(1).max(40) })

/** POST /api/admin/assessment-windows */
export const assessmentWindowInputSchema = z
  .object({
    name: z.string({ error: ASSESSMENT_MESSAGES.nameRequired }).trim().min(1, ASSESSMENT_MESSAGES.nameRequired).max(120),
    opensOn: daySchema(ASSESSMENT_MESSAGES.opensOnInvalid),
    closesOn: daySchema(ASSESSMENT_MESSAGES.closesOnInvalid),
    classIds: z
      .array(id(ASSESSMENT_MESSAGES.classesRequired), { error: ASSESSMENT_MESSAGES.classesRequired })
      .min(1, ASSESSMENT_MESSAGES.classesRequired)
      .max(200),
    scale: z.array(scaleStep).min(2).max(10).optional(),
    /** The administrator was told which classes have no syllabus level, and opens it anyway. */
    confirmNoLevel: z.boolean({ error: 'Confirm with true or false' }).optional(),
  })
  .refine((value) => value.closesOn >= value.opensOn, { path: ['closesOn'], message: ASSESSMENT_MESSAGES.closesBeforeOpens })
/** POST /api/admin/assessment-windows, and PUT /api/admin/assessment-windows/:id (the whole window, until it is published). */
export type AssessmentWindowInput = z.infer<typeof assessmentWindowInputSchema>

/** PUT /api/teach/assessment-marks: one tap of a teacher, sent now or replayed from the phone's queue. */
export const assessmentMarkInputSchema = z.object({
  windowId: id(ASSESSMENT_MESSAGES.windowNotFound),
  classId: id(ASSESSMENT_MESSAGES.classNotFound),
  studentId: id(ASSESSMENT_MESSAGES.notEnrolled),
  item: z.string({ error: ASSESSMENT_MESSAGES.itemInvalid }).trim().min(1, ASSESSMENT_MESSAGES.itemInvalid).max(64, ASSESSMENT_MESSAGES.itemInvalid),
  score: z.number({ error: ASSESSMENT_MESSAGES.scoreInvalid }).int(ASSESSMENT_MESSAGES.scoreInvalid).optional(),
  comment: z.string().max(2000, ASSESSMENT_MESSAGES.commentTooLong).optional(),
  recommendation: z.enum(RECOMMENDATIONS, { error: ASSESSMENT_MESSAGES.recommendationInvalid }).optional(),
  recommendedLevelId: id(ASSESSMENT_MESSAGES.levelRequired).nullable().optional(),
  /** When the teacher tapped, on the phone: a replayed mark keeps its own time. */
  markedAt: z.iso.datetime({ offset: true, error: ASSESSMENT_MESSAGES.markedAtInvalid }),
})
export type AssessmentMarkInput = z.infer<typeof assessmentMarkInputSchema>

export type ScaleStepDto = { value: number; label: string }
export type SkillDto = { id: string; section: SkillSection; skill: string }

/** What one mark says: a score, a comment, or a recommendation (with its level when moving to one). */
export type MarkValueDto = {
  score: number | null
  comment: string | null
  recommendation: Recommendation | null
  recommendedLevelId: number | null
}

export type AssessmentMarkDto = MarkValueDto & {
  id: number
  item: string
  studentId: number
  teacherId: number
  teacherName: string
  markedAt: string
  chosen: boolean
}

export type AdminAssessmentWindowDto = TeachAssessmentDto & { publishedAt: string | null }

export type TeachAssessmentDto = { id: number; name: string; opensOn: string; closesOn: string; classes: Array<{ id: number; name: string }> }

/** GET /api/teach/assessments/:windowId/classes/:classId: a class's sheet, with the caller's own marks. */
export type AssessmentSheetDto = {
  window: { id: number; name: string; scale: ScaleStepDto[]; published: boolean }
  class: { id: number; name: string }
  levels: LevelRefDto[]
  students: Array<{ studentId: number; fullName: string; level: LevelRefDto | null; skills: SkillDto[]; marks: AssessmentMarkDto[] }>
}

/** PUT /api/teach/assessment-marks: the mark kept, and whether another teacher marked the same item differently. */
export type MarkAnswerDto = { mark: AssessmentMarkDto; conflict: boolean }

/** One item of a student's assessment as the administrator reviews it: every teacher's mark, and whether they disagree. */
export type ReviewItemDto = { item: string; label: string; marks: AssessmentMarkDto[]; conflict: boolean }

export type AssessmentReviewDto = {
  window: { id: number; name: string; opensOn: string; closesOn: string; publishedAt: string | null; scale: ScaleStepDto[] }
  conflicts: number
  students: Array<{ studentId: number; fullName: string; level: LevelRefDto | null; items: ReviewItemDto[] }>
}

/** GET /api/students/:id/report-cards: the published assessments of a student, newest first. */
export type ReportCardDto = {
  windowId: number
  assessment: string
  publishedAt: string
  student: string
  level: LevelRefDto | null
  skills: Array<{ section: SkillSection; skill: string; score: number | null; scoreLabel: string | null }>
  comment: string | null
  recommendation: Recommendation | null
  recommendedLevel: LevelRefDto | null
}
