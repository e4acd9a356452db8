import type { PayloadRequest } from 'payload'

import type { Class, Level, Student, User } from '#cms/payload-types'
import { notFound } from '#api/errors'
import { findOwnStudent } from '#api/students'
import { classLevelId, levelsById, placedLevelIds } from './placement-rule'
import { LEVEL_MESSAGES, type LevelDto, type PlacementDto, type SetLevelInput } from './schemas'

function toLevelDto(level: Level): LevelDto {
  return {
    id: level.id,
    name: level.name,
    order: level.order,
    typicalAgeMin: level.typicalAgeMin ?? null,
    typicalAgeMax: level.typicalAgeMax ?? null,
    skills: (level.skills ?? []).map((s) => ({ id: s.id ?? '', section: s.section, skill: s.skill })),
  }
}

/** GET /api/levels: the syllabus in order, with each level's skills (public, as the classes are). */
export async function listLevels(req: PayloadRequest): Promise<LevelDto[]> {
  const { docs } = await req.payload.find({ collection: 'levels', sort: 'order', depth: 0, limit: 0, pagination: false, req, overrideAccess: true })
  return (docs as Level[]).map(toLevelDto)
}

/**
 * GET /api/students/:id/placement: the student's level and the classes that teach a level, so the
 * class selection says why a levelled class is not open (404 unless the caller may see the student).
 */
export async function readPlacement(req: PayloadRequest, user: User, studentId: number): Promise<PlacementDto> {
  const student = await findOwnStudent(req, user, studentId)
  const { docs } = await req.payload.find({
    collection: 'classes',
    where: { syllabusLevel: { exists: true } },
    depth: 0,
    limit: 0,
    pagination: false,
    req,
    overrideAccess: true,
  })
  const classes = docs as Class[]
  const placed = placedLevelIds(student)
  const levels = await levelsById(req, [...new Set([...placed, ...classes.map((c) => classLevelId(c)!).filter((id) => id !== null)])])
  const current = placed[0] === undefined ? null : (levels.get(placed[0]) ?? null)
  return {
    studentId: student.id,
    currentLevel: current,
    recommendedLevels: [],
    classLevels: classes.flatMap((cls) => {
      const level = levels.get(classLevelId(cls)!)
      return level ? [{ classId: cls.id, level }] : []
    }),
  }
}

/** PATCH /api/admin/students/:id/level (admin): places the student at a level, or at none. */
export async function setStudentLevel(req: PayloadRequest, studentId: number, input: SetLevelInput): Promise<PlacementDto & { message: string }> {
  const student = (await req.payload.findByID({
    collection: 'students',
    id: studentId,
    depth: 0,
    req,
    disableErrors: true,
    overrideAccess: true,
  })) as Student | null
  if (!student) throw notFound(LEVEL_MESSAGES.studentNotFound)
  let name: string | null = null
  if (input.levelId !== null) {
    const level = (await levelsById(req, [input.levelId])).get(input.levelId)
    if (!level) throw notFound(LEVEL_MESSAGES.levelNotFound)
    name = level.name
  }
  await req.payload.update({ collection: 'students', id: studentId, data: { currentLevel: input.levelId }, depth: 0, req, overrideAccess: true })
  const message = name ? `${student.fullName} is placed in ${name}.` : `${student.fullName} is no longer placed at a level.`
  return { ...(await readPlacement(req, req.user as User, studentId)), message }
}
