import type { PayloadRequest } from 'payload'

import type { User } from '#cms/payload-types'
import { conflict } from '#api/errors'
import { academyToday } from '#api/lib/academy-clock'
import { readStudioSettings } from '#api/studio'
import { classCalendar } from '#api/classes'
import { firstClassDay } from '#shared/first-class'
import { earliestLastDay, hasEnded, isDropPending } from '#shared/self-service'
import { dropEnrollment, findOwnEnrollment } from './drops'
import { academyClosures, day } from './rules'
import { SELF_SERVICE_MESSAGES, type DropDto } from './schemas'
import { calendarDay } from '#shared/dates'

/**
 * A family's DELETE /api/enrollments/{id} (decisions §18): removing a class is a drop under the
 * studio's notice, never an instant removal, which stays an administrator's. The answer says
 * which of three it was:
 * - `cancel`: no class of the enrollment has met yet (its first meeting is today or later: a
 *   mistaken enrollment undone, or one not begun), so nothing is attended or owed: the caller
 *   deletes it and its place is free at once;
 * - a drop already set and still to come is kept as it is (the family moves it with
 *   POST /enrollments/{id}/drop);
 * - otherwise the last day is the earliest the notice allows, prorated like any drop.
 * Another family's enrollment answers 404, an ended one 409.
 */
export async function removeAsFamily(req: PayloadRequest, user: User, id: number): Promise<'cancel' | DropDto> {
  const { enrollment, student, cls } = await findOwnEnrollment(req, user, id)
  const today = academyToday()
  if (hasEnded(enrollment, today)) throw conflict(SELF_SERVICE_MESSAGES.alreadyEnded)
  const [{ dropNoticeDays }, closures] = await Promise.all([readStudioSettings(req.payload, req), academyClosures(req)])
  const earliest = earliestLastDay(today, dropNoticeDays)
  const firstMeeting = firstClassDay(classCalendar(cls), calendarDay(enrollment.enrollmentDate), closures)
  if (firstMeeting === null || firstMeeting >= today) return 'cancel'
  if (enrollment.endDate && isDropPending(enrollment, today)) {
    const lastDay = calendarDay(enrollment.endDate)
    return {
      message: `${student.fullName}'s last day in ${cls.name} is already ${day(lastDay)}. Tuition is prorated to that day.`,
      enrollmentId: id,
      endDate: lastDay,
    }
  }
  return dropEnrollment(req, user, id, { lastDay: earliest })
}
