import type { PayloadRequest } from 'payload'

import type { AssessmentWindow, Class, Level, Student, User } from '#cms/payload-types'
import { conflict, notFound } from '#api/errors'
import { findOwnStudent } from '#api/students'
import { classLevelId, currentLevelId, levelsById, placedLevelIds } from './placement-rule'
import { recommendationsInWindow } from './recommendations'
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
  const placed = await placedLevelIds(req, student)
  const currentId = currentLevelId(student)
  const levels = await levelsById(req, [...new Set([...placed, ...classes.map((c) => classLevelId(c)!).filter((id) => id !== null)])])
  const current = currentId === null ? null : (levels.get(currentId) ?? null)
  return {
    studentId: student.id,
    currentLevel: current,
    recommendedLevels: placed.flatMap((id) => (id !== currentId && levels.get(id) ? [levels.get(id)!] : [])),
    classLevels: classes.flatMap((cls) => {
      const level = levels.get(classLevelId(cls)!)
      return level ? [{ classId: cls.id, level }] : []
    }),
  }
}

/** PATCH /api/admin/students/:id/level (admin): places the student at a level, or at none. */
export async function setStudentLevel(req: PayloadRequest, user: User, studentId: number, input: SetLevelInput): Promise<PlacementDto & { message: string }> {
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
  return { ...(await readPlacement(req, user, studentId)), message }
}

/**
 * POST /api/admin/assessment-windows/:id/place (admin): each student of a published window is
 * placed at the level the teachers recommended (stay, move up, move to), where that changes it.
 * Running it twice places nobody twice.
 */
export async function placeFromRecommendations(
  req: PayloadRequest,
  windowId: number,
): Promise<{ message: string; placed: Array<{ studentId: number; fullName: string; level: string }> }> {
  const window = (await req.payload.findByID({
    collection: 'assessment-windows',
    id: windowId,
    depth: 0,
    req,
    disableErrors: true,
    overrideAccess: true,
  })) as AssessmentWindow | null
  if (!window) throw notFound(LEVEL_MESSAGES.windowNotFound)
  if (!window.publishedAt) throw conflict(LEVEL_MESSAGES.placeUnpublished)
  const recommended = await recommendationsInWindow(req, window.id)
  const levels = await levelsById(req, [...recommended.values()])
  const placed: Array<{ studentId: number; fullName: string; level: string }> = []
  for (const [studentId, levelId] of recommended) {
    const student = (await req.payload.findByID({
      collection: 'students',
      id: studentId,
      depth: 0,
      req,
      disableErrors: true,
      overrideAccess: true,
    })) as Student | null
    if (!student || currentLevelId(student) === levelId || !levels.has(levelId)) continue
    await req.payload.update({ collection: 'students', id: studentId, data: { currentLevel: levelId }, depth: 0, req, overrideAccess: true })
    placed.push({ studentId, fullName: student.fullName, level: levels.get(levelId)!.name })
  }
  const count = placed.length
  return { message: `${count} ${count === 1 ? 'student' : 'students'} placed from ${window.name}.`, placed }
}
