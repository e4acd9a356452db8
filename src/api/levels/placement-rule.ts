import type { PayloadRequest } from 'payload'

import type { Class, Level, Student } from '#cms/payload-types'
import { optionalRelationId } from '#api/lib/relations'
import type { LevelRefDto } from './schemas'
import { publishedRecommendations } from './recommendations'

/** The levels by id, for names in messages and answers. */
export async function levelsById(req: PayloadRequest, ids: number[]): Promise<Map<number, LevelRefDto>> {
  if (ids.length === 0) return new Map()
  const { docs } = await req.payload.find({
    collection: 'levels',
    where: { id: { in: ids } },
    depth: 0,
    limit: 0,
    pagination: false,
    req,
    overrideAccess: true,
  })
  return new Map((docs as Level[]).map((level) => [level.id, { id: level.id, name: level.name }]))
}

/** The level a class teaches, or null: open to every level. */
export function classLevelId(cls: Pick<Class, 'syllabusLevel'>): number | null {
  return optionalRelationId(cls.syllabusLevel)
}

/** The level a student is placed at, or null. */
export function currentLevelId(student: Pick<Student, 'currentLevel'>): number | null {
  return optionalRelationId(student.currentLevel)
}

/**
 * The levels a student may take classes of (issue 27): the one they are placed at, and the ones
 * teachers recommended them for in published assessments.
 */
export async function placedLevelIds(req: PayloadRequest, student: Pick<Student, 'id' | 'currentLevel'>): Promise<number[]> {
  const recommended = (await publishedRecommendations(req, [student.id])).get(student.id) ?? []
  const current = currentLevelId(student)
  return [...new Set([...(current === null ? [] : [current]), ...recommended])]
}
