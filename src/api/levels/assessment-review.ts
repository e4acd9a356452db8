import type { PayloadRequest, Where } from 'payload'

import type { AssessmentMark, AssessmentWindow, Student, User } from '#cms/payload-types'
import { conflict, notFound } from '#api/errors'
import { inTransaction } from '#api/lib/database'
import { optionalRelationId, relationId } from '#api/lib/relations'
import { findOwnStudent } from '#api/students'
import { COMMENT_ITEM, RECOMMENDATION_ITEM } from '#shared/levels'
import { ASSESSMENT_MESSAGES, type AssessmentMarkDto, type AssessmentReviewDto, type ReportCardDto } from './assessment.schemas'
import { byStudentAndItem, findMarks, inConflict, itemLabel, levelDocs, resolvedMark, teacherNames, toMarkDto } from './assessment-marks'
import { findWindow, scaleOf } from './assessment-windows'

/** The administrator's review of a window, the choice between two teachers, and the families' report cards. */

const levelOfMarks = (marks: AssessmentMark[]): number | null => optionalRelationId(marks.find((m) => m.level != null)?.level ?? null)

/** GET /api/admin/assessment-windows/:id/review (admin): every student's items with every teacher's mark and time. */
export async function reviewWindow(req: PayloadRequest, id: number): Promise<AssessmentReviewDto> {
  const window = await findWindow(req, id)
  const marks = await findMarks(req, { window: { equals: id } })
  const grouped = byStudentAndItem(marks)
  const [names, levels, students] = await Promise.all([
    teacherNames(req, marks),
    levelDocs(
      req,
      marks.map((m) => optionalRelationId(m.level)),
    ),
    req.payload.find({
      collection: 'students',
      where: { id: { in: [...grouped.keys()] } },
      depth: 0,
      limit: 0,
      pagination: false,
      sort: 'fullName',
      req,
      overrideAccess: true,
    }),
  ])
  let conflicts = 0
  const rows = (students.docs as Student[]).map((student) => {
    const items = grouped.get(student.id)!
    const levelId = levelOfMarks([...items.values()].flat())
    const level = levelId === null ? undefined : levels.get(levelId)
    return {
      studentId: student.id,
      fullName: student.fullName,
      level: level ? { id: level.id, name: level.name } : null,
      items: [...items.entries()].map(([item, itemMarks]) => {
        const conflict = inConflict(itemMarks)
        if (conflict) conflicts += 1
        return { item, label: itemLabel(item, level), conflict, marks: itemMarks.map((m) => toMarkDto(m, names)) }
      }),
    }
  })
  return {
    window: {
      id: window.id,
      name: window.name,
      opensOn: window.opensOn,
      closesOn: window.closesOn,
      publishedAt: window.publishedAt ?? null,
      scale: scaleOf(window),
    },
    conflicts,
    students: rows,
  }
}

/** POST /api/admin/assessment-marks/:id/choose (admin): this mark counts for its item; the others of the item are kept, not chosen. */
export async function chooseMark(req: PayloadRequest, id: number): Promise<AssessmentMarkDto> {
  const mark = (await req.payload.findByID({
    collection: 'assessment-marks',
    id,
    depth: 0,
    req,
    disableErrors: true,
    overrideAccess: true,
  })) as AssessmentMark | null
  if (!mark) throw notFound(ASSESSMENT_MESSAGES.markNotFound)
  const window = await findWindow(req, relationId(mark.window))
  if (window.publishedAt) throw conflict(ASSESSMENT_MESSAGES.published)
  const same: Where = { and: [{ window: { equals: window.id } }, { student: { equals: relationId(mark.student) } }, { item: { equals: mark.item } }] }
  const chosen = await inTransaction(req, async () => {
    await req.payload.update({ collection: 'assessment-marks', where: same, data: { chosen: false }, depth: 0, req, overrideAccess: true })
    return (await req.payload.update({ collection: 'assessment-marks', id, data: { chosen: true }, depth: 0, req, overrideAccess: true })) as AssessmentMark
  })
  return toMarkDto(chosen, await teacherNames(req, [chosen]))
}

/**
 * GET /api/students/:id/report-cards: the student's report card of every published window, newest
 * first (404 unless the caller may see the student). Nothing of an unpublished window is read.
 */
export async function reportCards(req: PayloadRequest, user: User, studentId: number): Promise<ReportCardDto[]> {
  const student = await findOwnStudent(req, user, studentId)
  const { docs } = await req.payload.find({
    collection: 'assessment-windows',
    where: { publishedAt: { exists: true } },
    depth: 0,
    limit: 0,
    pagination: false,
    sort: '-publishedAt',
    req,
    overrideAccess: true,
  })
  const windows = docs as AssessmentWindow[]
  if (windows.length === 0) return []
  const marks = await findMarks(req, { and: [{ student: { equals: student.id } }, { window: { in: windows.map((w) => w.id) } }] })
  const levels = await levelDocs(
    req,
    marks.flatMap((m) => [optionalRelationId(m.level), optionalRelationId(m.recommendedLevel)]),
  )
  const ref = (id: number | null) => (id !== null && levels.get(id) ? { id, name: levels.get(id)!.name } : null)
  return windows.flatMap((window) => {
    const items = byStudentAndItem(marks.filter((m) => relationId(m.window) === window.id)).get(student.id)
    if (!items) return []
    const counted = new Map([...items.entries()].map(([item, itemMarks]) => [item, resolvedMark(itemMarks)]))
    const levelId = levelOfMarks([...items.values()].flat())
    const level = levelId === null ? undefined : levels.get(levelId)
    const scale = scaleOf(window)
    const recommendation = counted.get(RECOMMENDATION_ITEM) ?? null
    return [
      {
        windowId: window.id,
        assessment: window.name,
        publishedAt: window.publishedAt!,
        student: student.fullName,
        level: level ? { id: level.id, name: level.name } : null,
        skills: (level?.skills ?? []).map((skill) => {
          const score = counted.get(skill.id ?? '')?.score ?? null
          return { section: skill.section, skill: skill.skill, score, scoreLabel: scale.find((s) => s.value === score)?.label ?? null }
        }),
        comment: counted.get(COMMENT_ITEM)?.comment ?? null,
        recommendation: recommendation?.recommendation ?? null,
        recommendedLevel: ref(optionalRelationId(recommendation?.recommendedLevel ?? null)),
      },
    ]
  })
}
