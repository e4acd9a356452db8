import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'
import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import type { User } from '#cms/payload-types'
import { queryRows } from '#api/lib/database'
import { badInput } from '#api/errors'
import { categoryField } from '#shared/statuses'
import { CHOOSABLE_CATEGORIES, MESSAGE_TEXTS, type CategoryChannel, type CategoryPreferences, type ChoosableCategory } from './schemas'

/**
 * A family's choice per category of message (issue 25): email (and the portal) or the portal
 * only, kept on its notification preferences row (the accounts slice's collection, four more
 * fields). Money and safety service messages are no category: they always go by email.
 */

const row = sql`SELECT announcements_by, class_changes_by, billing_by, reminders_by FROM notification_preferences WHERE user_id = `

/** The caller's four choices (email for a category never chosen). */
export async function readCategoryPreferences(db: PayloadRequest | Payload, userId: number): Promise<CategoryPreferences> {
  const [found] = await queryRows<Record<string, CategoryChannel | null>>(db, sql`${row}${userId}`)
  const columns = { announcements: 'announcements_by', 'class-changes': 'class_changes_by', billing: 'billing_by', reminders: 'reminders_by' } as const
  return Object.fromEntries(CHOOSABLE_CATEGORIES.map((category) => [category, found?.[columns[category]] ?? 'email'])) as CategoryPreferences
}

/** Sets some categories' channels on the account's row, creating the row with the spec's defaults when it has none. */
export async function setCategoryPreferences(req: PayloadRequest, userId: number, changes: Partial<CategoryPreferences>): Promise<CategoryPreferences> {
  const data = Object.fromEntries(Object.entries(changes).map(([category, channel]) => [categoryField(category as ChoosableCategory), channel]))
  if (Object.keys(data).length > 0) {
    const existing = await req.payload.find({
      collection: 'notification-preferences',
      where: { user: { equals: userId } },
      limit: 1,
      depth: 0,
      overrideAccess: true,
      req,
    })
    const id = existing.docs[0]?.id
    // The account is settled by the caller (its session, or a signed unsubscribe token): this operation's rule.
    if (id) await req.payload.update({ collection: 'notification-preferences', id, data, overrideAccess: true, depth: 0, req })
    else await req.payload.create({ collection: 'notification-preferences', data: { user: userId, ...data }, overrideAccess: true, depth: 0, req })
  }
  return readCategoryPreferences(req, userId)
}

export async function updateOwnCategoryPreferences(req: PayloadRequest, user: User, changes: Partial<CategoryPreferences>): Promise<CategoryPreferences> {
  return setCategoryPreferences(req, user.id, changes)
}

/* The one-click unsubscribe (RFC 8058): a token that names the account and the category, signed with a key derived from the app's secret. */

function tokenKey(payload: Payload): Buffer {
  return Buffer.from(hkdfSync('sha256', payload.secret, 'academy', 'message-unsubscribe', 32))
}

const sign = (payload: Payload, body: string) => createHmac('sha256', tokenKey(payload)).update(body).digest('base64url')

export function unsubscribeToken(payload: Payload, userId: number, category: ChoosableCategory): string {
  const body = `${userId}.${category}`
  return `${body}.${sign(payload, body)}`
}

/** The account and category of a token, or 400 when it is not one of ours. */
export function readUnsubscribeToken(payload: Payload, token: string): { userId: number; category: ChoosableCategory } {
  const [id, category, signature] = token.split('.')
  const userId = Number(id)
  const valid =
    Number.isInteger(userId) &&
    userId > 0 &&
    (CHOOSABLE_CATEGORIES as readonly string[]).includes(category ?? '') &&
    signature !== undefined &&
    safeEqual(signature, sign(payload, `${userId}.${category}`))
  if (!valid) throw badInput(MESSAGE_TEXTS.unsubscribeInvalid)
  return { userId, category: category as ChoosableCategory }
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
