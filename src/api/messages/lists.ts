import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import type { Message, MessageRecipient, User } from '#cms/payload-types'
import { notFound } from '#api/errors'
import { queryRows } from '#api/lib/database'
import { relationId } from '#api/lib/relations'
import type { CategoryChannel, DeliveryStatus } from '#shared/statuses'
import { readRichBody, richToPlainText } from './rich-text.schemas'
import { MESSAGE_TEXTS, type Audience, type MessageCategory, type MessageDto, type RecipientDto, type StudentRef } from './schemas'

/** What administrators see of the messages (issue 25): every message, newest first, with its delivery counts, and one message's recipients. */

type Counts = MessageDto['counts']
const noCounts = (): Counts => ({ recipients: 0, queued: 0, sent: 0, failed: 0, portalOnly: 0, read: 0 })

export function toMessageDto(message: Message, counts: Counts = noCounts()): MessageDto {
  const bodyRich = readRichBody(message.body)
  return {
    id: message.id,
    subject: message.subject,
    body: richToPlainText(bodyRich),
    bodyRich,
    category: message.category as MessageCategory,
    audience: message.audience as Audience,
    audienceLabel: message.audienceLabel ?? '',
    status: message.status,
    senderName: message.senderName ?? null,
    scheduledFor: message.scheduledFor ?? null,
    sentAt: message.sentAt ?? null,
    notSentReason: message.notSentReason ?? null,
    counts,
  }
}

async function countsOf(req: PayloadRequest, ids: number[]): Promise<Map<number, Counts>> {
  if (ids.length === 0) return new Map()
  const rows = await queryRows<{ message_id: number; delivery: DeliveryStatus; n: number; read: number }>(
    req,
    sql`SELECT message_id, delivery::text, count(*)::int AS n, count(read_at)::int AS read FROM message_recipients
      WHERE message_id IN (SELECT value::int FROM json_array_elements_text(${JSON.stringify(ids)}::json)) GROUP BY message_id, delivery`,
  )
  const byMessage = new Map<number, Counts>()
  for (const row of rows) {
    const counts = byMessage.get(Number(row.message_id)) ?? noCounts()
    counts.recipients += row.n
    counts.read += row.read
    const key = ({ queued: 'queued', sent: 'sent', failed: 'failed', 'portal-only': 'portalOnly' } as const)[row.delivery]
    counts[key] += row.n
    byMessage.set(Number(row.message_id), counts)
  }
  return byMessage
}

/** GET /api/admin/messages: the latest 200. */
export async function listMessages(req: PayloadRequest, user: User): Promise<MessageDto[]> {
  const { docs } = await req.payload.find({ collection: 'messages', sort: ['-createdAt', '-id'], limit: 200, depth: 0, overrideAccess: false, user, req })
  const counts = await countsOf(
    req,
    docs.map((doc) => doc.id),
  )
  return (docs as Message[]).map((doc) => toMessageDto(doc, counts.get(doc.id)))
}

/** GET /api/admin/messages/:id: the message and each recipient's status. */
export async function messageWithRecipients(req: PayloadRequest, user: User, id: number): Promise<MessageDto & { recipients: RecipientDto[] }> {
  const message = (await req.payload.findByID({
    collection: 'messages',
    id,
    depth: 0,
    overrideAccess: false,
    user,
    disableErrors: true,
    req,
  })) as Message | null
  if (!message) throw notFound(MESSAGE_TEXTS.notFound)
  const { docs } = await req.payload.find({
    collection: 'message-recipients',
    where: { message: { equals: id } },
    pagination: false,
    limit: 0,
    depth: 0,
    overrideAccess: false,
    user,
    req,
  })
  const names = await queryRows<{ id: number; full_name: string }>(
    req,
    sql`SELECT id, full_name FROM users WHERE id IN (SELECT value::int FROM json_array_elements_text(${JSON.stringify(docs.map((doc) => relationId(doc.user)))}::json))`,
  )
  const nameOf = new Map(names.map((row) => [Number(row.id), row.full_name]))
  const recipients = (docs as MessageRecipient[])
    .map((doc) => ({
      userId: relationId(doc.user),
      fullName: nameOf.get(relationId(doc.user)) ?? '',
      email: doc.email ?? null,
      channel: doc.channel as CategoryChannel,
      delivery: doc.delivery as DeliveryStatus,
      smtpAnswer: doc.smtpAnswer ?? null,
      readAt: doc.readAt ?? null,
      students: (doc.students as StudentRef[] | null) ?? [],
    }))
    .sort((a, b) => a.fullName.localeCompare(b.fullName))
  const counts = await countsOf(req, [id])
  return { ...toMessageDto(message, counts.get(id)), recipients }
}
