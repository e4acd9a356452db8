import type { PayloadRequest } from 'payload'

import type { Class, Level, Student } from '#cms/payload-types'
import { optionalRelationId } from '#api/lib/relations'
import type { LevelRefDto } from './schemas'

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

/**
 * The levels a student may take classes of: the one they are placed at. A teacher's published
 * recommendation will add its level here once assessments exist (issue 27, assessments).
 */
export function placedLevelIds(student: Pick<Student, 'currentLevel'>): number[] {
  const current = optionalRelationId(student.currentLevel)
  return current === null ? [] : [current]
}
