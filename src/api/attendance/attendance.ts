import type { PayloadRequest, Where } from 'payload'

import type { Attendance, Class, Enrollment, Makeup, Student, User } from '#cms/payload-types'
import { badInput, conflict, notFound } from '#api/errors'
import {
  ATTENDANCE_LIST_LIMIT,
  ATTENDANCE_MESSAGES,
  classDoesNotMeetMessage,
  tooManyMarksMessage,
  type AttendanceListQuery,
  type AttendanceMarkDto,
  type AttendanceMarkInput,
  type AttendanceRecordDto,
  type AttendanceStatus,
  type RosterDto,
  type RosterEntryDto,
  type TeachClassDto,
  type TeachClassesDto,
} from './schemas'
import { formatCalendarDay } from '#shared/dates'
import { hasEnded } from '#shared/self-service'
import { ageOn } from '#shared/eligibility'
import { classMeetsOn, sortByClassStart } from '#shared/schedule'
import { optionalRelationId } from '#api/lib/relations'
import { bothOf, taughtBy } from '#api/lib/ownership'
import { academyToday } from '#api/lib/academy-clock'
import { rosterCare } from '#api/care'
import { classCalendar, isCancelledOn } from '#api/classes'
import { csvTable } from '#api/lib/csv'

/**
 * Teachers and attendance (decisions §9). A teacher reaches only the classes whose `teacher`
 * is their account; an administrator reaches every class. Another teacher's class answers 404,
 * the same as a class that does not exist, like another family's student.
 */

/** A class meets today on one of its weekdays, inside its term and not on one of its own closures (decisions §14). */
function toTeachClass(doc: Class, today: string): TeachClassDto & { startTime: string | null; endTime: string | null } {
  return {
    id: doc.id,
    name: doc.name,
    days: doc.days,
    time: doc.time,
    location: doc.location,
    meetsToday: classMeetsOn(classCalendar(doc), today),
    cancelledToday: isCancelledOn(doc, today),
    startTime: doc.startTime ?? null,
    endTime: doc.endTime ?? null,
  }
}

/** The classes the caller teaches (every class for an administrator), today's first, each by start time. */
export async function listTeachClasses(req: PayloadRequest, user: User): Promise<TeachClassesDto> {
  const today = academyToday()
  const result = await req.payload.find({
    collection: 'classes',
    where: taughtBy(user),
    depth: 0,
    limit: 0,
    pagination: false,
    sort: 'name',
    req,
    overrideAccess: true,
  })
  const sorted = sortByClassStart(
    (result.docs as Class[]).map((doc) => toTeachClass(doc, today)),
    (cls) => cls,
  )
  const classes = sorted.map(({ startTime: _start, endTime: _end, ...cls }) => cls)
  // A class cancelled today stays with today's, where its cancellation can be undone.
  const todays = (c: TeachClassDto) => c.meetsToday || c.cancelledToday
  return { today, classes: [...classes.filter(todays), ...classes.filter((c) => !todays(c))] }
}

/** A class the caller teaches (any class for an administrator), or 404 (also the assessments' rule, #api/levels). */
export async function findTaughtClass(req: PayloadRequest, user: User, id: number): Promise<Class> {
  const where = bothOf({ id: { equals: id } }, taughtBy(user))
  // Classes are public rows (their read access is everyone's): the teaching rule is the filter.
  const { docs } = await req.payload.find({ collection: 'classes', where, depth: 0, limit: 1, pagination: false, req, overrideAccess: true })
  const doc = docs[0] as Class | undefined
  if (!doc) throw notFound(ATTENDANCE_MESSAGES.classNotFound)
  return doc
}

/** The class's enrollments (of one student, when given) that have not ended before `date`. */
async function enrollmentsOn(req: PayloadRequest, classId: number, date: string, studentId?: number): Promise<Enrollment[]> {
  const result = await req.payload.find({
    collection: 'enrollments',
    where: studentId === undefined ? { class: { equals: classId } } : { and: [{ class: { equals: classId } }, { student: { equals: studentId } }] },
    depth: 0,
    limit: 0,
    pagination: false,
    req,
    overrideAccess: true,
  })
  return (result.docs as Enrollment[]).filter((e) => !hasEnded(e, date))
}

/** The makeups booked into a class on a day, each with the class it makes up. */
async function makeupsOn(req: PayloadRequest, classId: number, date: string, studentId?: number): Promise<Makeup[]> {
  const and: Where[] = [{ class: { equals: classId } }, { date: { equals: date } }]
  if (studentId !== undefined) and.push({ student: { equals: studentId } })
  const result = await req.payload.find({ collection: 'makeups', where: { and }, depth: 1, limit: 0, pagination: false, req, overrideAccess: true })
  return result.docs as Makeup[]
}

/** The roster of a class on a day: each enrolled student's name, age, emergency contact, care summary and pickups (issue 24), and mark. */
export async function classRoster(req: PayloadRequest, user: User, classId: number, date: string): Promise<RosterDto> {
  const cls = await findTaughtClass(req, user, classId)
  const enrolledIds = (await enrollmentsOn(req, classId, date)).map((e) => optionalRelationId(e.student)).filter((id): id is number => id !== null)
  // Makeup students take a place that day only (decisions §16): on the roster with the class they make up.
  const makeups = (await makeupsOn(req, classId, date)).filter((m) => !enrolledIds.includes(optionalRelationId(m.student) ?? 0))
  const makeupFrom = new Map(makeups.map((m) => [optionalRelationId(m.student), typeof m.missedClass === 'object' ? m.missedClass.name : '']))
  const studentIds = [...enrolledIds, ...makeupFrom.keys()].filter((id): id is number => id !== null)
  const [students, marks, care] = await Promise.all([
    studentIds.length
      ? req.payload.find({
          collection: 'students',
          where: { id: { in: studentIds } },
          depth: 0,
          limit: 0,
          pagination: false,
          sort: 'fullName',
          req,
          overrideAccess: true,
        })
      : null,
    req.payload.find({
      collection: 'attendance',
      where: { and: [{ class: { equals: classId } }, { date: { equals: date } }] },
      depth: 0,
      limit: 0,
      pagination: false,
      req,
      overrideAccess: true,
    }),
    // Care information is for the teachers of the child's own classes: not for a makeup's teacher.
    rosterCare(
      req,
      enrolledIds.filter((id): id is number => id !== null),
    ),
  ])
  const markOf = new Map((marks.docs as Attendance[]).map((mark) => [optionalRelationId(mark.student), mark]))
  const entries: RosterEntryDto[] = ((students?.docs ?? []) as Student[]).map((student) => {
    const contact = student.emergencyContact
    const hasContact = Boolean(contact?.name?.trim() || contact?.phone?.trim())
    return {
      studentId: student.id,
      fullName: student.fullName,
      age: ageOn(student.dateOfBirth, date),
      emergencyContact: hasContact ? { name: contact?.name?.trim() ?? '', phone: contact?.phone?.trim() ?? '' } : null,
      status: (markOf.get(student.id)?.status as AttendanceStatus | undefined) ?? null,
      reportedByFamily: markOf.get(student.id)?.reportedBy === 'family',
      makeupFrom: makeupFrom.get(student.id) ?? null,
      care: care.get(student.id) ?? null,
    }
  })
  return { class: toTeachClass(cls, academyToday()), date, students: entries }
}

function toMarkDto(doc: Attendance): AttendanceMarkDto {
  return {
    id: doc.id,
    classId: optionalRelationId(doc.class)!,
    studentId: optionalRelationId(doc.student)!,
    date: doc.date,
    status: doc.status as AttendanceStatus,
  }
}

/** The one mark of a student in a class on a day, whoever made it (teacher or family). */
export async function findMark(req: PayloadRequest, classId: number, studentId: number, date: string): Promise<Attendance | undefined> {
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
 * Sets the mark of one student in one class on one day: the same call twice leaves one row
 * (the unique index on class, student and date; a race between two writers becomes an update).
 * Only a day that has come (in the academy's day) and on which the class meets (its weekdays,
 * inside its term, not closed) can be marked: a mark for a day the class never held is noise in
 * the register, and in the family's absences.
 */
export async function markAttendance(req: PayloadRequest, user: User, input: AttendanceMarkInput): Promise<AttendanceMarkDto> {
  const cls = await findTaughtClass(req, user, input.classId)
  if (input.date > academyToday()) throw badInput(ATTENDANCE_MESSAGES.dayInFuture)
  if (
    (await enrollmentsOn(req, input.classId, input.date, input.studentId)).length === 0 &&
    (await makeupsOn(req, input.classId, input.date, input.studentId)).length === 0
  ) {
    throw notFound(ATTENDANCE_MESSAGES.notEnrolled)
  }
  if (!classMeetsOn(classCalendar(cls), input.date)) throw conflict(classDoesNotMeetMessage(cls.name, formatCalendarDay(input.date)))

  // The teacher's mark replaces a family's report of an absence, even when it says absent too.
  const update = async (existing: Attendance) =>
    existing.status === input.status && existing.reportedBy === 'teacher'
      ? existing
      : ((await req.payload.update({
          collection: 'attendance',
          id: existing.id,
          data: { status: input.status, markedBy: user.id, reportedBy: 'teacher' },
          depth: 0,
          req,
          overrideAccess: true,
        })) as Attendance)

  const existing = await findMark(req, input.classId, input.studentId, input.date)
  if (existing) return toMarkDto(await update(existing))
  try {
    const created = await req.payload.create({
      collection: 'attendance',
      data: { class: input.classId, student: input.studentId, date: input.date, status: input.status, markedBy: user.id, reportedBy: 'teacher' },
      depth: 0,
      req,
      overrideAccess: true,
    })
    return toMarkDto(created as Attendance)
  } catch (error) {
    // Payload reports the unique index as a field error or the driver's 23505; either way a
    // writer that came first made the row, and this mark becomes an update of it.
    const raced = await findMark(req, input.classId, input.studentId, input.date)
    if (!raced) throw error
    return toMarkDto(await update(raced))
  }
}

/**
 * Every mark matching the filters, newest day first (administrators). At most
 * ATTENDANCE_LIST_LIMIT marks: a wider query is refused with a message asking to narrow it,
 * rather than cut short without a word.
 */
export async function listAttendance(req: PayloadRequest, query: AttendanceListQuery): Promise<AttendanceRecordDto[]> {
  const and: Where[] = []
  if (query.classId !== undefined) and.push({ class: { equals: query.classId } })
  if (query.studentId !== undefined) and.push({ student: { equals: query.studentId } })
  if (query.from) and.push({ date: { greater_than_equal: query.from } })
  if (query.to) and.push({ date: { less_than_equal: query.to } })
  const where: Where = and.length ? { and } : {}
  const { totalDocs } = await req.payload.count({ collection: 'attendance', where, req, overrideAccess: true })
  if (totalDocs > ATTENDANCE_LIST_LIMIT) throw badInput(tooManyMarksMessage(totalDocs))
  const result = await req.payload.find({
    collection: 'attendance',
    where,
    depth: 1,
    limit: 0,
    pagination: false,
    sort: ['-date', 'id'],
    req,
    overrideAccess: true,
  })
  return (result.docs as Attendance[]).map((doc) => ({
    ...toMarkDto(doc),
    className: typeof doc.class === 'object' ? doc.class.name : '',
    studentName: typeof doc.student === 'object' ? doc.student.fullName : '',
    markedBy: doc.markedBy && typeof doc.markedBy === 'object' ? doc.markedBy.fullName : null,
    reportedBy: doc.reportedBy,
    updatedAt: doc.updatedAt,
  }))
}

export function attendanceCsv(records: AttendanceRecordDto[]): string {
  // "Reported by" tells a family's own absence report from a teacher's (or an administrator's) mark.
  const header = ['Date', 'Class', 'Student', 'Status', 'Reported by', 'Marked by', 'Updated at']
  return csvTable(
    header,
    records.map((r) => [r.date, r.className, r.studentName, r.status, r.reportedBy === 'family' ? 'Family' : 'Teacher', r.markedBy, r.updatedAt]),
  )
}
