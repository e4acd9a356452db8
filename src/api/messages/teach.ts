import type { PayloadRequest } from 'payload'

import type { Class, User } from '#cms/payload-types'
import { notFound } from '#api/errors'
import { academyToday } from '#api/lib/academy-clock'
import { bothOf, taughtBy } from '#api/lib/ownership'
import { formatCalendarDay } from '#shared/dates'
import { toMessageDto } from './lists'
import { richFromPlainText } from './rich-text.schemas'
import { createMessage } from './send'
import { MESSAGE_TEXTS, type MessageDto, type TeacherMessageInput } from './schemas'

/**
 * A teacher's message to the families of one of their own classes (issue 25), or the two-tap
 * "class cancelled today" notice. Another teacher's class answers 404, as the roster does
 * (`taughtBy`); an administrator may send for any class.
 */
export async function sendClassMessage(req: PayloadRequest, user: User, classId: number, input: TeacherMessageInput): Promise<MessageDto> {
  const { docs } = await req.payload.find({
    collection: 'classes',
    where: bothOf({ id: { equals: classId } }, taughtBy(user)),
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const cls = docs[0] as Class | undefined
  if (!cls) throw notFound(MESSAGE_TEXTS.classNotFound)
  const letter =
    'cancelledToday' in input
      ? {
          subject: MESSAGE_TEXTS.cancelledTodaySubject(cls.name),
          body: MESSAGE_TEXTS.cancelledTodayBody(cls.name, formatCalendarDay(academyToday())),
          category: 'class-changes' as const,
        }
      : input
  // A teacher writes plain text: its paragraphs become the rich text every message has.
  const message = await createMessage(req, user, { ...letter, body: richFromPlainText(letter.body), audience: { kind: 'classes', classIds: [cls.id] } })
  return toMessageDto(message)
}
