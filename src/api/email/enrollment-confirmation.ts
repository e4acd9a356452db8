import type { PayloadRequest } from 'payload'

import type { Student } from '#cms/payload-types'
import { getAppContext } from '#server/context.server'
import type { ClassDto } from '#api/classes/schemas'
import type { StudentDto } from '#api/students/schemas'
import { formatPricePerMonth } from '#shared/money'
import { classesById } from '#api/classes'
import { toStudentDto } from '#api/students'
import { composeMail, type MailContent } from './mail-layout'
import { mailHousehold } from './household-mail'

/** The confirmation a family receives for a new enrollment (decisions §7). The class's days and time are the academy's own wall-clock time. */
export function enrollmentConfirmation(family: { fullName: string }, student: StudentDto, cls: ClassDto, scheduleUrl: string, academy: string): MailContent {
  return composeMail({
    academyName: academy,
    subject: `Enrollment confirmed: ${student.fullName} in ${cls.name}`,
    greeting: `Hello ${family.fullName},`,
    blocks: [
      `${student.fullName} is now enrolled in ${cls.name}.`,
      {
        facts: [
          ['Ages', cls.ageGroup],
          ['Level', cls.level],
          ['When', `${cls.days}, ${cls.time}`],
          ['Where', cls.location],
          ['Instructor', cls.instructor],
          ['Price', formatPricePerMonth(cls.price)],
        ],
      },
      'See the weekly schedule:',
      { link: scheduleUrl },
    ],
    footnote: NOTIFICATIONS_FOOTNOTE,
  })
}

/** Why a family receives the news of its own changes. */
export const NOTIFICATIONS_FOOTNOTE = 'You receive this email because email notifications are on in your account settings.'

/**
 * Sends the confirmation to every guardian of the student's household who wants it. Runs after
 * the commit and outside the request's transaction (no `req` in the reads): a mail problem never
 * touches the enrollment.
 */
async function sendEnrollmentConfirmation(req: PayloadRequest, student: StudentDto, cls: ClassDto): Promise<boolean> {
  const scheduleUrl = `${getAppContext().env.publicOrigin}/schedule`
  const sent = await mailHousehold(req.payload, student.userId, (guardian, academy) => enrollmentConfirmation(guardian, student, cls, scheduleUrl, academy))
  return sent > 0
}

/**
 * The confirmation of an enrollment, however it was made (POST /api/enrollments, an accepted
 * waitlist offer, an administrator's override), sent after the commit and not awaited: a slow or
 * failing mail server never holds up or fails the enrollment, it is only logged.
 */
export function confirmEnrollmentInBackground(req: PayloadRequest, studentId: number, classId: number): void {
  const send = async () => {
    const student = (await req.payload.findByID({
      collection: 'students',
      id: studentId,
      depth: 0,
      disableErrors: true,
      overrideAccess: true,
    })) as Student | null
    const cls = (await classesById(req.payload)).get(classId)
    if (student && cls) await sendEnrollmentConfirmation(req, toStudentDto(student), cls)
  }
  void send().catch((error: unknown) => {
    req.payload.logger.error({ err: error, studentId, classId }, 'Could not send the enrollment confirmation')
  })
}
