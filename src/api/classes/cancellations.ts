import type { PayloadRequest } from 'payload'

import type { Class } from '#cms/payload-types'
import { conflict } from '#api/errors'
import { classMeetsOn } from '#shared/schedule'
import { classCalendar } from './classes'

/**
 * A class cancelled on one day (issue 41) is a one-day closure of that class with this label:
 * the family's week shows it struck through ("No class — Class cancelled"), the calendar feed
 * leaves that meeting out, attendance expects nobody, and tuition not yet billed leaves the day
 * out as it does every closure (decisions §14). The cancellation's own message tells the
 * families, so the closure is written without the automatic closure notice.
 */
export const CANCELLED_LABEL = 'Class cancelled'

export const CANCELLATION_MESSAGES = {
  notCancelled: (className: string) => `${className} is not cancelled today`,
  alreadyCancelled: (className: string) => `${className} is already cancelled today: the families were told`,
} as const

const isCancellation = (day: string) => (closure: NonNullable<Class['closures']>[number]) =>
  closure.start === day && closure.end === day && closure.label === CANCELLED_LABEL

/** Whether the class was cancelled on `day` (its one-day cancellation closure). */
export function isCancelledOn(cls: Class, day: string): boolean {
  return (cls.closures ?? []).some(isCancellation(day))
}

async function writeClosures(req: PayloadRequest, cls: Class, closures: NonNullable<Class['closures']>): Promise<void> {
  await req.payload.update({
    collection: 'classes',
    id: cls.id,
    data: { closures: closures.map(({ start, end, label }) => ({ start, end, label })) },
    depth: 0,
    req,
    overrideAccess: true,
    context: { notices: false },
  })
}

/**
 * Cancels the class on `day` (409 when it is cancelled already). A class that does not meet that
 * day (not one of its weekdays, outside its term, or closed) has no meeting to cancel: nothing
 * changes (its families are still told).
 */
export async function cancelClassOn(req: PayloadRequest, cls: Class, day: string): Promise<void> {
  if (isCancelledOn(cls, day)) throw conflict(CANCELLATION_MESSAGES.alreadyCancelled(cls.name))
  if (!classMeetsOn(classCalendar(cls), day)) return
  await writeClosures(req, cls, [...(cls.closures ?? []), { start: day, end: day, label: CANCELLED_LABEL }])
}

/** Undoes the cancellation of `day`: the class meets again (409 when it was not cancelled). */
export async function undoCancellationOn(req: PayloadRequest, cls: Class, day: string): Promise<void> {
  if (!isCancelledOn(cls, day)) throw conflict(CANCELLATION_MESSAGES.notCancelled(cls.name))
  const others = (cls.closures ?? []).filter((closure) => !isCancellation(day)(closure))
  await writeClosures(req, cls, others)
}
