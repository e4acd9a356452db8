import type { PayloadRequest } from 'payload'

import type { Class, Level } from '#cms/payload-types'
import { conflict } from '#api/errors'
import { csvTable } from '#api/lib/csv'
import { enrolledAtEnd, findSeason, nextSeason, seasonClasses, seasonClassIds, toSeasonDto } from './season-reads'
import { SEASON_MESSAGES, type RetentionDto, type RetentionRow } from './schemas'

const NO_LEVEL = 'No level'

function row(students: Iterable<number>, returned: Set<number>): RetentionRow {
  const unique = new Set(students)
  return { enrolledAtEnd: unique.size, reEnrolled: [...unique].filter((id) => returned.has(id)).length }
}

/**
 * GET /api/admin/seasons/:id/retention (admin): of the students enrolled in season A's classes
 * at its end (decisions "the next season"), how many have an enrollment in a class of the season
 * after it. Overall (each student once), by the level their class of A taught, and by class of A.
 */
export async function seasonRetention(req: PayloadRequest, id: number): Promise<RetentionDto> {
  const from = await findSeason(req, id)
  const to = await nextSeason(req, from)
  if (!to) throw conflict(SEASON_MESSAGES.noNextSeason)
  const atEnd = await enrolledAtEnd(req, from)
  const nextClasses = await seasonClassIds(req, to.id)
  const returned = new Set<number>()
  if (nextClasses.length > 0) {
    const { docs } = await req.payload.find({
      collection: 'enrollments',
      where: { class: { in: nextClasses } },
      depth: 0,
      limit: 0,
      pagination: false,
      req,
      overrideAccess: true,
    })
    for (const doc of docs) returned.add(doc.student as number)
  }
  const classes = await seasonClasses(req, from.id)
  const levelOf = (cls: Class) => (typeof cls.syllabusLevel === 'object' && cls.syllabusLevel ? (cls.syllabusLevel as Level).name : NO_LEVEL)
  const byLevel = new Map<string, number[]>()
  for (const cls of classes) byLevel.set(levelOf(cls), [...(byLevel.get(levelOf(cls)) ?? []), ...(atEnd.get(cls.id) ?? [])])
  return {
    from: toSeasonDto(from),
    to: toSeasonDto(to),
    overall: row([...atEnd.values()].flat(), returned),
    byLevel: [...byLevel].map(([level, students]) => ({ level, ...row(students, returned) })).sort((a, b) => a.level.localeCompare(b.level)),
    byClass: classes.map((cls) => ({ classId: cls.id, className: cls.name, ...row(atEnd.get(cls.id) ?? [], returned) })),
  }
}

const percent = (r: RetentionRow) => (r.enrolledAtEnd === 0 ? '' : `${Math.round((100 * r.reEnrolled) / r.enrolledAtEnd)}%`)

/** GET /api/admin/seasons/:id/retention.csv: the same figure, one row per line of it. */
export function retentionCsv(figure: RetentionDto): string {
  const line = (kind: string, name: string, r: RetentionRow) => [kind, name, r.enrolledAtEnd, r.reEnrolled, percent(r)]
  return csvTable(
    ['Group', 'Name', `Enrolled at the end of ${figure.from.name}`, `Re-enrolled for ${figure.to.name}`, 'Retention'],
    [
      line('Overall', figure.from.name, figure.overall),
      ...figure.byLevel.map((r) => line('Level', r.level, r)),
      ...figure.byClass.map((r) => line('Class', r.className, r)),
    ],
  )
}
