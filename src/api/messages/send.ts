import { sql } from '@payloadcms/db-postgres'
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'

import type { Message, User } from '#cms/payload-types'
import { academyName } from '#api/email'
import { badInput, conflict, notFound } from '#api/errors'
import { academyNow, academyToday } from '#api/lib/academy-clock'
import { inTransaction, queryRows } from '#api/lib/database'
import { audienceLabel, previewOf, resolveAudience, type Guardian } from './audience'
import { copyComposer } from './compose'
import { queueCopies } from './delivery'
import { readRichBody } from './rich-text.schemas'
import { MESSAGE_TEXTS, type Audience, type AudiencePreview, type MessageCategory, type PreviewInput, type SendInput } from './schemas'

/**
 * Sending a message (issue 25): now, or at a later time (the `scheduledMessages` task sends it
 * then, with the audience as it is at that time), and cancelled until it is sent.
 */

/** A class audience (its classes' families, or those waiting for them) names classes that exist: 404 otherwise. */
async function refuseUnknownClasses(req: PayloadRequest, audience: Audience): Promise<void> {
  if (audience.kind !== 'classes' && audience.kind !== 'waitlist') return
  const wanted = [...new Set(audience.classIds)]
  const { totalDocs } = await req.payload.count({ collection: 'classes', where: { id: { in: wanted } }, overrideAccess: true, req })
  if (totalDocs !== wanted.length) throw notFound(MESSAGE_TEXTS.classNotFound)
}

export async function previewAudience(req: PayloadRequest, input: PreviewInput): Promise<AudiencePreview> {
  await refuseUnknownClasses(req, input.audience)
  return previewOf(await resolveAudience(req, input.audience, input.category, academyToday()))
}

/**
 * POST /api/admin/messages and a teacher's message: stores it, and sends it now unless it is for
 * later. Refused, with nothing stored: a class that does not exist (404), and a message to send
 * now that would reach nobody (400). A message for later reaches its audience as it is then.
 */
export async function createMessage(req: PayloadRequest, user: User, input: SendInput): Promise<Message> {
  const now = academyNow()
  if (input.scheduledFor && new Date(input.scheduledFor).getTime() <= now.getTime()) throw badInput(MESSAGE_TEXTS.scheduledInPast)
  await refuseUnknownClasses(req, input.audience)
  return inTransaction(req, async () => {
    const guardians = input.scheduledFor ? null : await resolveAudience(req, input.audience, input.category, academyToday())
    if (guardians?.length === 0) throw badInput(MESSAGE_TEXTS.noRecipients)
    const message = (await req.payload.create({
      collection: 'messages',
      data: {
        subject: input.subject,
        body: input.body,
        category: input.category,
        audience: input.audience,
        audienceLabel: await audienceLabel(req, input.audience),
        sender: user.id,
        senderName: user.fullName,
        status: input.scheduledFor ? 'scheduled' : 'sending',
        scheduledFor: input.scheduledFor ?? null,
      },
      overrideAccess: true,
      depth: 0,
      req,
    })) as Message
    if (!guardians) return message
    return dispatch(req, message, guardians)
  })
}

/**
 * Writes the copies for the audience at this moment (`guardians`, when the caller resolved it
 * already) and queues the emails; the message is then `sent`.
 */
async function dispatch(req: PayloadRequest, message: Message, resolved?: Guardian[]): Promise<Message> {
  const category = message.category as MessageCategory
  const guardians = resolved ?? (await resolveAudience(req, message.audience as Audience, category, academyToday()))
  const letter = { subject: message.subject, body: readRichBody(message.body), category, academy: await academyName(req.payload) }
  await queueCopies(req, message.id, guardians, copyComposer(req.payload, letter))
  return (await req.payload.update({
    collection: 'messages',
    id: message.id,
    data: { status: 'sent', sentAt: academyNow().toISOString() },
    overrideAccess: true,
    depth: 0,
    req,
  })) as Message
}

/**
 * A scheduled message whose audience is empty when its time comes is not "sent to nobody": the
 * app cancels it and says why, where the console lists it, so the office can send it again.
 */
async function cancelForNobody(req: PayloadRequest, message: Message): Promise<Message> {
  return (await req.payload.update({
    collection: 'messages',
    id: message.id,
    data: { status: 'cancelled', cancelledAt: academyNow().toISOString(), notSentReason: MESSAGE_TEXTS.noRecipientsAtItsTime },
    overrideAccess: true,
    depth: 0,
    req,
  })) as Message
}

/** POST /api/admin/messages/:id/cancel: only a message still waiting for its time. */
export async function cancelMessage(req: PayloadRequest, id: number): Promise<Message> {
  const existing = await req.payload.findByID({ collection: 'messages', id, depth: 0, overrideAccess: true, disableErrors: true, req })
  if (!existing) throw notFound(MESSAGE_TEXTS.notFound)
  // The claim and the cancel are one conditional UPDATE each: whichever comes first wins, never both.
  const rows = await queryRows<{ id: number }>(
    req,
    sql`UPDATE messages SET status = 'cancelled', cancelled_at = ${academyNow().toISOString()}::timestamptz, updated_at = now()
      WHERE id = ${id} AND status IN ('draft', 'scheduled') RETURNING id`,
  )
  if (rows.length === 0) throw conflict(MESSAGE_TEXTS.notCancellable)
  return (await req.payload.findByID({ collection: 'messages', id, depth: 0, overrideAccess: true, req })) as Message
}

/**
 * The scheduled step (each minute, cms/message-jobs.ts): sends every scheduled message whose time
 * has come. Each is claimed by a conditional UPDATE (scheduled → sending) in its own
 * transaction, so two processes never send one twice and a cancel that came first wins.
 */
export async function sendDueMessages(payload: Payload): Promise<{ sent: number[]; notSent: number[] }> {
  const sent: number[] = []
  const notSent: number[] = []
  for (;;) {
    const req = await createLocalReq({}, payload)
    const done = await inTransaction(req, async () => {
      const [claimed] = await queryRows<{ id: number }>(
        req,
        sql`UPDATE messages SET status = 'sending', updated_at = now()
          WHERE id = (SELECT id FROM messages WHERE status = 'scheduled' AND scheduled_for <= ${academyNow().toISOString()}::timestamptz
            ORDER BY scheduled_for, id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING id`,
      )
      if (!claimed) return null
      const message = (await req.payload.findByID({ collection: 'messages', id: claimed.id, depth: 0, overrideAccess: true, req })) as Message
      const guardians = await resolveAudience(req, message.audience as Audience, message.category as MessageCategory, academyToday())
      if (guardians.length === 0) return { id: (await cancelForNobody(req, message)).id, sent: false }
      return { id: (await dispatch(req, message, guardians)).id, sent: true }
    })
    if (done === null) return { sent, notSent }
    ;(done.sent ? sent : notSent).push(done.id)
  }
}
