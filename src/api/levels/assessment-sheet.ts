import type { PayloadRequest, Where } from 'payload'

import type { AssessmentMark, AssessmentWindow, Class, Enrollment, Level, Student, User } from '#cms/payload-types'
import { badInput, conflict, notFound } from '#api/errors'
import { findTaughtClass } from '#api/attendance'
import { academyNow, academyToday } from '#api/lib/academy-clock'
import { optionalRelationId, relationId } from '#api/lib/relations'
import { COMMENT_ITEM, RECOMMENDATION_ITEM } from '#shared/levels'
import { hasEnded } from '#shared/self-service'
import { ASSESSMENT_MESSAGES, type AssessmentMarkInput, type AssessmentSheetDto, type MarkAnswerDto } from './assessment.schemas'
import { findMarks, inConflict, levelDocs, teacherNames, toMarkDto } from './assessment-marks'
import { findWindow, scaleOf, windowClassIds } from './assessment-windows'
import { classLevelId } from './placement-rule'

/** A teacher's assessment of their class (issue 27): the sheet on the phone and each mark it sends, now or replayed later. */

/** A replayed mark is dated by the phone; a phone whose clock runs a little fast is still believed. */
const CLOCK_SKEW_MS = 5 * 60 * 1000

/** The students of the class whose enrollment has not ended, by name. */
async function enrolledStudents(req: PayloadRequest, classId: number, today: string, studentId?: number): Promise<Student[]> {
  const { docs } = await req.payload.find({
    collection: 'enrollments',
    where: { class: { equals: classId } },
    depth: 0,
    limit: 0,
    pagination: false,
    req,
    overrideAccess: true,
  })
  const ids = (docs as Enrollment[]).filter((e) => !hasEnded(e, today)).map((e) => relationId(e.student))
  const wanted = studentId === undefined ? ids : ids.filter((id) => id === studentId)
  if (wanted.length === 0) return []
  const students = await req.payload.find({
    collection: 'students',
    where: { id: { in: wanted } },
    depth: 0,
    limit: 0,
    pagination: false,
    sort: 'fullName',
    req,
    overrideAccess: true,
  })
  return students.docs as Student[]
}

/** The level a student is assessed at in a class: the class's level, else the student's placement. */
const assessedLevelId = (cls: Class, student: Student): number | null => classLevelId(cls) ?? optionalRelationId(student.currentLevel)

/** The class the caller teaches (404 for another teacher's) within a window that includes it and may still be marked. */
async function openSheet(req: PayloadRequest, user: User, windowId: number, classId: number): Promise<{ cls: Class; window: AssessmentWindow }> {
  const cls = await findTaughtClass(req, user, classId)
  const window = await findWindow(req, windowId)
  if (!windowClassIds(window).includes(cls.id)) throw notFound(ASSESSMENT_MESSAGES.notInWindow)
  return { cls, window }
}

/** GET /api/teach/assessments/:windowId/classes/:classId (teacher): the students, their skills, the scale and the caller's own marks. */
export async function assessmentSheet(req: PayloadRequest, user: User, windowId: number, classId: number): Promise<AssessmentSheetDto> {
  const { cls, window } = await openSheet(req, user, windowId, classId)
  const students = await enrolledStudents(req, cls.id, academyToday())
  const [levels, allLevels, marks] = await Promise.all([
    levelDocs(
      req,
      students.map((s) => assessedLevelId(cls, s)),
    ),
    req.payload.find({ collection: 'levels', sort: 'order', depth: 0, limit: 0, pagination: false, req, overrideAccess: true }),
    findMarks(req, { and: [{ window: { equals: window.id } }, { class: { equals: cls.id } }, { teacher: { equals: user.id } }] }),
  ])
  const names = await teacherNames(req, marks)
  return {
    window: { id: window.id, name: window.name, scale: scaleOf(window), published: Boolean(window.publishedAt) },
    class: { id: cls.id, name: cls.name },
    levels: (allLevels.docs as Level[]).map((l) => ({ id: l.id, name: l.name })),
    students: students.map((student) => {
      const levelId = assessedLevelId(cls, student)
      const level = levelId === null ? undefined : levels.get(levelId)
      return {
        studentId: student.id,
        fullName: student.fullName,
        level: level ? { id: level.id, name: level.name } : null,
        skills: (level?.skills ?? []).map((s) => ({ id: s.id ?? '', section: s.section, skill: s.skill })),
        marks: marks.filter((m) => relationId(m.student) === student.id).map((m) => toMarkDto(m, names)),
      }
    }),
  }
}

/** The fields a mark of this item stores, or a 400 naming what is wrong. */
async function markData(req: PayloadRequest, input: AssessmentMarkInput, window: AssessmentWindow, level: Level | undefined) {
  if (input.item === COMMENT_ITEM) {
    if (input.comment === undefined) throw badInput(ASSESSMENT_MESSAGES.itemInvalid)
    return { score: null, comment: input.comment.trim(), recommendation: null, recommendedLevel: null }
  }
  if (input.item === RECOMMENDATION_ITEM) {
    if (!input.recommendation) throw badInput(ASSESSMENT_MESSAGES.recommendationInvalid)
    if (input.recommendation !== 'move-to') return { score: null, comment: null, recommendation: input.recommendation, recommendedLevel: null }
    if (!input.recommendedLevelId) throw badInput(ASSESSMENT_MESSAGES.levelRequired)
    if (!(await levelDocs(req, [input.recommendedLevelId])).has(input.recommendedLevelId)) throw notFound(ASSESSMENT_MESSAGES.levelNotFound)
    return { score: null, comment: null, recommendation: input.recommendation, recommendedLevel: input.recommendedLevelId }
  }
  if (!level?.skills?.some((s) => s.id === input.item)) throw badInput(ASSESSMENT_MESSAGES.itemInvalid)
  if (input.score === undefined || !scaleOf(window).some((s) => s.value === input.score)) throw badInput(ASSESSMENT_MESSAGES.scoreInvalid)
  return { score: input.score, comment: null, recommendation: null, recommendedLevel: null }
}

/**
 * PUT /api/teach/assessment-marks (teacher): one mark, sent at once or replayed from the phone's
 * queue with the time it was made. The caller's own class only (404 otherwise), a student
 * enrolled in it, a window not yet published. The teacher's newer mark replaces their older one
 * (a late replay of an older mark changes nothing); another teacher's mark of the same item stays
 * beside it, both with their times, and the answer says they disagree. Any new mark of an item
 * withdraws the administrator's choice on it: the review asks again.
 */
export async function recordMark(req: PayloadRequest, user: User, input: AssessmentMarkInput): Promise<MarkAnswerDto> {
  const { cls, window } = await openSheet(req, user, input.windowId, input.classId)
  if (window.publishedAt) throw conflict(ASSESSMENT_MESSAGES.published)
  const today = academyToday()
  if (today < window.opensOn) throw conflict(ASSESSMENT_MESSAGES.notOpenYet)
  const [student] = await enrolledStudents(req, cls.id, today, input.studentId)
  if (!student) throw notFound(ASSESSMENT_MESSAGES.notEnrolled)
  const markedAt = new Date(input.markedAt)
  if (markedAt.getTime() > academyNow().getTime() + CLOCK_SKEW_MS) throw badInput(ASSESSMENT_MESSAGES.markedAtInvalid)
  const levelId = assessedLevelId(cls, student)
  const level = levelId === null ? undefined : (await levelDocs(req, [levelId])).get(levelId)
  const data = { ...(await markData(req, input, window, level)), class: cls.id, level: levelId, markedAt: markedAt.toISOString(), chosen: false }

  const item: Where[] = [{ window: { equals: window.id } }, { student: { equals: student.id } }, { item: { equals: input.item } }]
  const own = async () => (await findMarks(req, { and: [...item, { teacher: { equals: user.id } }] }))[0]
  const write = async (existing: AssessmentMark | undefined): Promise<void> => {
    if (existing && new Date(existing.markedAt).getTime() > markedAt.getTime()) return
    await req.payload.update({ collection: 'assessment-marks', where: { and: item }, data: { chosen: false }, depth: 0, req, overrideAccess: true })
    if (existing) await req.payload.update({ collection: 'assessment-marks', id: existing.id, data, depth: 0, req, overrideAccess: true })
    else
      await req.payload.create({
        collection: 'assessment-marks',
        data: { ...data, window: window.id, student: student.id, teacher: user.id, item: input.item },
        depth: 0,
        req,
        overrideAccess: true,
      })
  }
  try {
    await write(await own())
  } catch (error) {
    // The unique index: the same teacher's twin request made the row first; this one becomes an update of it.
    const raced = await own()
    if (!raced) throw error
    await write(raced)
  }
  const marks = await findMarks(req, { and: item })
  const names = await teacherNames(req, marks)
  return {
    mark: toMarkDto(
      marks.find((m) => relationId(m.teacher) === user.id)!,
      names,
    ),
    conflict: inConflict(marks),
  }
}
