import type { PayloadRequest } from 'payload'

import type { Class, Season } from '#cms/payload-types'
import { notFound } from '#api/errors'
import { optionalRelationId } from '#api/lib/relations'
import { SEASON_MESSAGES, type RegistrationPhase, type SeasonDto } from './schemas'

export function toSeasonDto(season: Season): SeasonDto {
  return {
    id: season.id,
    name: season.name,
    firstDay: season.firstDay,
    lastDay: season.lastDay,
    priorityOpens: season.priorityOpens,
    openOpens: season.openOpens,
    rolledFromId: optionalRelationId(season.rolledFrom),
  }
}

export async function findSeason(req: PayloadRequest, id: number): Promise<Season> {
  const season = (await req.payload.findByID({ collection: 'seasons', id, depth: 0, req, disableErrors: true, overrideAccess: true })) as Season | null
  if (!season) throw notFound(SEASON_MESSAGES.notFound)
  return season
}

/** Every season, the latest first. */
export async function allSeasons(req: PayloadRequest): Promise<Season[]> {
  const { docs } = await req.payload.find({ collection: 'seasons', sort: '-firstDay', depth: 0, limit: 0, pagination: false, req, overrideAccess: true })
  return docs as Season[]
}

/** The season before this one: the one it was rolled over from, else the latest that ended before it began. */
export async function previousSeason(req: PayloadRequest, season: Season): Promise<Season | null> {
  const from = optionalRelationId(season.rolledFrom)
  if (from !== null) {
    const found = (await req.payload.findByID({ collection: 'seasons', id: from, depth: 0, req, disableErrors: true, overrideAccess: true })) as Season | null
    if (found) return found
  }
  return (await allSeasons(req)).find((s) => s.lastDay < season.firstDay) ?? null
}

/** The season after this one: the one rolled over from it, else the earliest that begins after it ended. */
export async function nextSeason(req: PayloadRequest, season: Season): Promise<Season | null> {
  const seasons = await allSeasons(req)
  return seasons.find((s) => optionalRelationId(s.rolledFrom) === season.id) ?? [...seasons].reverse().find((s) => s.firstDay > season.lastDay) ?? null
}

/** Where the season's registration stands on `today`. */
export function registrationPhase(season: Pick<Season, 'priorityOpens' | 'openOpens'>, today: string): RegistrationPhase {
  if (today < season.priorityOpens) return 'notOpen'
  return today < season.openOpens ? 'priority' : 'open'
}

/** A season's classes (their level and teacher read in with depth 1), by name unless told. */
export async function seasonClasses(req: PayloadRequest, seasonId: number, depth: 0 | 1 = 1, sort = 'name'): Promise<Class[]> {
  const { docs } = await req.payload.find({
    collection: 'classes',
    where: { season: { equals: seasonId } },
    sort,
    depth,
    limit: 0,
    pagination: false,
    req,
    overrideAccess: true,
  })
  return docs as Class[]
}

/** The ids of a season's classes. */
export async function seasonClassIds(req: PayloadRequest, seasonId: number): Promise<number[]> {
  const { docs } = await req.payload.find({
    collection: 'classes',
    where: { season: { equals: seasonId } },
    depth: 0,
    limit: 0,
    pagination: false,
    select: {},
    req,
    overrideAccess: true,
  })
  return docs.map((doc) => doc.id as number)
}

/**
 * The students enrolled in the season's classes at its end (decisions "the next season"): an
 * enrollment that began by the last day and had not ended before it (no end, or an end on or
 * after the last day). By class, so the retention figure can count each class. `begunBefore`
 * (a day): only enrollments that began before it, the season as it stood on that day.
 */
export async function enrolledAtEnd(req: PayloadRequest, season: Season, begunBefore?: string): Promise<Map<number, number[]>> {
  const classIds = await seasonClassIds(req, season.id)
  const byClass = new Map<number, number[]>(classIds.map((id) => [id, []]))
  if (classIds.length === 0) return byClass
  const { docs } = await req.payload.find({
    collection: 'enrollments',
    where: {
      and: [
        { class: { in: classIds } },
        { enrollmentDate: { less_than_equal: `${season.lastDay}T23:59:59.999Z` } },
        ...(begunBefore ? [{ enrollmentDate: { less_than: `${begunBefore}T00:00:00.000Z` } }] : []),
        { or: [{ endDate: { exists: false } }, { endDate: { greater_than_equal: `${season.lastDay}T00:00:00.000Z` } }] },
      ],
    },
    depth: 0,
    limit: 0,
    pagination: false,
    req,
    overrideAccess: true,
  })
  for (const doc of docs) byClass.get(doc.class as number)?.push(doc.student as number)
  return byClass
}
