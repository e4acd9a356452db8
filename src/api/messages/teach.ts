import type { PayloadRequest } from 'payload'

import type { Class, User } from '#cms/payload-types'
import { notFound } from '#api/errors'
import { lockClass } from '#api/admission'
import { cancelClassOn, undoCancellationOn } from '#api/classes'
import { academyToday } from '#api/lib/academy-clock'
import { inTransaction } from '#api/lib/database'
import { bothOf, taughtBy } from '#api/lib/ownership'
import { formatCalendarDay } from '#shared/dates'
import { toMessageDto } from './lists'
import { richFromPlainText } from './rich-text.schemas'
import { createMessage } from './send'
import { MESSAGE_TEXTS, type MessageDto, type TeacherMessageInput } from './schemas'

/** The class the caller teaches (any class for an administrator), or 404, as the roster answers. */
async function taughtClass(req: PayloadRequest, user: User, classId: number): Promise<Class> {
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
  return cls
}

/** A message to every family of the class, in the teacher's name. */
async function tellClass(req: PayloadRequest, user: User, cls: Class, letter: Exclude<TeacherMessageInput, { cancelledToday: true }>) {
  // A teacher writes plain text: its paragraphs become the rich text every message has.
  const message = await createMessage(req, user, { ...letter, body: richFromPlainText(letter.body), audience: { kind: 'classes', classIds: [cls.id] } })
  return toMessageDto(message)
}

/**
 * A teacher's message to the families of one of their own classes (issue 25), or the two-tap
 * "class cancelled today" notice. Another teacher's class answers 404, as the roster does
 * (`taughtBy`); an administrator may send for any class. Cancelling also makes today a closure
 * of the class when it meets today (#api/classes cancellations), under the class's lock so two
 * taps cancel once.
 */
export async function sendClassMessage(req: PayloadRequest, user: User, classId: number, input: TeacherMessageInput): Promise<MessageDto> {
  if (!('cancelledToday' in input)) return tellClass(req, user, await taughtClass(req, user, classId), input)
  return changeToday(req, user, classId, cancelClassOn, MESSAGE_TEXTS.cancelledTodaySubject, MESSAGE_TEXTS.cancelledTodayBody)
}

/**
 * Today's meeting of a class changed and its families told, in one transaction under the class's
 * row lock (the class read again inside it), so two taps change it once.
 */
async function changeToday(
  req: PayloadRequest,
  user: User,
  classId: number,
  change: (req: PayloadRequest, cls: Class, day: string) => Promise<void>,
  subject: (className: string) => string,
  body: (className: string, day: string) => string,
): Promise<MessageDto> {
  return inTransaction(req, async () => {
    await lockClass(req, classId)
    const cls = await taughtClass(req, user, classId)
    const today = academyToday()
    await change(req, cls, today)
    return tellClass(req, user, cls, { subject: subject(cls.name), body: body(cls.name, formatCalendarDay(today)), category: 'class-changes' })
  })
}

/** Undoes today's cancellation (the same day only): the class meets after all, and its families are told. */
export async function undoCancelToday(req: PayloadRequest, user: User, classId: number): Promise<MessageDto> {
  return changeToday(req, user, classId, undoCancellationOn, MESSAGE_TEXTS.backOnTodaySubject, MESSAGE_TEXTS.backOnTodayBody)
}
