import type { PayloadRequest } from 'payload'

import type { Attendance, Class, Makeup, Student, User } from '#cms/payload-types'
import { AppError, badInput, conflict, notFound } from '#api/errors'
import { SELF_SERVICE_MESSAGES, type AbsenceAnswerDto, type AbsenceDto, type AbsenceInput, type MakeupDto } from './schemas'
import { addDays } from '#shared/dates'
import { isActiveOn, lastReportableDay, makeupWindow } from '#shared/self-service'
import { classMeetsOn } from '#shared/schedule'
import { academyToday } from '#api/lib/academy-clock'
import { findMark } from '#api/attendance'
import { classCalendar, findClass } from '#api/classes'
import { relationId } from '#api/lib/relations'
import { notifyFamily } from './self-service-mail'
import { findOwnStudent } from '#api/students'
import { readStudioSettings } from '#api/studio'
import { findStudentEnrollment } from './drops'
import { academyClosures, day, notMeetingOn } from './rules'

/** Absences: a family reports ahead that a student will miss a class (an attendance mark `absent`), lists and cancels them. */

export function toMakeupDto(doc: Makeup, cls: Pick<Class, 'name' | 'time' | 'location'> | undefined, today: string): MakeupDto {
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

export async function makeupOf(req: PayloadRequest, studentId: number, missedClassId: number, missedDate: string): Promise<Makeup | undefined> {
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

/**
 * POST /api/absences: the family says ahead (or on the day) that the student will miss a class.
 * It is an attendance mark `absent` reported by the family, which the roster shows and the
 * teacher's own mark replaces. Reporting the same day twice is one report.
 */
export async function reportAbsence(req: PayloadRequest, user: User, input: AbsenceInput): Promise<{ status: 200 | 201; answer: AbsenceAnswerDto }> {
  const student = await findOwnStudent(req, user, input.studentId)
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
export async function findOwnAbsence(req: PayloadRequest, user: User, id: number): Promise<{ mark: Attendance; student: Student; missed: Class }> {
  const mark = (await req.payload.findByID({ collection: 'attendance', id, depth: 0, req, disableErrors: true, overrideAccess: true })) as Attendance | null
  if (!mark) throw notFound(SELF_SERVICE_MESSAGES.absenceNotFound)
  let student: Student
  try {
    student = await findOwnStudent(req, user, relationId(mark.student))
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFound(SELF_SERVICE_MESSAGES.absenceNotFound)
    throw error
  }
  return { mark, student, missed: await findClass(req, relationId(mark.class)) }
}

/** DELETE /api/absences/{id}: the family withdraws its own report of a day still to come. */
export async function cancelAbsence(req: PayloadRequest, user: User, id: number): Promise<{ message: string }> {
  const { mark, student, missed } = await findOwnAbsence(req, user, id)
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
export async function listStudentAbsences(req: PayloadRequest, user: User, studentId: number): Promise<AbsenceDto[]> {
  const student = await findOwnStudent(req, user, studentId)
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
