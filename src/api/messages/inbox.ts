import type { PayloadRequest, Where } from 'payload'

import type { Message, MessageRecipient, User } from '#cms/payload-types'
import { notFound } from '#api/errors'
import { academyNow } from '#api/lib/academy-clock'
import { inTransaction } from '#api/lib/database'
import { relationId } from '#api/lib/relations'
import { bothOf, guardianRows } from '#api/lib/ownership'
import { submitFamilyReply } from '#api/inquiries'
import { readRichBody, richToPlainText } from './rich-text.schemas'
import { INBOX_PAGE_SIZE, MESSAGE_TEXTS, type InboxItemDto, type InboxQuery, type MessageCategory, type StudentRef } from './schemas'

/**
 * A family's inbox (issue 25): its own copies only, read as the family (`overrideAccess: false`
 * over the ownership rule), each with the message in full and the children it concerns.
 */

// A guardian's inbox holds their own copies (decisions §23: each guardian of a household has theirs).
const own = (user: User) => guardianRows(user, 'user')

function toInboxItem(copy: MessageRecipient, messages: Map<number, Message>): InboxItemDto | null {
  const message = messages.get(relationId(copy.message))
  if (!message?.sentAt) return null
  const bodyRich = readRichBody(message.body)
  return {
    id: message.id,
    subject: message.subject,
    body: richToPlainText(bodyRich),
    bodyRich,
    category: message.category as MessageCategory,
    sentAt: message.sentAt,
    senderName: message.senderName ?? null,
    readAt: copy.readAt ?? null,
    students: (copy.students as StudentRef[] | null) ?? [],
  }
}

/**
 * GET /api/messages: the caller's messages, newest first, a page at a time (INBOX_PAGE_SIZE
 * unless `limit` says otherwise); `before` (a message of the caller's inbox, 404 otherwise) asks
 * for the ones after it in that order. Every copy is reached, so the unread count (which counts
 * them all) is what the pages show.
 */
export async function listInbox(req: PayloadRequest, user: User, query: InboxQuery = {}): Promise<InboxItemDto[]> {
  const mine: Where = { user: { equals: user.id } }
  let where = mine
  if (query.before !== undefined) {
    // Keyset paging on the sort below: created before the given copy, or at the same instant with a smaller id.
    const last = await ownCopy(req, user, query.before)
    const older: Where = {
      or: [{ createdAt: { less_than: last.createdAt } }, { and: [{ createdAt: { equals: last.createdAt } }, { id: { less_than: last.id } }] }],
    }
    where = { and: [mine, older] }
  }
  const { docs } = await req.payload.find({
    collection: 'message-recipients',
    where: bothOf(own(user), where),
    sort: ['-createdAt', '-id'],
    limit: query.limit ?? INBOX_PAGE_SIZE,
    depth: 0,
    overrideAccess: false,
    user,
    req,
  })
  const copies = docs as MessageRecipient[]
  // The messages collection is closed to families: their own copies, read under the rule above, are the key to these messages.
  const found = await req.payload.find({
    collection: 'messages',
    where: { id: { in: copies.map((copy) => relationId(copy.message)) } },
    pagination: false,
    limit: 0,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const messages = new Map((found.docs as Message[]).map((message) => [message.id, message]))
  return copies.map((copy) => toInboxItem(copy, messages)).filter((item): item is InboxItemDto => item !== null)
}

async function ownCopy(req: PayloadRequest, user: User, messageId: number): Promise<MessageRecipient> {
  const { docs } = await req.payload.find({
    collection: 'message-recipients',
    where: bothOf(own(user), { and: [{ message: { equals: messageId } }, { user: { equals: user.id } }] }),
    limit: 1,
    depth: 0,
    overrideAccess: false,
    user,
    req,
  })
  const copy = docs[0] as MessageRecipient | undefined
  if (!copy) throw notFound(MESSAGE_TEXTS.notFound)
  return copy
}

/** GET /api/messages/unread-count */
export async function unreadCount(req: PayloadRequest, user: User): Promise<{ unread: number }> {
  const { totalDocs } = await req.payload.count({
    collection: 'message-recipients',
    where: bothOf(own(user), { and: [{ user: { equals: user.id } }, { readAt: { exists: false } }] }),
    overrideAccess: false,
    user,
    req,
  })
  return { unread: totalDocs }
}

/** POST /api/messages/:id/read: the first read is kept. */
export async function markRead(req: PayloadRequest, user: User, messageId: number): Promise<{ readAt: string }> {
  const copy = await ownCopy(req, user, messageId)
  if (copy.readAt) return { readAt: copy.readAt }
  const readAt = academyNow().toISOString()
  // The family may not edit its copy through /cms-api (update is admin-only): reading it is this operation's rule.
  await req.payload.update({ collection: 'message-recipients', id: copy.id, data: { readAt }, overrideAccess: true, depth: 0, req })
  return { readAt }
}

/** POST /api/messages/:id/reply: an inquiry to the studio, linked to the message it answers. */
export async function replyToMessage(req: PayloadRequest, user: User, messageId: number, text: string): Promise<{ inquiryId: number }> {
  await ownCopy(req, user, messageId)
  const message = (await req.payload.findByID({ collection: 'messages', id: messageId, depth: 0, overrideAccess: true, req })) as Message
  return inTransaction(req, async () => {
    const inquiry = await submitFamilyReply(req, user, { messageId, messageSubject: message.subject, message: text })
    return { inquiryId: inquiry.id }
  })
}
