import { z } from 'zod'

import { daySchema } from '#api/lib/dates.schemas'
import { seasonDayText } from '#shared/seasons'

/**
 * Seasons, rollover, priority registration, re-enrollment and retention (issue 27, the next
 * season; decisions "the next season"): the words the portal, the console and the server share.
 */
export const SEASON_MESSAGES = {
  notFound: 'Season not found',
  name: 'Please give the season a name (at most 60 characters)',
  firstDay: 'Please give the first day of the season (YYYY-MM-DD)',
  lastDay: 'Please give the last day of the season (YYYY-MM-DD)',
  priorityOpens: 'Please give the day priority registration opens (YYYY-MM-DD)',
  openOpens: 'Please give the day registration opens to everyone (YYYY-MM-DD)',
  dayOrder: 'The last day of the season must not come before its first day',
  registrationOrder:
    'Priority registration must open before (or on) the day registration opens to everyone, and that day must not come after the last day of the season',
  rolloverOrder: 'The new season must start after the season it is rolled over from ends',
  nameTaken: 'A season with this name already exists',
  noNextSeason: 'There is no later season to compare this season with yet',
} as const

export { seasonDayText }

/** 409 while a season's registration has not opened (issue 27). */
export const registrationNotOpenMessage = (season: string, priorityOpens: string, openOpens: string) =>
  `Registration for ${season} opens on ${seasonDayText(priorityOpens)} for returning dancers and on ${seasonDayText(openOpens)} for everyone.`

/** 409 during priority registration for a student who danced no class of the season before. */
export const priorityOnlyMessage = (season: string, openOpens: string) =>
  `Priority registration for ${season} is open to returning dancers until ${seasonDayText(openOpens)}; registration opens to everyone then.`

/** 409 when a season was already rolled over. */
export const alreadyRolledOverMessage = (from: string, to: string) =>
  `${from} was already rolled over into ${to}: edit that season's classes in /cms instead of rolling over again.`

const name = z.string({ error: SEASON_MESSAGES.name }).trim().min(1, SEASON_MESSAGES.name).max(60, SEASON_MESSAGES.name)

/** The dates of a season, in order (the collection checks the same order for /cms). */
export const seasonDatesSchema = z
  .object({
    name,
    firstDay: daySchema(SEASON_MESSAGES.firstDay),
    lastDay: daySchema(SEASON_MESSAGES.lastDay),
    priorityOpens: daySchema(SEASON_MESSAGES.priorityOpens),
    openOpens: daySchema(SEASON_MESSAGES.openOpens),
  })
  .superRefine((season, ctx) => {
    const problem = seasonOrderProblem(season)
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: problem === SEASON_MESSAGES.dayOrder ? ['lastDay'] : ['openOpens'] })
  })

/** POST /api/admin/seasons/:id/rollover: the new season. */
export const rolloverInputSchema = seasonDatesSchema
export type RolloverInput = z.infer<typeof rolloverInputSchema>

/** The order rule of a season's days, or null when they are in order. */
export function seasonOrderProblem(s: { firstDay: string; lastDay: string; priorityOpens: string; openOpens: string }): string | null {
  if (s.lastDay < s.firstDay) return SEASON_MESSAGES.dayOrder
  if (s.openOpens < s.priorityOpens || s.openOpens > s.lastDay) return SEASON_MESSAGES.registrationOrder
  return null
}

export type SeasonDto = { id: number; name: string; firstDay: string; lastDay: string; priorityOpens: string; openOpens: string; rolledFromId: number | null }

export type RolloverDto = { season: SeasonDto; classesCopied: number; message: string }

/** Where a season's registration stands today. */
export type RegistrationPhase = 'notOpen' | 'priority' | 'open'

export type SuggestedClassDto = {
  id: number
  name: string
  ageGroup: string
  days: string
  time: string
  room: string | null
  instructor: string
  price: number
  level: string | null
  /** Why it is suggested: it teaches the child's level, or fits the child's age. */
  reason: 'level' | 'age'
  enrolled: boolean
}

/** GET /api/seasons/re-enrollment: the coming season and, per child, the placement and the suggested classes. */
export type ReEnrollmentDto = {
  season: SeasonDto | null
  phase: RegistrationPhase | null
  children: Array<{
    studentId: number
    fullName: string
    currentLevel: string | null
    returning: boolean
    /** Whether the child may enroll in the season today (open, or priority and returning). */
    mayEnroll: boolean
    suggested: SuggestedClassDto[]
  }>
}

export type RetentionRow = { enrolledAtEnd: number; reEnrolled: number }

/** GET /api/admin/seasons/:id/retention: of season A's students at its end, who enrolled in season B. */
export type RetentionDto = {
  from: SeasonDto
  to: SeasonDto
  overall: RetentionRow
  byLevel: Array<RetentionRow & { level: string }>
  byClass: Array<RetentionRow & { classId: number; className: string }>
}
