import type { Payload, PayloadRequest } from 'payload'

import type { Class, Season, User } from '#cms/payload-types'
import { badInput, notFound } from '#api/errors'
import {
  CLASS_NOT_FOUND,
  CLASS_SCHEDULE_MESSAGES,
  type ClassCreate,
  type ClassDto,
  type ClassSeasonDto,
  type ClassUpdate,
  type TeacherOptionDto,
} from './schemas'
import { isTeacherUser } from '#shared/roles'
import { weekdayIndexes, weekdayNames, type ClassCalendar } from '#shared/schedule'
import { createMemoCache } from '#server/memo-cache.server'
import { academyDayEndsAt, academyNow, academyNowMs, academyToday } from '#api/lib/academy-clock'
import { inTransaction } from '#api/lib/database'
import { nextOfferExpiry, placesByClass } from './places'
import type { ClosureDto } from '#api/lib/closures.schemas'
import { sortClosures } from '#shared/closures'
import { optionalRelationId } from '#api/lib/relations'

/** The class's own closures as the API gives them: ranges in calendar order. */
function closuresOf(doc: Class): ClosureDto[] {
  return sortClosures((doc.closures ?? []).map((closure) => ({ start: closure.start, end: closure.end, label: closure.label ?? null })))
}

/**
 * What decides the days a class meets (decisions §14): its weekdays, term and own closures (as
 * ranges; `closureDays` of #shared/closures gives the days they close).
 */
export function classCalendar(doc: Class): ClassCalendar & { closures: ClosureDto[] } {
  return {
    days: doc.days,
    weekdays: doc.weekdays ?? [],
    termStart: doc.termStart ?? null,
    termEnd: doc.termEnd ?? null,
    closures: closuresOf(doc),
  }
}

/** Every season by id, as a class's DTO names it; seasons are few. */
async function seasonsById(payload: Payload, req?: PayloadRequest): Promise<Map<number, ClassSeasonDto>> {
  const { docs } = await payload.find({ collection: 'seasons', depth: 0, limit: 0, pagination: false, req, overrideAccess: true })
  return new Map(
    (docs as Season[]).map((season) => [
      season.id,
      {
        id: season.id,
        name: season.name,
        firstDay: season.firstDay,
        lastDay: season.lastDay,
        priorityOpens: season.priorityOpens,
        openOpens: season.openOpens,
      },
    ]),
  )
}

export function toClassDto(doc: Class, enrolledCount?: number, seasons?: ReadonlyMap<number, ClassSeasonDto>): ClassDto {
  const dto: ClassDto = {
    id: doc.id,
    name: doc.name,
    description: doc.description,
    ageGroup: doc.ageGroup,
    level: doc.level,
    days: doc.days,
    time: doc.time,
    location: doc.location,
    instructor: doc.instructor,
    price: doc.price,
    capacity: doc.capacity ?? null,
    weekdays: weekdayNames(weekdayIndexes(doc.weekdays ?? [])),
    startTime: doc.startTime ?? null,
    endTime: doc.endTime ?? null,
    room: doc.room ?? null,
    termStart: doc.termStart ?? null,
    termEnd: doc.termEnd ?? null,
    closures: classCalendar(doc).closures,
  }
  if (enrolledCount !== undefined) dto.enrolledCount = enrolledCount
  const season = seasons?.get(optionalRelationId(doc.season) ?? 0)
  if (season) dto.season = season
  return dto
}

type Catalogue = {
  all: ClassDto[]
  byId: Map<number, ClassDto>
  json: string
  byAgeGroup: Map<string, string>
  /** The academy instant the places were counted at, and the first one at which they would count otherwise (ms). */
  countedAt: number
  holdsUntil: number
}

/**
 * The class list with its enrollment counts; GET /api/classes is served from it. Its places are
 * the academy's today's: it lapses at the academy's next midnight (a drop's last day is over) or
 * when the first open waitlist offer expires, whichever comes first, with no write at all; and
 * every answer kept from it (the replay of GET /api/classes, visitors' pages) with it.
 */
export const catalogueCache = createMemoCache<Catalogue>('classes', {
  validity: (catalogue) => ({ from: catalogue.countedAt, until: catalogue.holdsUntil }),
  now: academyNowMs,
})

/**
 * Classes change rarely and are read on every public page: served from memory. The entry also
 * carries each class's enrollment count, so the class and enrollment hooks both invalidate it.
 */
export function invalidateClasses(): void {
  catalogueCache.invalidate()
}

async function loadCatalogue(payload: Payload): Promise<Catalogue> {
  const now = academyNow()
  const [result, counts, offerExpiry, seasons] = await Promise.all([
    payload.find({ collection: 'classes', limit: 0, pagination: false, sort: 'name', depth: 0 }),
    placesByClass(payload, { day: academyToday(now), now }),
    nextOfferExpiry(payload, now),
    seasonsById(payload),
  ])
  const holdsUntil = Math.min(academyDayEndsAt(now).getTime(), offerExpiry?.getTime() ?? Infinity)
  const all = (result.docs as Class[]).map((doc) => {
    const places = counts.get(doc.id)
    const dto = toClassDto(doc, places?.enrolled ?? 0, seasons)
    dto.heldCount = places?.held ?? 0
    return dto
  })
  return { all, byId: new Map(all.map((c) => [c.id, c])), json: JSON.stringify(all), byAgeGroup: new Map(), countedAt: now.getTime(), holdsUntil }
}

export async function listClasses(payload: Payload): Promise<ClassDto[]> {
  return (await catalogueCache.get(() => loadCatalogue(payload))).all
}

/** The cached classes by id (with their enrollment counts), for embedding in enrollments. */
export async function classesById(payload: Payload): Promise<Map<number, ClassDto>> {
  return (await catalogueCache.get(() => loadCatalogue(payload))).byId
}

/** The serialised class list, optionally filtered by an exact age group, ready to send. */
export async function listClassesJson(payload: Payload, ageGroup?: string): Promise<string> {
  const catalogue = await catalogueCache.get(() => loadCatalogue(payload))
  if (!ageGroup) return catalogue.json
  let json = catalogue.byAgeGroup.get(ageGroup)
  if (json === undefined) {
    json = JSON.stringify(catalogue.all.filter((c) => c.ageGroup === ageGroup))
    if (catalogue.byAgeGroup.size < 100) catalogue.byAgeGroup.set(ageGroup, json)
  }
  return json
}

/** A class by id, whoever asks (the callers check who may see it); 404 when there is none. */
export async function findClass(req: PayloadRequest, id: number): Promise<Class> {
  const doc = await req.payload.findByID({ collection: 'classes', id, depth: 0, req, disableErrors: true, overrideAccess: true })
  if (!doc) throw notFound(CLASS_NOT_FOUND)
  return doc as Class
}

/** The class with its places taken today, counted as the catalogue counts them (./places). */
async function withCount(req: PayloadRequest, doc: Class): Promise<ClassDto> {
  const [places, seasons] = await Promise.all([
    placesByClass(req, { day: academyToday(), now: academyNow(), classIds: [doc.id] }),
    seasonsById(req.payload, req),
  ])
  return toClassDto(doc, places.get(doc.id)?.enrolled ?? 0, seasons)
}

type ClassData = Partial<Omit<Class, 'id' | 'createdAt' | 'updatedAt'>>

/**
 * The API's class fields as the collection stores them: closures as rows, the teacher as a
 * relation. The collection's hook writes the display texts and checks the whole (decisions §14).
 */
async function toClassData(req: PayloadRequest, input: ClassUpdate): Promise<ClassData> {
  const { closures, teacherId, ...rest } = input
  const data = { ...rest } as ClassData
  if (closures !== undefined) data.closures = closures.map(({ start, end, label }) => ({ start, end, label }))
  if (teacherId !== undefined) {
    if (teacherId !== null) {
      const teacher = (await req.payload.findByID({
        collection: 'users',
        id: teacherId,
        depth: 0,
        req,
        overrideAccess: true,
        disableErrors: true,
      })) as User | null
      if (!teacher || !isTeacherUser(teacher))
        throw badInput(CLASS_SCHEDULE_MESSAGES.teacher, [{ path: 'teacherId', message: CLASS_SCHEDULE_MESSAGES.teacher }])
    }
    data.teacher = teacherId
  }
  return data
}

export async function createClass(req: PayloadRequest, user: User, input: ClassCreate): Promise<ClassDto> {
  const data = await toClassData(req, input)
  const doc = await req.payload.create({ collection: 'classes', data: data as Class, depth: 0, req, user, overrideAccess: false })
  return toClassDto(doc as Class, 0, await seasonsById(req.payload, req))
}

export async function updateClass(req: PayloadRequest, user: User, id: number, input: ClassUpdate): Promise<ClassDto> {
  await findClass(req, id)
  const data = await toClassData(req, input)
  const doc = await req.payload.update({ collection: 'classes', id, data, depth: 0, req, user, overrideAccess: false })
  return withCount(req, doc as Class)
}

/** The teacher accounts an administrator may give a class, with the classes each one has (decisions §14). */
export async function listTeacherOptions(req: PayloadRequest): Promise<TeacherOptionDto[]> {
  const all = { req, overrideAccess: true, depth: 0, limit: 0, pagination: false } as const
  const [teachers, classes] = await Promise.all([
    req.payload.find({ collection: 'users', ...all, where: { isTeacher: { equals: true } }, sort: 'fullName' }).then((r) => r.docs as User[]),
    req.payload.find({ collection: 'classes', ...all, where: { teacher: { exists: true } }, select: { teacher: true } }).then((r) => r.docs as Class[]),
  ])
  return teachers.map((teacher) => ({
    id: teacher.id,
    fullName: teacher.fullName,
    username: teacher.username,
    classIds: classes
      .filter((cls) => cls.teacher != null && (typeof cls.teacher === 'object' ? cls.teacher.id : cls.teacher) === teacher.id)
      .map((cls) => cls.id),
  }))
}

/** Deletes the class and every enrollment in it, all or nothing (decisions §2). */
export async function deleteClass(req: PayloadRequest, user: User, id: number): Promise<{ name: string; removedEnrollments: number }> {
  const result = await inTransaction(req, async () => {
    const doc = await findClass(req, id)
    const removed = await req.payload.delete({ collection: 'enrollments', where: { class: { equals: id } }, depth: 0, req, user, overrideAccess: false })
    const failure = removed.errors[0]
    if (failure) throw new Error(`Could not remove enrollment ${failure.id}: ${failure.message}`)
    await req.payload.delete({ collection: 'classes', id, depth: 0, req, user, overrideAccess: false })
    return { name: doc.name, removedEnrollments: removed.docs.length }
  })
  return result
}
