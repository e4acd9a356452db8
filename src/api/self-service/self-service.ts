import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import type { Attendance, Class, Enrollment, Makeup, Student } from '#cms/payload-types'
import { isAdminUser, requireUser } from '#api/auth'
import { AppError, badInput, conflict, isUniqueViolation, notFound } from '#api/errors'
import {
  fullOnMessage,
  noticeMessage,
  closedDayMessage,
  notMeetingMessage,
  otherAgeGroupMessage,
  outsideWindowMessage,
  SELF_SERVICE_MESSAGES,
  type AbsenceAnswerDto,
  type AbsenceDto,
  type AbsenceInput,
  type DropDto,
  type DropInput,
  type MakeupAnswerDto,
  type MakeupDto,
  type MakeupInput,
  type MakeupOptionDto,
  type SelfServiceRulesDto,
} from './schemas'
import { addDays, formatCalendarDay, weekdayOf } from '#shared/dates'
import {
  earliestLastDay,
  hasEnded,
  isActiveOn,
  isWithinMakeupWindow,
  lastReportableDay,
  MAKEUP_OPTIONS_LIMIT,
  makeupWindow,
  meetingDays,
} from '#shared/self-service'
import { classMeetsOn, classWeekdays, sortByStartTime } from '#shared/schedule'
import { academyToday } from '#api/lib/academy-clock'
import { classCalendar } from '#api/classes'
import { relationId } from '#api/lib/relations'
import { notifyFamily } from './self-service-mail'
import { findOwnStudent } from '#api/students'
import { readStudioSettings, readTuitionSettings } from '#api/studio'
import { inTransaction, queryInTransaction } from '#api/lib/transaction'

/*
 * A family's own changes (decisions §16): drop a class from a day on, report an absence, book a
 * makeup. A family reaches only its own students (another family's answers 404, as everywhere);
 * an administrator reaches every student and is not held to the drop notice. "Today" is the
 * academy's day (ACADEMY_TIMEZONE).
 */

const day = formatCalendarDay

/** Why a class does not meet on a day: not one of its weekdays, or closed / outside its term. */
function notMeetingOn(cls: Class, day: string): string {
  return classWeekdays(cls).includes(weekdayOf(day)) ? closedDayMessage(cls.name, day) : notMeetingMessage(cls.name, day, cls.days)
}

/** The days the whole academy is closed (the tuition settings' closures). */
async function academyClosures(req: PayloadRequest): Promise<string[]> {
  return (await readTuitionSettings(req.payload, req)).closures.map((closure) => closure.date)
}

async function findClass(req: PayloadRequest, id: number): Promise<Class> {
  const doc = (await req.payload.findByID({ collection: 'classes', id, depth: 0, req, disableErrors: true, overrideAccess: true })) as Class | null
  if (!doc) throw notFound(SELF_SERVICE_MESSAGES.classNotFound)
  return doc
}

/** The enrollment, when its student is the caller's (any for an administrator), else 404. */
async function findOwnEnrollment(req: PayloadRequest, id: number): Promise<{ enrollment: Enrollment; student: Student; cls: Class }> {
  const user = requireUser(req)
  const result = await req.payload.find({
    collection: 'enrollments',
    where: { id: { equals: id } },
    depth: 0,
    limit: 1,
    pagination: false,
    req,
    user,
    overrideAccess: false,
  })
  const enrollment = result.docs[0] as Enrollment | undefined
  if (!enrollment) throw notFound(SELF_SERVICE_MESSAGES.enrollmentNotFound)
  const [student, cls] = await Promise.all([findOwnStudent(req, relationId(enrollment.student)), findClass(req, relationId(enrollment.class))])
  return { enrollment, student, cls }
}

async function findStudentEnrollment(req: PayloadRequest, studentId: number, classId: number): Promise<Enrollment | undefined> {
  const result = await req.payload.find({
    collection: 'enrollments',
    where: { and: [{ student: { equals: studentId } }, { class: { equals: classId } }] },
    depth: 0,
    limit: 1,
    pagination: false,
    req,
    overrideAccess: true,
  })
  return result.docs[0] as Enrollment | undefined
}

/** GET /api/self-service/rules: the academy's today and the studio's notice and makeup window. */
export async function selfServiceRules(req: PayloadRequest): Promise<SelfServiceRulesDto> {
  requireUser(req)
  const [{ dropNoticeDays, makeupWindowDays }, closures] = await Promise.all([readStudioSettings(req.payload, req), academyClosures(req)])
  return { today: academyToday(), dropNoticeDays, makeupWindowDays, academyClosures: closures }
}

// ── Drop from a day on ──────────────────────────────────────────────────────────────────────

/**
 * POST /api/enrollments/{id}/drop: the student's last day in the class (they attend it; the
 * place is free from the next day, and tuition is prorated through it). A family gives the
 * studio's notice; a drop not yet in effect may be moved or undone.
 */
export async function dropEnrollment(req: PayloadRequest, id: number, input: DropInput): Promise<DropDto> {
  const user = requireUser(req)
  const { enrollment, student, cls } = await findOwnEnrollment(req, id)
  const today = academyToday()
  if (hasEnded(enrollment, today)) throw conflict(SELF_SERVICE_MESSAGES.alreadyEnded)
  if (input.lastDay < enrollment.enrollmentDate.slice(0, 10)) throw badInput(SELF_SERVICE_MESSAGES.lastDayBeforeStart)
  if (!isAdminUser(user)) {
    const { dropNoticeDays } = await readStudioSettings(req.payload, req)
    const earliest = earliestLastDay(today, dropNoticeDays)
    if (input.lastDay < earliest) throw badInput(noticeMessage(earliest, dropNoticeDays))
  }
  await req.payload.update({ collection: 'enrollments', id, data: { endDate: input.lastDay }, depth: 0, req, overrideAccess: true })
  notifyFamily(req, relationId(student.user), { kind: 'drop', student: student.fullName, className: cls.name, lastDay: input.lastDay })
  return {
    message: `${student.fullName}'s last day in ${cls.name} is ${day(input.lastDay)}. Tuition is prorated to that day.`,
    enrollmentId: id,
    endDate: input.lastDay,
  }
}

/** DELETE /api/enrollments/{id}/drop: a drop not yet in effect is undone; the student stays. */
export async function undoDrop(req: PayloadRequest, id: number): Promise<DropDto> {
  const { enrollment, student, cls } = await findOwnEnrollment(req, id)
  if (!enrollment.endDate) throw conflict(SELF_SERVICE_MESSAGES.noDropScheduled)
  if (hasEnded(enrollment, academyToday())) throw conflict(SELF_SERVICE_MESSAGES.alreadyEnded)
  await req.payload.update({ collection: 'enrollments', id, data: { endDate: null }, depth: 0, req, overrideAccess: true })
  notifyFamily(req, relationId(student.user), { kind: 'drop-undone', student: student.fullName, className: cls.name })
  return { message: `${student.fullName} stays in ${cls.name}; the drop is undone.`, enrollmentId: id, endDate: null }
}

// ── Absences ────────────────────────────────────────────────────────────────────────────────

function toMakeupDto(doc: Makeup, cls: Pick<Class, 'name' | 'time' | 'location'> | undefined, today: string): MakeupDto {
  return {
    id: doc.id,
    classId: relationId(doc.class),
    className: cls?.name ?? '',
    date: doc.date,
    time: cls?.time ?? '',
    location: cls?.location ?? '',
    cancellable: doc.date >= today,
  }
}

async function makeupOf(req: PayloadRequest, studentId: number, missedClassId: number, missedDate: string): Promise<Makeup | undefined> {
  const result = await req.payload.find({
    collection: 'makeups',
    where: { and: [{ student: { equals: studentId } }, { missedClass: { equals: missedClassId } }, { missedDate: { equals: missedDate } }] },
    depth: 0,
    limit: 1,
    pagination: false,
    req,
    overrideAccess: true,
  })
  return result.docs[0] as Makeup | undefined
}

function toAbsenceDto(mark: Attendance, missed: Class, makeup: MakeupDto | null, today: string, windowDays: number): AbsenceDto {
  const window = makeupWindow(mark.date, today, windowDays)
  return {
    id: mark.id,
    studentId: relationId(mark.student),
    classId: missed.id,
    className: missed.name,
    date: mark.date,
    reportedBy: mark.reportedBy,
    cancellable: mark.reportedBy === 'family' && mark.date >= today && makeup === null,
    canBookMakeup: makeup === null && window.first <= window.last,
    makeupWindow: window,
    makeup,
  }
}

async function findMark(req: PayloadRequest, classId: number, studentId: number, date: string): Promise<Attendance | undefined> {
  const result = await req.payload.find({
    collection: 'attendance',
    where: { and: [{ class: { equals: classId } }, { student: { equals: studentId } }, { date: { equals: date } }] },
    depth: 0,
    limit: 1,
    pagination: false,
    req,
    overrideAccess: true,
  })
  return result.docs[0] as Attendance | undefined
}

/**
 * POST /api/absences: the family says ahead (or on the day) that the student will miss a class.
 * It is an attendance mark `absent` reported by the family, which the roster shows and the
 * teacher's own mark replaces. Reporting the same day twice is one report.
 */
export async function reportAbsence(req: PayloadRequest, input: AbsenceInput): Promise<{ status: 200 | 201; answer: AbsenceAnswerDto }> {
  const user = requireUser(req)
  const student = await findOwnStudent(req, input.studentId)
  const cls = await findClass(req, input.classId)
  const today = academyToday()
  if (input.date < today) throw badInput(SELF_SERVICE_MESSAGES.dayInPast)
  if (input.date > lastReportableDay(today)) throw badInput(SELF_SERVICE_MESSAGES.tooFarAhead)
  const enrollment = await findStudentEnrollment(req, student.id, cls.id)
  if (!enrollment || !isActiveOn(enrollment, input.date)) throw badInput(SELF_SERVICE_MESSAGES.notEnrolled)
  if (!classMeetsOn(classCalendar(cls), input.date, await academyClosures(req))) throw badInput(notMeetingOn(cls, input.date))
  const { makeupWindowDays } = await readStudioSettings(req.payload, req)

  const answer = (mark: Attendance, message: string): AbsenceAnswerDto => ({ message, absence: toAbsenceDto(mark, cls, null, today, makeupWindowDays) })
  const existingAnswer = (mark: Attendance) => {
    if (mark.status !== 'absent') throw conflict(SELF_SERVICE_MESSAGES.teacherMarked)
    return { status: 200 as const, answer: answer(mark, `${student.fullName}'s absence on ${day(input.date)} was already noted.`) }
  }
  const existing = await findMark(req, cls.id, student.id, input.date)
  if (existing) return existingAnswer(existing)
  let created: Attendance
  try {
    created = (await req.payload.create({
      collection: 'attendance',
      data: { class: cls.id, student: student.id, date: input.date, status: 'absent', reportedBy: 'family', markedBy: user.id },
      depth: 0,
      req,
      overrideAccess: true,
    })) as Attendance
  } catch (error) {
    // A teacher's mark or a twin report came first: answer as if it had been there.
    const raced = await findMark(req, cls.id, student.id, input.date)
    if (!raced) throw error
    return existingAnswer(raced)
  }
  notifyFamily(req, relationId(student.user), { kind: 'absence', student: student.fullName, className: cls.name, date: input.date })
  return {
    status: 201,
    answer: answer(created, `${student.fullName} is reported absent from ${cls.name} on ${day(input.date)}. You can now book a makeup.`),
  }
}

/** An absence (an `absent` mark) of one of the caller's students, else 404. */
async function findOwnAbsence(req: PayloadRequest, id: number): Promise<{ mark: Attendance; student: Student; missed: Class }> {
  const mark = (await req.payload.findByID({ collection: 'attendance', id, depth: 0, req, disableErrors: true, overrideAccess: true })) as Attendance | null
  if (!mark) throw notFound(SELF_SERVICE_MESSAGES.absenceNotFound)
  let student: Student
  try {
    student = await findOwnStudent(req, relationId(mark.student))
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFound(SELF_SERVICE_MESSAGES.absenceNotFound)
    throw error
  }
  return { mark, student, missed: await findClass(req, relationId(mark.class)) }
}

/** DELETE /api/absences/{id}: the family withdraws its own report of a day still to come. */
export async function cancelAbsence(req: PayloadRequest, id: number): Promise<{ message: string }> {
  const { mark, student, missed } = await findOwnAbsence(req, id)
  if (mark.reportedBy !== 'family') throw conflict(SELF_SERVICE_MESSAGES.teacherMarked)
  if (mark.date < academyToday()) throw badInput(SELF_SERVICE_MESSAGES.dayInPast)
  if (await makeupOf(req, student.id, missed.id, mark.date)) throw conflict(SELF_SERVICE_MESSAGES.absenceHasMakeup)
  await req.payload.delete({ collection: 'attendance', id, depth: 0, req, overrideAccess: true })
  notifyFamily(req, relationId(student.user), { kind: 'absence-cancelled', student: student.fullName, className: missed.name, date: mark.date })
  return { message: `The absence of ${student.fullName} from ${missed.name} on ${day(mark.date)} is withdrawn.` }
}

/**
 * GET /api/students/{id}/absences: the student's absences whose makeup window is still open or
 * still to come (reported by the family or marked by a teacher), each with its makeup.
 */
export async function listStudentAbsences(req: PayloadRequest, studentId: number): Promise<AbsenceDto[]> {
  const student = await findOwnStudent(req, studentId)
  const today = academyToday()
  const { makeupWindowDays } = await readStudioSettings(req.payload, req)
  const since = addDays(today, -makeupWindowDays)
  const [marks, makeups] = await Promise.all([
    req.payload.find({
      collection: 'attendance',
      where: { and: [{ student: { equals: student.id } }, { status: { equals: 'absent' } }, { date: { greater_than_equal: since } }] },
      depth: 0,
      limit: 200,
      sort: 'date',
      req,
      overrideAccess: true,
    }),
    req.payload.find({
      collection: 'makeups',
      where: { and: [{ student: { equals: student.id } }, { missedDate: { greater_than_equal: since } }] },
      depth: 0,
      limit: 200,
      req,
      overrideAccess: true,
    }),
  ])
  const classIds = new Set<number>()
  for (const mark of marks.docs as Attendance[]) classIds.add(relationId(mark.class))
  for (const makeup of makeups.docs as Makeup[]) classIds.add(relationId(makeup.class))
  const classes = classIds.size
    ? ((
        await req.payload.find({
          collection: 'classes',
          where: { id: { in: [...classIds] } },
          depth: 0,
          limit: 0,
          pagination: false,
          req,
          overrideAccess: true,
        })
      ).docs as Class[])
    : []
  const classById = new Map(classes.map((cls) => [cls.id, cls]))
  const makeupByAbsence = new Map((makeups.docs as Makeup[]).map((m) => [`${relationId(m.missedClass)}:${m.missedDate}`, m]))
  return (marks.docs as Attendance[]).flatMap((mark) => {
    const missed = classById.get(relationId(mark.class))
    if (!missed) return []
    const makeup = makeupByAbsence.get(`${missed.id}:${mark.date}`)
    return [toAbsenceDto(mark, missed, makeup ? toMakeupDto(makeup, classById.get(relationId(makeup.class)), today) : null, today, makeupWindowDays)]
  })
}

// ── Makeups ─────────────────────────────────────────────────────────────────────────────────

/** Places taken in each class on each day: enrollments active that day plus that day's makeups. */
async function placesTaken(req: PayloadRequest, classIds: number[], first: string, last: string): Promise<(classId: number, date: string) => number> {
  if (classIds.length === 0) return () => 0
  const [enrollments, makeups] = await Promise.all([
    req.payload.find({ collection: 'enrollments', where: { class: { in: classIds } }, depth: 0, limit: 0, pagination: false, req, overrideAccess: true }),
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
    const key = `${relationId(m.class)}:${m.date}`
    makeupCount.set(key, (makeupCount.get(key) ?? 0) + 1)
  }
  const byClass = new Map<number, Enrollment[]>()
  for (const e of enrollments.docs as Enrollment[]) byClass.set(relationId(e.class), [...(byClass.get(relationId(e.class)) ?? []), e])
  return (classId, date) => (byClass.get(classId) ?? []).filter((e) => isActiveOn(e, date)).length + (makeupCount.get(`${classId}:${date}`) ?? 0)
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
 * the makeup window on which it meets and has a free place, soonest first.
 */
export async function makeupOptions(req: PayloadRequest, absenceId: number): Promise<MakeupOptionDto[]> {
  const { mark, student, missed } = await findOwnAbsence(req, absenceId)
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
  const options: MakeupOptionDto[] = []
  for (const cls of sameGroup) {
    for (const date of meetingDays(classCalendar(cls), first, last, closed)) {
      if (attends(cls.id, date)) continue
      const free = cls.capacity == null ? null : cls.capacity - taken(cls.id, date)
      if (free !== null && free <= 0) continue
      options.push({ classId: cls.id, className: cls.name, date, days: cls.days, time: cls.time, location: cls.location, level: cls.level, freePlaces: free })
    }
  }
  const byDay = options.sort((a, b) => a.date.localeCompare(b.date))
  // Within a day, earliest class first.
  const days = [...new Set(byDay.map((o) => o.date))]
  return days
    .flatMap((d) =>
      sortByStartTime(
        byDay.filter((o) => o.date === d),
        (o) => o.time,
      ),
    )
    .slice(0, MAKEUP_OPTIONS_LIMIT)
}

/**
 * POST /api/makeups: a place in another class of the missed class's age group, on a day it
 * meets within the makeup window. The place is counted under a row lock on the class (active
 * enrollments that day plus that day's makeups against its capacity), so two families can
 * never take the last place twice. One makeup per absence (a unique index decides races).
 */
export async function bookMakeup(req: PayloadRequest, input: MakeupInput): Promise<MakeupAnswerDto> {
  const user = requireUser(req)
  const { mark, student, missed } = await findOwnAbsence(req, input.absenceId)
  if (mark.status !== 'absent') throw conflict(SELF_SERVICE_MESSAGES.notAnAbsence)
  const target = await findClass(req, input.classId)
  if (target.id === missed.id) throw badInput(SELF_SERVICE_MESSAGES.sameClass)
  if (target.ageGroup !== missed.ageGroup) throw badInput(otherAgeGroupMessage(target.name, target.ageGroup, missed.ageGroup))
  const today = academyToday()
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
      const [row] = await queryInTransaction<{ capacity: string | number | null }>(req, sql`SELECT capacity FROM classes WHERE id = ${target.id} FOR UPDATE`)
      if (!row) throw notFound(SELF_SERVICE_MESSAGES.classNotFound)
      if (row.capacity != null) {
        const taken = (await placesTaken(req, [target.id], input.date, input.date))(target.id, input.date)
        if (taken >= Number(row.capacity)) throw conflict(fullOnMessage(target.name, input.date))
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
export async function cancelMakeup(req: PayloadRequest, id: number): Promise<{ message: string }> {
  const makeup = (await req.payload.findByID({ collection: 'makeups', id, depth: 0, req, disableErrors: true, overrideAccess: true })) as Makeup | null
  if (!makeup) throw notFound(SELF_SERVICE_MESSAGES.makeupNotFound)
  let student: Student
  try {
    student = await findOwnStudent(req, relationId(makeup.student))
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
