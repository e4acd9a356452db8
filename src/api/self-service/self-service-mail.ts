import type { PayloadRequest } from 'payload'

import { getAppContext } from '#server/context.server'
import { formatDayWithWeekday } from '#shared/dates'
import { composeMail, mailHousehold, NOTIFICATIONS_FOOTNOTE, type MailContent } from '#api/email'

/** What a family's own change tells it by email (decisions §16); one paragraph per fact, in the one mail layout. */
export type SelfServiceNotice =
  | { kind: 'drop'; student: string; className: string; lastDay: string }
  | { kind: 'drop-undone'; student: string; className: string }
  | { kind: 'absence'; student: string; className: string; date: string }
  | { kind: 'absence-cancelled'; student: string; className: string; date: string }
  | { kind: 'makeup'; student: string; className: string; date: string; time: string; location: string; missedClass: string; missedDate: string }
  | { kind: 'makeup-cancelled'; student: string; className: string; date: string }

const day = (value: string) => formatDayWithWeekday(value)

export function selfServiceMail(familyName: string, notice: SelfServiceNotice, scheduleUrl: string, academy: string): MailContent {
  const [subject, ...lines] = ((): string[] => {
    switch (notice.kind) {
      case 'drop':
        return [
          `Class drop confirmed: ${notice.student} leaves ${notice.className}`,
          `${notice.student}'s last day in ${notice.className} is ${day(notice.lastDay)}.`,
          `Tuition for that month is prorated to the classes up to that day. You can undo the drop until then.`,
        ]
      case 'drop-undone':
        return [`Drop undone: ${notice.student} stays in ${notice.className}`, `${notice.student} stays in ${notice.className}; the drop is undone.`]
      case 'absence':
        return [
          `Absence reported: ${notice.student}, ${notice.className} on ${day(notice.date)}`,
          `We have noted that ${notice.student} will miss ${notice.className} on ${day(notice.date)}.`,
          `You can book a makeup in another class of the same age group from the dashboard.`,
        ]
      case 'absence-cancelled':
        return [
          `Absence withdrawn: ${notice.student}, ${notice.className} on ${day(notice.date)}`,
          `${notice.student} is expected in ${notice.className} on ${day(notice.date)} after all.`,
        ]
      case 'makeup':
        return [
          `Makeup booked: ${notice.student} in ${notice.className} on ${day(notice.date)}`,
          `${notice.student} is booked into ${notice.className} on ${day(notice.date)} to make up ${notice.missedClass} of ${day(notice.missedDate)}.`,
          `When: ${notice.time}`,
          `Where: ${notice.location}`,
        ]
      case 'makeup-cancelled':
        return [
          `Makeup cancelled: ${notice.student} in ${notice.className} on ${day(notice.date)}`,
          `The makeup of ${notice.student} in ${notice.className} on ${day(notice.date)} is cancelled.`,
        ]
    }
  })()
  return composeMail({
    academyName: academy,
    subject: subject!,
    greeting: `Hello ${familyName},`,
    blocks: [...lines, 'See the weekly schedule:', { link: scheduleUrl }],
    footnote: NOTIFICATIONS_FOOTNOTE,
  })
}

/**
 * Sends the notice to every guardian of the household who wants email. Called after the commit
 * and never awaited by the answer: a slow or failing mail server does not touch the change
 * (decisions §7).
 */
export function notifyFamily(req: PayloadRequest, userId: number, notice: SelfServiceNotice): void {
  const scheduleUrl = `${getAppContext().env.publicOrigin}/schedule`
  void mailHousehold(req.payload, userId, (guardian, academy) => selfServiceMail(guardian.fullName, notice, scheduleUrl, academy)).catch((error: unknown) => {
    req.payload.logger.error({ err: error, kind: notice.kind }, 'Could not send the self-service notice')
  })
}
