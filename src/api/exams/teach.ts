import type { PayloadRequest } from 'payload'

import type { Class, Enrollment, ExamEntry, Student, User } from '#cms/payload-types'
import { badInput, conflict, isUniqueViolation, notFound } from '#api/errors'
import { academyToday } from '#api/lib/academy-clock'
import { taughtBy } from '#api/lib/ownership'
import { relationId } from '#api/lib/relations'
import { calendarDay } from '#shared/dates'
import { entryDtos, findEntries, refuseAfterDeadline } from './entries'
import { EXAM_MESSAGES, type ExamEntryDto, type ProposeEntryInput, type TeachExamsDto } from './schemas'
import { findSession, upcomingSessions } from './sessions'

const all = { depth: 0, limit: 0, pagination: false, overrideAccess: true } as const

type Candidate = { student: Student; classNames: string[] }

/**
 * The students a teacher may propose: those enrolled today or later in a class they teach
 * (`taughtBy`, as attendance reads a teacher's classes; an administrator every class).
 */
async function candidatesOf(req: PayloadRequest, user: User): Promise<Map<number, Candidate>> {
  const classes = (await req.payload.find({ collection: 'classes', where: taughtBy(user), req, ...all })).docs as Class[]
  const result = new Map<number, Candidate>()
  if (classes.length === 0) return result
  const today = academyToday()
  const enrollments = (await req.payload.find({ collection: 'enrollments', where: { class: { in: classes.map((c) => c.id) } }, req, ...all }))
    .docs as Enrollment[]
  const current = enrollments.filter((e) => !e.endDate || calendarDay(e.endDate) >= today)
  if (current.length === 0) return result
  const students = (await req.payload.find({ collection: 'students', where: { id: { in: current.map((e) => relationId(e.student)) } }, req, ...all }))
    .docs as Student[]
  const byId = new Map(students.map((s) => [s.id, s]))
  const classById = new Map(classes.map((c) => [c.id, c.name]))
  for (const enrollment of current) {
    const student = byId.get(relationId(enrollment.student))
    if (!student) continue
    const entry = result.get(student.id) ?? { student, classNames: [] }
    entry.classNames.push(classById.get(relationId(enrollment.class)) ?? '')
    result.set(student.id, entry)
  }
  return result
}

/** GET /api/teach/exams: the sessions still to come, the teacher's students and their entries. */
export async function teachExams(req: PayloadRequest, user: User): Promise<TeachExamsDto> {
  const [sessions, candidates] = await Promise.all([upcomingSessions(req), candidatesOf(req, user)])
  const entries = candidates.size === 0 ? [] : await findEntries(req, { student: { in: [...candidates.keys()] } })
  return {
    sessions,
    students: [...candidates.values()]
      .map(({ student, classNames }) => ({ id: student.id, name: student.fullName, classNames }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    entries: await entryDtos(req, entries),
  }
}

/**
 * POST /api/teach/exam-entries: a teacher proposes a student of one of their classes (another
 * teacher's student is 404) for a grade the session offers, until its entry deadline (409).
 */
export async function proposeEntry(req: PayloadRequest, user: User, input: ProposeEntryInput): Promise<ExamEntryDto> {
  const session = await findSession(req, input.sessionId)
  const candidate = (await candidatesOf(req, user)).get(input.studentId)
  if (!candidate) throw notFound(EXAM_MESSAGES.studentNotFound)
  refuseAfterDeadline(session)
  const fee = (session.fees ?? []).find((f) => relationId(f.level) === input.levelId)
  if (!fee) throw badInput(EXAM_MESSAGES.gradeNotOffered)
  const [existing] = await findEntries(req, { and: [{ student: { equals: input.studentId } }, { session: { equals: session.id } }] })
  if (existing) throw conflict(EXAM_MESSAGES.alreadyEntered)
  try {
    const doc = (await req.payload.create({
      collection: 'exam-entries',
      req,
      overrideAccess: true,
      depth: 0,
      data: {
        session: session.id,
        student: input.studentId,
        level: input.levelId,
        household: relationId(candidate.student.user),
        proposedBy: user.id,
        status: 'proposed',
        feeCents: fee.feeCents,
      },
    })) as ExamEntry
    return (await entryDtos(req, [doc]))[0]!
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EXAM_MESSAGES.alreadyEntered)
    throw error
  }
}
