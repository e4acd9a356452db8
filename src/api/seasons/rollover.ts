import { ValidationError, type PayloadRequest } from 'payload'

import type { Class, Season } from '#cms/payload-types'
import { AppError, conflict, isUniqueViolation } from '#api/errors'
import { inTransaction } from '#api/lib/database'
import { optionalRelationId } from '#api/lib/relations'
import { addDays, daysBetween } from '#shared/dates'
import { findSeason, seasonClasses, toSeasonDto } from './season-reads'
import { alreadyRolledOverMessage, SEASON_MESSAGES, type RolloverDto, type RolloverInput } from './schemas'

const clamp = (day: string, first: string, last: string) => (day < first ? first : day > last ? last : day)

/**
 * A class's term in the new season (decisions "the next season"): a class that ran for the
 * whole season (no term) runs for the whole new one; a class with a term keeps its place in the
 * season, moved by the days between the two first days and kept within the new season.
 */
export function shiftedTerm(cls: Pick<Class, 'termStart' | 'termEnd'>, from: Pick<Season, 'firstDay'>, to: Pick<Season, 'firstDay' | 'lastDay'>) {
  const shift = daysBetween(from.firstDay, to.firstDay)
  const move = (day: string | null | undefined, fallback: string) => (day ? clamp(addDays(day, shift), to.firstDay, to.lastDay) : fallback)
  return { termStart: move(cls.termStart, to.firstDay), termEnd: move(cls.termEnd, to.lastDay) }
}

/** What a class copies into the next season: everything but its place in time, its closures and its families. */
export function copiedClass(cls: Class, from: Season, to: Season) {
  return {
    name: cls.name,
    description: cls.description,
    ageGroup: cls.ageGroup,
    level: cls.level,
    syllabusLevel: optionalRelationId(cls.syllabusLevel),
    season: to.id,
    weekdays: cls.weekdays ?? [],
    startTime: cls.startTime ?? null,
    endTime: cls.endTime ?? null,
    days: cls.days,
    time: cls.time,
    room: cls.room ?? null,
    location: cls.location,
    instructor: cls.instructor,
    teacher: optionalRelationId(cls.teacher),
    price: cls.price,
    capacity: cls.capacity ?? null,
    ...shiftedTerm(cls, from, to),
  }
}

/**
 * POST /api/admin/seasons/:id/rollover (admin): creates the next season and copies every class of
 * this one into it, in one transaction. Enrollments, waitlists and makeups stay behind: families
 * re-enroll. Once per season: a second rollover is refused with 409 naming the copy (the unique
 * `rolledFrom` decides between two at once), as is a season name already used.
 */
export async function rolloverSeason(req: PayloadRequest, id: number, input: RolloverInput): Promise<RolloverDto> {
  const from = await findSeason(req, id)
  const refuseTwice = async () => {
    const { docs } = await req.payload.find({
      collection: 'seasons',
      where: { rolledFrom: { equals: from.id } },
      depth: 0,
      limit: 1,
      req,
      overrideAccess: true,
    })
    if (docs[0]) throw conflict(alreadyRolledOverMessage(from.name, (docs[0] as Season).name))
  }
  await refuseTwice()
  if (input.firstDay <= from.lastDay) throw conflict(SEASON_MESSAGES.rolloverOrder)
  const nameTaken = async () =>
    (await req.payload.count({ collection: 'seasons', where: { name: { equals: input.name } }, req, overrideAccess: true })).totalDocs > 0
  if (await nameTaken()) throw conflict(SEASON_MESSAGES.nameTaken)
  try {
    return await inTransaction(req, async () => {
      const to = (await req.payload.create({ collection: 'seasons', data: { ...input, rolledFrom: from.id }, depth: 0, req, overrideAccess: true })) as Season
      const classes = await seasonClasses(req, from.id, 0, 'id')
      for (const cls of classes) await req.payload.create({ collection: 'classes', data: copiedClass(cls, from, to), depth: 0, req, overrideAccess: true })
      return {
        season: toSeasonDto(to),
        classesCopied: classes.length,
        message: `${to.name} created with ${classes.length} ${classes.length === 1 ? 'class' : 'classes'} copied from ${from.name}. Edit them in /cms.`,
      }
    })
  } catch (error) {
    if (error instanceof AppError) throw error
    // Two rollovers at once: the loser's insert meets the winner's row in the unique index, which
    // Payload reports as its own "Value must be unique" (a ValidationError), not as PostgreSQL's
    // error. Rolled back by now: say which of the two it was, the season or the name.
    if (isUniqueViolation(error) || error instanceof ValidationError) {
      await refuseTwice()
      if (isUniqueViolation(error) || (await nameTaken())) throw conflict(SEASON_MESSAGES.nameTaken)
    }
    throw error
  }
}
