import type { PayloadRequest, Where } from 'payload'

import type { AssessmentMark, Level, User } from '#cms/payload-types'
import { optionalRelationId, relationId } from '#api/lib/relations'
import { COMMENT_ITEM, RECOMMENDATION_ITEM, SKILL_SECTION_LABELS } from '#shared/levels'
import type { AssessmentMarkDto, MarkValueDto } from './assessment.schemas'

/** Reading assessment marks and deciding between teachers: what the sheet, the review and the report cards share. */

export async function findMarks(req: PayloadRequest, where: Where): Promise<AssessmentMark[]> {
  const { docs } = await req.payload.find({
    collection: 'assessment-marks',
    where,
    depth: 0,
    limit: 0,
    pagination: false,
    sort: 'markedAt',
    req,
    overrideAccess: true,
  })
  return docs as AssessmentMark[]
}

export async function teacherNames(req: PayloadRequest, marks: AssessmentMark[]): Promise<Map<number, string>> {
  const ids = [...new Set(marks.map((m) => relationId(m.teacher)))]
  if (ids.length === 0) return new Map()
  const { docs } = await req.payload.find({ collection: 'users', where: { id: { in: ids } }, depth: 0, limit: 0, pagination: false, req, overrideAccess: true })
  return new Map((docs as User[]).map((u) => [u.id, u.fullName]))
}

export function markValue(mark: Pick<AssessmentMark, 'score' | 'comment' | 'recommendation' | 'recommendedLevel'>): MarkValueDto {
  return {
    score: mark.score ?? null,
    comment: mark.comment ?? null,
    recommendation: mark.recommendation ?? null,
    recommendedLevelId: optionalRelationId(mark.recommendedLevel),
  }
}

export function toMarkDto(mark: AssessmentMark, names: Map<number, string>): AssessmentMarkDto {
  const teacherId = relationId(mark.teacher)
  return {
    id: mark.id,
    item: mark.item,
    studentId: relationId(mark.student),
    teacherId,
    teacherName: names.get(teacherId) ?? '',
    markedAt: mark.markedAt,
    chosen: Boolean(mark.chosen),
    ...markValue(mark),
  }
}

/** Marks of one window grouped by student, then by item. */
export function byStudentAndItem(marks: AssessmentMark[]): Map<number, Map<string, AssessmentMark[]>> {
  const grouped = new Map<number, Map<string, AssessmentMark[]>>()
  for (const mark of marks) {
    const student = relationId(mark.student)
    const items = grouped.get(student) ?? new Map<string, AssessmentMark[]>()
    items.set(mark.item, [...(items.get(mark.item) ?? []), mark])
    grouped.set(student, items)
  }
  return grouped
}

const sameValue = (a: AssessmentMark, b: AssessmentMark) => JSON.stringify(markValue(a)) === JSON.stringify(markValue(b))

/** Two teachers marked the item differently and the administrator has not chosen yet. */
export function inConflict(marks: AssessmentMark[]): boolean {
  if (marks.some((m) => m.chosen)) return false
  return marks.some((m) => !sameValue(m, marks[0]!))
}

/** The mark that counts: the chosen one, else the one all teachers agree on (none while in conflict). */
export function resolvedMark(marks: AssessmentMark[]): AssessmentMark | null {
  const chosen = marks.find((m) => m.chosen)
  if (chosen) return chosen
  return marks.length && !inConflict(marks) ? marks[marks.length - 1]! : null
}

/** The words of an item for the review: the skill with its section, the comment or the recommendation. */
export function itemLabel(item: string, level: Level | undefined): string {
  if (item === COMMENT_ITEM) return 'Comment'
  if (item === RECOMMENDATION_ITEM) return 'Recommendation'
  const skill = level?.skills?.find((s) => s.id === item)
  return skill ? `${SKILL_SECTION_LABELS[skill.section]}: ${skill.skill}` : item
}

export async function levelDocs(req: PayloadRequest, ids: Array<number | null>): Promise<Map<number, Level>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))]
  if (wanted.length === 0) return new Map()
  const { docs } = await req.payload.find({
    collection: 'levels',
    where: { id: { in: wanted } },
    depth: 0,
    limit: 0,
    pagination: false,
    req,
    overrideAccess: true,
  })
  return new Map((docs as Level[]).map((level) => [level.id, level]))
}

/** Items of the window on which two teachers disagree and nothing is chosen. */
export async function countConflicts(req: PayloadRequest, windowId: number): Promise<number> {
  let count = 0
  for (const items of byStudentAndItem(await findMarks(req, { window: { equals: windowId } })).values()) {
    for (const marks of items.values()) if (inConflict(marks)) count += 1
  }
  return count
}
