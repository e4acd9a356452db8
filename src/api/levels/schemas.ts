import { z } from 'zod'

import { recordIdSchema } from '#api/lib/id.schemas'
import type { SkillSection } from '#shared/levels'

/**
 * Levels and placement (issue 27, decisions "levels and placement"): the syllabus levels, the
 * level a student is placed at, and the words of the level rule, shared by the portal and the server.
 */
export const LEVEL_MESSAGES = {
  levelRequired: 'Please choose a level (or null to clear the placement)',
  levelNotFound: 'Level not found',
  studentNotFound: 'Student not found',
  windowNotFound: 'Assessment not found',
  typicalAgesOrder: 'Typical age to must not be below typical age from',
  placeUnpublished: 'Publish the assessment first: placement follows published recommendations only',
} as const

/** Why a levelled class is not open to a child: the portal's words (issue 27). */
export const levelClassReason = (level: string) => `${level} class: for dancers placed in ${level}`

/** The server's refusal (400) when a family enrolls a child not placed at the class's level. */
export const notPlacedAtLevelMessage = (student: string, className: string, level: string) =>
  `${className} is a ${levelClassReason(level)}; ${student} is not placed in ${level}.`

/** PATCH /api/admin/students/:id/level: the level to place the student at, or null for none. */
export const setLevelInputSchema = z.object({
  levelId: recordIdSchema(LEVEL_MESSAGES.levelRequired).nullable(),
})
export type SetLevelInput = z.infer<typeof setLevelInputSchema>

export type LevelRefDto = { id: number; name: string }

export type LevelDto = LevelRefDto & {
  order: number
  typicalAgeMin: number | null
  typicalAgeMax: number | null
  skills: Array<{ id: string; section: SkillSection; skill: string }>
}

/** GET /api/students/:id/placement: what the class selection needs to say which levelled classes are open. */
export type PlacementDto = {
  studentId: number
  currentLevel: LevelRefDto | null
  /** Levels a teacher's published recommendation opens to the student (besides the current one). */
  recommendedLevels: LevelRefDto[]
  /** The classes that teach a level, with it; a class not listed is open to every level. */
  classLevels: Array<{ classId: number; level: LevelRefDto }>
}
