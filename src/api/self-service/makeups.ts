import type { PayloadRequest } from 'payload'

import type { Class, Enrollment, Makeup, Student, User } from '#cms/payload-types'
import { AppError, badInput, conflict, isUniqueViolation, notFound } from '#api/errors'
import {
  fullOnMessage,
  otherAgeGroupMessage,
  outsideWindowMessage,
  SELF_SERVICE_MESSAGES,
  type MakeupAnswerDto,
  type MakeupInput,
  type MakeupOptionDto,
} from './schemas'
import { isActiveOn, isWithinMakeupWindow, MAKEUP_OPTIONS_LIMIT, makeupWindow, meetingDays } from '#shared/self-service'
import { classMeetsOn } from '#shared/schedule'
import { orderByStyle } from '#shared/dance-style'
import { academyToday } from '#api/lib/academy-clock'
import { classCalendar, findClass, placeKey, placesTakenOn } from '#api/classes'
import { addDays } from '#shared/dates'
import { relationId } from '#api/lib/relations'
import { notifyFamily } from './self-service-mail'
import { findOwnStudent } from '#api/students'
import { classLevelId, placedLevelIds } from '#api/levels'
import { lockClass, refuseAdmission } from '#api/admission'
import { levelFits } from '#shared/eligibility'
import { readStudioSettings } from '#api/studio'
import { inTransaction } from '#api/lib/database'
import { findOwnAbsence, makeupOf, toMakeupDto } from './absences'
import { findStudentEnrollment } from './drops'
import { academyClosures, day, notMeetingOn } from './rules'

/** Makeups: an absence may be made up in another class of the same level with a free place, within the window of the studio settings. */

/**
 * Places taken in each class on each day: the enrollments that take a place that day (the one
 * definition, #api/classes `placesTakenOn`) plus that day's makeups.
 */
async function placesTaken(req: PayloadRequest, classIds: number[], first: string, last: string): Promise<(classId: number, date: string) => number> {
  if (classIds.length === 0) return () => 0
  const days: string[] = []
  for (let date = first; date <= last; date = addDays(date, 1)) days.push(date)
  const [enrolled, makeups] = await Promise.all([
    placesTakenOn(req, days, classIds),
    req.payload.find({
      collection: 'makeups',
      where: { and: [{ class: { in: classIds } }, { date: { greater_than_equal: first } }, { date: { less_than_equal: last } }] },
      depth: 0,
      limit: 0,
      pagination: false,
      req,
      overrideAccess: true,
    }),
  ])
  const makeupCount = new Map<string, number>()
  for (const m of makeups.docs as Makeup[]) {
    const key = placeKey(relationId(m.class), m.date)
    makeupCount.set(key, (makeupCount.get(key) ?? 0) + 1)
  }
  return (classId, date) => (enrolled.get(placeKey(classId, date)) ?? 0) + (makeupCount.get(placeKey(classId, date)) ?? 0)
}

/** Whether the student already has a place in the class that day (enrolled, or a makeup). */
async function hasPlaceOn(req: PayloadRequest, studentId: number, classId: number, date: string): Promise<boolean> {
  const enrollment = await findStudentEnrollment(req, studentId, classId)
  if (enrollment && isActiveOn(enrollment, date)) return true
  const result = await req.payload.count({
    collection: 'makeups',
    where: { and: [{ student: { equals: studentId } }, { class: { equals: classId } }, { date: { equals: date } }] },
    req,
    overrideAccess: true,
  })
  return result.totalDocs > 0
}

/**
 * GET /api/absences/{id}/makeup-options: every class of the missed class's age group and day in
 * the makeup window on which it meets and has a free place: the classes of the missed class's
 * style first, then the others, each soonest first.
 */
export async function makeupOptions(req: PayloadRequest, user: User, absenceId: number): Promise<MakeupOptionDto[]> {
  const { mark, student, missed } = await findOwnAbsence(req, user, absenceId)
  if (mark.status !== 'absent') return []
  const today = academyToday()
  const { makeupWindowDays } = await readStudioSettings(req.payload, req)
  const { first, last } = makeupWindow(mark.date, today, makeupWindowDays)
  const closed = await academyClosures(req)
  if (first > last) return []
  const sameGroup = (
    await req.payload.find({
      collection: 'classes',
      where: { and: [{ ageGroup: { equals: missed.ageGroup } }, { id: { not_equals: missed.id } }] },
      depth: 0,
      limit: 0,
      pagination: false,
      req,
      overrideAccess: true,
    })
  ).docs as Class[]
  const taken = await placesTaken(
    req,
    sameGroup.map((c) => c.id),
    first,
    last,
  )
  const [own, ownMakeups] = await Promise.all([
    req.payload.find({
      collection: 'enrollments',
      where: { student: { equals: student.id } },
      depth: 0,
      limit: 0,
      pagination: false,
      req,
      overrideAccess: true,
    }),
    req.payload.find({ collection: 'makeups', where: { student: { equals: student.id } }, depth: 0, limit: 0, pagination: false, req, overrideAccess: true }),
  ])
  const attends = (classId: number, date: string) =>
    (own.docs as Enrollment[]).some((e) => relationId(e.class) === classId && isActiveOn(e, date)) ||
    (ownMakeups.docs as Makeup[]).some((m) => relationId(m.class) === classId && m.date === date)
  const options: Omit<MakeupOptionDto, 'sameStyle'>[] = []
  // A class of another level is no makeup for this dancer (issue 27).
  const placed = await placedLevelIds(req, student)
  for (const cls of sameGroup.filter((c) => levelFits(classLevelId(c), placed))) {
    for (const date of meetingDays(classCalendar(cls), first, last, closed)) {
      if (attends(cls.id, date)) continue
      const free = cls.capacity == null ? null : cls.capacity - taken(cls.id, date)
      if (free !== null && free <= 0) continue
      options.push({ classId: cls.id, className: cls.name, date, days: cls.days, time: cls.time, location: cls.location, level: cls.level, freePlaces: free })
    }
  }
  // The missed class's own style first (decisions §18), then the others; each by day and start time.
  return orderByStyle(missed.name, options).slice(0, MAKEUP_OPTIONS_LIMIT)
}

/**
 * POST /api/makeups: a place in another class of the missed class's age group, on a day it
 * meets within the makeup window. The place is counted under a row lock on the class (active
 * enrollments that day plus that day's makeups against its capacity), so two families can
 * never take the last place twice. One makeup per absence (a unique index decides races).
 */
export async function bookMakeup(req: PayloadRequest, user: User, input: MakeupInput): Promise<MakeupAnswerDto> {
  const { mark, student, missed } = await findOwnAbsence(req, user, input.absenceId)
  if (mark.status !== 'absent') throw conflict(SELF_SERVICE_MESSAGES.notAnAbsence)
  const target = await findClass(req, input.classId)
  if (target.id === missed.id) throw badInput(SELF_SERVICE_MESSAGES.sameClass)
  if (target.ageGroup !== missed.ageGroup) throw badInput(otherAgeGroupMessage(target.name, target.ageGroup, missed.ageGroup))
  const today = academyToday()
  // The target's level, its season's registration days and the required documents, as #shared/admission
  // asks them of a makeup; the age group is the missed class's, checked above.
  await refuseAdmission(req, 'makeup', user, student, target, today)
  if (input.date < today) throw badInput(SELF_SERVICE_MESSAGES.dayInPast)
  const { makeupWindowDays } = await readStudioSettings(req.payload, req)
  if (!isWithinMakeupWindow(mark.date, input.date, today, makeupWindowDays)) {
    const { first, last } = makeupWindow(mark.date, today, makeupWindowDays)
    throw badInput(outsideWindowMessage(first, last))
  }
  if (!classMeetsOn(classCalendar(target), input.date, await academyClosures(req))) throw badInput(notMeetingOn(target, input.date))
  if (await makeupOf(req, student.id, missed.id, mark.date)) throw conflict(SELF_SERVICE_MESSAGES.alreadyBooked)
  if (await hasPlaceOn(req, student.id, target.id, input.date)) throw conflict(SELF_SERVICE_MESSAGES.alreadyInClass)

  let created: Makeup
  try {
    created = await inTransaction(req, async () => {
      // Held until commit: bookings and enrollments of this class queue here, then count again.
      const locked = await lockClass(req, target.id)
      if (!locked) throw notFound(SELF_SERVICE_MESSAGES.classNotFound)
      if (locked.capacity != null) {
        const taken = (await placesTaken(req, [target.id], input.date, input.date))(target.id, input.date)
        if (taken >= locked.capacity) throw conflict(fullOnMessage(target.name, input.date))
      }
      return (await req.payload.create({
        collection: 'makeups',
        data: { student: student.id, class: target.id, date: input.date, missedClass: missed.id, missedDate: mark.date, bookedBy: user.id },
        depth: 0,
        req,
        overrideAccess: true,
      })) as Makeup
    })
  } catch (error) {
    if (error instanceof AppError) throw error
    if (isUniqueViolation(error) || (await makeupOf(req, student.id, missed.id, mark.date))) throw conflict(SELF_SERVICE_MESSAGES.alreadyBooked)
    throw error
  }
  notifyFamily(req, relationId(student.user), {
    kind: 'makeup',
    student: student.fullName,
    className: target.name,
    date: input.date,
    time: target.time,
    location: target.location,
    missedClass: missed.name,
    missedDate: mark.date,
  })
  return {
    message: `${student.fullName} is booked into ${target.name} on ${day(input.date)} (${target.time}) to make up ${missed.name}.`,
    makeup: toMakeupDto(created, target, today),
  }
}

/** DELETE /api/makeups/{id}: the family gives the place back, up to the day itself. */
export async function cancelMakeup(req: PayloadRequest, user: User, id: number): Promise<{ message: string }> {
  const makeup = (await req.payload.findByID({ collection: 'makeups', id, depth: 0, req, disableErrors: true, overrideAccess: true })) as Makeup | null
  if (!makeup) throw notFound(SELF_SERVICE_MESSAGES.makeupNotFound)
  let student: Student
  try {
    student = await findOwnStudent(req, user, relationId(makeup.student))
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFound(SELF_SERVICE_MESSAGES.makeupNotFound)
    throw error
  }
  if (makeup.date < academyToday()) throw conflict(SELF_SERVICE_MESSAGES.makeupPast)
  const cls = await findClass(req, relationId(makeup.class))
  await req.payload.delete({ collection: 'makeups', id, depth: 0, req, overrideAccess: true })
  notifyFamily(req, relationId(student.user), { kind: 'makeup-cancelled', student: student.fullName, className: cls.name, date: makeup.date })
  return { message: `The makeup of ${student.fullName} in ${cls.name} on ${day(makeup.date)} is cancelled; the place is free again.` }
}
