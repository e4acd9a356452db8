import type { PayloadRequest } from 'payload'

import type { Class, Level, Season, Student, User } from '#cms/payload-types'
import { classLevelId, placedLevelIds } from '#api/levels'
import { academyToday } from '#api/lib/academy-clock'
import { familyRows, householdOf } from '#api/lib/ownership'
import { optionalRelationId } from '#api/lib/relations'
import { fitsClassAgeGroup } from '#shared/eligibility'
import { isReturning } from './registration-rule'
import { registrationPhase, seasonClasses, toSeasonDto } from './season-reads'
import type { ReEnrollmentDto, SuggestedClassDto } from './schemas'

/** The coming season: the earliest that has not begun yet. */
async function comingSeason(req: PayloadRequest, today: string): Promise<Season | null> {
  const { docs } = await req.payload.find({
    collection: 'seasons',
    where: { firstDay: { greater_than: today } },
    sort: 'firstDay',
    depth: 0,
    limit: 1,
    req,
    overrideAccess: true,
  })
  return (docs[0] as Season | undefined) ?? null
}

function toSuggestion(cls: Class, reason: SuggestedClassDto['reason'], enrolled: boolean): SuggestedClassDto {
  const level = typeof cls.syllabusLevel === 'object' && cls.syllabusLevel ? (cls.syllabusLevel as Level).name : null
  return {
    id: cls.id,
    name: cls.name,
    ageGroup: cls.ageGroup,
    days: cls.days,
    time: cls.time,
    room: cls.room ?? null,
    instructor: cls.instructor,
    price: cls.price,
    level,
    reason,
    enrolled,
  }
}

/**
 * The classes of the season suggested to a child (decisions "the next season", §32): those teaching
 * a level the child is placed at (or recommended for); when none does, the season's classes of no
 * level. Either way only classes whose age group fits the child as enrolling counts it: on the
 * class's first day, as old as the child will be then.
 */
function suggestedFor(student: Student, placed: number[], classes: Class[], today: string, enrolledIn: Set<number>): SuggestedClassDto[] {
  // Admission's own age rule for this path (#shared/admission, reEnroll: age group and level).
  const fits = classes.filter((cls) => fitsClassAgeGroup(student.dateOfBirth, cls, today))
  const byLevel = fits.filter((cls) => classLevelId(cls) !== null && placed.includes(classLevelId(cls)!))
  if (byLevel.length > 0) return byLevel.map((cls) => toSuggestion(cls, 'level', enrolledIn.has(cls.id)))
  return fits.filter((cls) => classLevelId(cls) === null).map((cls) => toSuggestion(cls, 'age', enrolledIn.has(cls.id)))
}

/**
 * GET /api/seasons/re-enrollment (family): the coming season, where its registration stands, and
 * for each child of the caller's household (only theirs, an administrator's too) the placement,
 * whether the child is a returning dancer, and the suggested classes. Enrolling goes through
 * POST /api/enrollments, with every rule of enrolling.
 */
export async function reEnrollment(req: PayloadRequest, user: User): Promise<ReEnrollmentDto> {
  const today = academyToday()
  const season = await comingSeason(req, today)
  if (!season) return { season: null, phase: null, children: [] }
  const phase = registrationPhase(season, today)
  const { docs } = await req.payload.find({
    collection: 'students',
    where: familyRows(householdOf(user), 'user'),
    sort: 'fullName',
    depth: 1,
    limit: 0,
    pagination: false,
    req,
    user,
    overrideAccess: false,
  })
  const students = docs as Student[]
  const classes = await seasonClasses(req, season.id)
  const enrollments =
    students.length && classes.length
      ? (
          await req.payload.find({
            collection: 'enrollments',
            where: { and: [{ student: { in: students.map((s) => s.id) } }, { class: { in: classes.map((c) => c.id) } }] },
            depth: 0,
            limit: 0,
            pagination: false,
            req,
            overrideAccess: true,
          })
        ).docs
      : []
  const children: ReEnrollmentDto['children'] = []
  for (const student of students) {
    const returning = await isReturning(req, student.id, season)
    const enrolledIn = new Set(enrollments.filter((e) => e.student === student.id).map((e) => e.class as number))
    const placedAt = typeof student.currentLevel === 'object' && student.currentLevel ? (student.currentLevel as Level) : null
    const placed = await placedLevelIds(req, { id: student.id, currentLevel: optionalRelationId(student.currentLevel) })
    children.push({
      studentId: student.id,
      fullName: student.fullName,
      currentLevel: placedAt?.name ?? null,
      returning,
      mayEnroll: phase === 'open' || (phase === 'priority' && returning),
      suggested: suggestedFor(student, placed, classes, today, enrolledIn),
    })
  }
  return { season: toSeasonDto(season), phase, children }
}
