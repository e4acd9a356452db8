import type { PayloadRequest } from 'payload'

import type { NotificationPreference, Student } from '#cms/payload-types'
import { getAppContext } from '#server/context.server'
import type { ClassDto } from '#api/classes/schemas'
import type { StudentDto } from '#api/students/schemas'
import { formatPricePerMonth } from '#shared/money'
import { classesById } from '#api/classes'
import { toStudentDto } from '#api/students'
import { composeMail, type MailContent } from './mail-layout'
import { academyName, familyOf, sendMail } from './mail-time'

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

/** Email notifications are on unless the family turned them off (no row = the spec's defaults). */
export async function wantsEmail(req: PayloadRequest, userId: number): Promise<boolean> {
  const result = await req.payload.find({
    collection: 'notification-preferences',
    where: { user: { equals: userId } },
    depth: 0,
    limit: 1,
    pagination: false,
    overrideAccess: true,
  })
  const prefs = result.docs[0] as NotificationPreference | undefined
  return prefs?.emailNotifications !== false
}

/**
 * Sends the confirmation to the student's family when they want it. Runs after the commit and
 * outside the request's transaction (no `req` in the reads): a mail problem never touches the
 * enrollment.
 */
async function sendEnrollmentConfirmation(req: PayloadRequest, student: StudentDto, cls: ClassDto): Promise<boolean> {
  if (!(await wantsEmail(req, student.userId))) return false
  const family = await familyOf(req.payload, student.userId)
  if (!family) return false
  const mail = enrollmentConfirmation(family, student, cls, `${getAppContext().env.publicOrigin}/schedule`, await academyName(req.payload))
  await sendMail(req.payload, family.email, mail)
  return true
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
