import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import type { Class, User } from '#cms/payload-types'
import { academyToday } from '#api/lib/academy-clock'
import { queryRows } from '#api/lib/database'
import { optionalRelationId } from '#api/lib/relations'
import { formatClosureDates, type ClosureRange } from '#shared/closures'
import { notify } from './notify'

/**
 * The notices of a class's life (decisions §27), asked by the Classes and tuition
 * settings hooks whoever writes (the console, /cms, a seed): a closure added, the time, room or
 * teacher changed. Each is told to the families of the class, in the write's transaction.
 */
type Range = ClosureRange & { label?: string | null }
const rangeKey = (range: Range) => `${range.start}..${range.end}`

/** The closures of `after` that `before` did not have, and that are not over yet. */
export function addedClosures(before: readonly Range[] | null | undefined, after: readonly Range[] | null | undefined, today: string): Range[] {
  const known = new Set((before ?? []).map(rangeKey))
  return (after ?? []).filter((range) => range.start && range.end && range.end >= today && !known.has(rangeKey(range)))
}

const closureValues = (className: string, range: Range) => ({ className, dates: formatClosureDates(range), label: range.label?.trim() || 'closed' })

export async function noticeClassClosures(req: PayloadRequest, cls: Class, previous: Class | null): Promise<void> {
  for (const range of addedClosures(previous?.closures as Range[] | undefined, cls.closures as Range[] | undefined, academyToday())) {
    await notify(req, 'closure', `class:${cls.id}:${rangeKey(range)}`, { kind: 'classes', classIds: [cls.id] }, closureValues(cls.name, range))
  }
}

/** An academy closure reaches the families of every class whose term overlaps it (a class without a term runs all year). */
export async function noticeAcademyClosures(
  req: PayloadRequest,
  before: readonly Range[] | null | undefined,
  after: readonly Range[] | null | undefined,
): Promise<void> {
  for (const range of addedClosures(before, after, academyToday())) {
    const classes = await queryRows<{ id: number }>(
      req,
      sql`SELECT id FROM classes
        WHERE (term_start IS NULL OR term_start <= ${range.end})
          AND (term_end IS NULL OR term_end >= ${range.start})`,
    )
    if (classes.length === 0) continue
    const classIds = classes.map((row) => Number(row.id))
    await notify(req, 'closure', `academy:${rangeKey(range)}`, { kind: 'classes', classIds }, closureValues('Every class', range))
  }
}

const schedule = (cls: Class) => [cls.days, cls.time].filter(Boolean).join(', ') || 'as before'
const teacherOf = (cls: Class) => (typeof cls.teacher === 'object' && cls.teacher ? (cls.teacher as User).fullName : null) ?? cls.instructor ?? ''

/** What families notice of a class: when it meets, where, and who teaches it. */
function changesOf(before: Class, after: Class): string[] {
  const changes: string[] = []
  if (schedule(before) !== schedule(after)) changes.push(`time: ${schedule(before)} → ${schedule(after)}`)
  const room = (cls: Class) => [cls.room, cls.location].filter(Boolean).join(', ')
  if (room(before) !== room(after)) changes.push(`room: ${room(before) || 'none'} → ${room(after) || 'none'}`)
  if ((before.instructor ?? '') !== (after.instructor ?? '') || optionalRelationId(before.teacher) !== optionalRelationId(after.teacher)) {
    changes.push(`teacher: ${before.instructor ?? ''} → ${after.instructor ?? ''}`)
  }
  return changes
}

export async function noticeClassChange(req: PayloadRequest, cls: Class, previous: Class): Promise<void> {
  const changes = changesOf(previous, cls)
  if (changes.length === 0) return
  await notify(
    req,
    'class-changed',
    `${cls.id}:${cls.updatedAt}`,
    { kind: 'classes', classIds: [cls.id] },
    {
      className: cls.name,
      changes: changes.join('; '),
      schedule: schedule(cls),
      room: [cls.room, cls.location].filter(Boolean).join(', ') || 'the usual room',
      teacher: teacherOf(cls),
    },
  )
}
