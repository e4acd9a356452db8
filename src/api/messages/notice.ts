import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import type { Message } from '#cms/payload-types'
import { academyName } from '#api/email'
import { academyNow, academyToday } from '#api/lib/academy-clock'
import { inTransaction, queryRows } from '#api/lib/database'
import type { NoticeKind } from '#shared/statuses'
import { audienceLabel, resolveAudience, type NoticeAudience } from './audience'
import { copyComposer } from './compose'
import { queueCopies } from './delivery'
import { richFromPlainText } from './rich-text.schemas'
import type { MessageCategory } from './schemas'

/**
 * An automatic notice (decisions §27): a message like any other, in the inbox of
 * every guardian it reaches and emailed by the durable copies, but sent by the app for an event
 * named by `key`. The event is told once: the key is taken under a transaction lock of its own,
 * and a second call (a task run twice, two processes, a hook run again) finds it and sends nothing.
 */
export type NoticeInput = {
  kind: NoticeKind
  key: string
  subject: string
  body: string
  category: MessageCategory
  audience: NoticeAudience
}

/** Sends the notice in the request's transaction; null when its event was already told or nobody is concerned. */
export async function sendNotice(req: PayloadRequest, notice: NoticeInput): Promise<Message | null> {
  return inTransaction(req, async () => {
    await queryRows(req, sql`SELECT pg_advisory_xact_lock(hashtext(${`notice:${notice.key}`}))`)
    const [told] = await queryRows<{ id: number }>(req, sql`SELECT id FROM messages WHERE notice_key = ${notice.key}`)
    if (told) return null
    const guardians = await resolveAudience(req, notice.audience, notice.category, academyToday())
    if (guardians.length === 0) return null
    // The studio's words are plain text (notice templates): paragraphs of rich text, like a teacher's.
    const body = richFromPlainText(notice.body)
    const message = (await req.payload.create({
      collection: 'messages',
      data: {
        subject: notice.subject,
        body,
        category: notice.category,
        audience: notice.audience,
        audienceLabel: await audienceLabel(req, notice.audience),
        senderName: await academyName(req.payload),
        status: 'sent',
        sentAt: academyNow().toISOString(),
        noticeKind: notice.kind,
        noticeKey: notice.key,
      },
      overrideAccess: true,
      depth: 0,
      req,
    })) as Message
    const letter = { subject: notice.subject, body, category: notice.category, academy: message.senderName ?? '' }
    await queueCopies(req, message.id, guardians, copyComposer(req.payload, letter))
    return message
  })
}
