import type { PayloadRequest } from 'payload'

import type { AssessmentMark, AssessmentWindow, Level } from '#cms/payload-types'
import { optionalRelationId, relationId } from '#api/lib/relations'
import { RECOMMENDATION_ITEM } from '#shared/levels'
import { findMarks, resolvedMark } from './assessment-marks'

/**
 * The level a teacher's recommendation points to: move to a named level, move up (the next level
 * in order after the one assessed), or stay (the one assessed). Null when it names none.
 */
function recommendedLevel(mark: AssessmentMark, levels: Level[]): number | null {
  const assessed = optionalRelationId(mark.level)
  if (mark.recommendation === 'move-to') return optionalRelationId(mark.recommendedLevel)
  if (mark.recommendation === 'stay') return assessed
  if (mark.recommendation !== 'move-up' || assessed === null) return null
  const ordered = [...levels].sort((a, b) => a.order - b.order)
  const index = ordered.findIndex((level) => level.id === assessed)
  return index >= 0 ? (ordered[index + 1]?.id ?? null) : null
}

/**
 * Each student's published recommendations as levels, the latest publication first (issue 27):
 * only windows an administrator has published count, and in each the mark that counts for the
 * item (the chosen one, or the one the assessors agree on).
 */
export async function publishedRecommendations(req: PayloadRequest, studentIds: number[]): Promise<Map<number, number[]>> {
  const found = new Map<number, number[]>()
  if (studentIds.length === 0) return found
  const windows = await req.payload.find({
    collection: 'assessment-windows',
    where: { publishedAt: { exists: true } },
    depth: 0,
    limit: 0,
    pagination: false,
    sort: '-publishedAt',
    req,
    overrideAccess: true,
  })
  const order = (windows.docs as AssessmentWindow[]).map((w) => w.id)
  if (order.length === 0) return found
  const marks = await findMarks(req, { and: [{ window: { in: order } }, { student: { in: studentIds } }, { item: { equals: RECOMMENDATION_ITEM } }] })
  if (marks.length === 0) return found
  const { docs } = await req.payload.find({ collection: 'levels', depth: 0, limit: 0, pagination: false, req, overrideAccess: true })
  for (const windowId of order) {
    for (const studentId of studentIds) {
      const mark = resolvedMark(marks.filter((m) => relationId(m.window) === windowId && relationId(m.student) === studentId))
      const level = mark ? recommendedLevel(mark, docs as Level[]) : null
      if (level !== null) found.set(studentId, [...(found.get(studentId) ?? []), level])
    }
  }
  return found
}

/** The level each student of one window is recommended for (the mark that counts for the item). */
export async function recommendationsInWindow(req: PayloadRequest, windowId: number): Promise<Map<number, number>> {
  const marks = await findMarks(req, { and: [{ window: { equals: windowId } }, { item: { equals: RECOMMENDATION_ITEM } }] })
  const { docs } = await req.payload.find({ collection: 'levels', depth: 0, limit: 0, pagination: false, req, overrideAccess: true })
  const found = new Map<number, number>()
  for (const studentId of new Set(marks.map((m) => relationId(m.student)))) {
    const mark = resolvedMark(marks.filter((m) => relationId(m.student) === studentId))
    const level = mark ? recommendedLevel(mark, docs as Level[]) : null
    if (level !== null) found.set(studentId, level)
  }
  return found
}
