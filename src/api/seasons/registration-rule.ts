import type { PayloadRequest } from 'payload'

import type { Class, Season, Student } from '#cms/payload-types'
import { conflict } from '#api/errors'
import { optionalRelationId } from '#api/lib/relations'
import { enrolledAtEnd, previousSeason, registrationPhase } from './season-reads'
import { priorityOnlyMessage, registrationNotOpenMessage } from './schemas'

/**
 * A returning dancer of a season (decisions "the next season"): enrolled, at the previous
 * season's end, in one of its classes (an enrollment not ended before the last day; during the
 * previous season that is every enrollment still running), as the previous season stood when
 * priority registration opened: an enrollment that began on or after that day does not make a
 * dancer returning, so joining a running class of this season first buys no priority. (A family's
 * enrollment begins on the academy's day it is made; only the office dates one otherwise.)
 * Without a previous season nobody is.
 */
export async function isReturning(req: PayloadRequest, studentId: number, season: Season): Promise<boolean> {
  const previous = await previousSeason(req, season)
  if (!previous) return false
  for (const students of (await enrolledAtEnd(req, previous, season.priorityOpens)).values()) if (students.includes(studentId)) return true
  return false
}

/**
 * Who may enroll in a season's class on `today`, the academy's day (issue 27, the next season):
 * nobody before priority registration opens, only returning dancers until registration opens to
 * everyone, then everyone. A class of no season is always open. One of admission's checks
 * (src/api/admission; the office's exemption is #shared/admission's). Refused with 409 and the
 * day it opens.
 */
export async function refuseOutsideRegistration(req: PayloadRequest, student: Pick<Student, 'id'>, cls: Pick<Class, 'season'>, today: string): Promise<void> {
  const seasonId = optionalRelationId(cls.season)
  if (seasonId === null) return
  const season = (await req.payload.findByID({
    collection: 'seasons',
    id: seasonId,
    depth: 0,
    req,
    disableErrors: true,
    overrideAccess: true,
  })) as Season | null
  if (!season) return
  const phase = registrationPhase(season, today)
  if (phase === 'open') return
  if (phase === 'notOpen') throw conflict(registrationNotOpenMessage(season.name, season.priorityOpens, season.openOpens))
  if (!(await isReturning(req, student.id, season))) throw conflict(priorityOnlyMessage(season.name, season.openOpens))
}
