import type { PayloadRequest } from 'payload'

import type { Class, Enrollment, Student, User } from '#cms/payload-types'
import { isAdminUser } from '#api/auth'
import { badInput, conflict, notFound } from '#api/errors'
import { noticeMessage, SELF_SERVICE_MESSAGES, type DropDto, type DropInput } from './schemas'
import { earliestLastDay, hasEnded } from '#shared/self-service'
import { academyToday } from '#api/lib/academy-clock'
import { findClass } from '#api/classes'
import { relationId } from '#api/lib/relations'
import { notifyFamily } from './self-service-mail'
import { findOwnStudent } from '#api/students'
import { readStudioSettings } from '#api/studio'
import { day } from './rules'
import { calendarDay } from '#shared/dates'

/** Drops: a family ends a student's enrollment from a day on (with the studio's notice), and may undo it before that day. */

/** The enrollment, when its student is the caller's (any for an administrator), else 404. */
export async function findOwnEnrollment(req: PayloadRequest, user: User, id: number): Promise<{ enrollment: Enrollment; student: Student; cls: Class }> {
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
  const [student, cls] = await Promise.all([findOwnStudent(req, user, relationId(enrollment.student)), findClass(req, relationId(enrollment.class))])
  return { enrollment, student, cls }
}

export async function findStudentEnrollment(req: PayloadRequest, studentId: number, classId: number): Promise<Enrollment | undefined> {
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

/**
 * POST /api/enrollments/{id}/drop: the student's last day in the class (they attend it; the
 * place is free from the next day, and tuition is prorated through it). A family gives the
 * studio's notice; a drop not yet in effect may be moved or undone.
 */
export async function dropEnrollment(req: PayloadRequest, user: User, id: number, input: DropInput): Promise<DropDto> {
  const { enrollment, student, cls } = await findOwnEnrollment(req, user, id)
  const today = academyToday()
  if (hasEnded(enrollment, today)) throw conflict(SELF_SERVICE_MESSAGES.alreadyEnded)
  if (input.lastDay < calendarDay(enrollment.enrollmentDate)) throw badInput(SELF_SERVICE_MESSAGES.lastDayBeforeStart)
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
export async function undoDrop(req: PayloadRequest, user: User, id: number): Promise<DropDto> {
  const { enrollment, student, cls } = await findOwnEnrollment(req, user, id)
  if (!enrollment.endDate) throw conflict(SELF_SERVICE_MESSAGES.noDropScheduled)
  if (hasEnded(enrollment, academyToday())) throw conflict(SELF_SERVICE_MESSAGES.alreadyEnded)
  await req.payload.update({ collection: 'enrollments', id, data: { endDate: null }, depth: 0, req, overrideAccess: true })
  notifyFamily(req, relationId(student.user), { kind: 'drop-undone', student: student.fullName, className: cls.name })
  return { message: `${student.fullName} stays in ${cls.name}; the drop is undone.`, enrollmentId: id, endDate: null }
}

// ── Absences ────────────────────────────────────────────────────────────────────────────────
