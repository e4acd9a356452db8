import { ValidationError, type PayloadRequest } from 'payload'

import type { NotificationPreference, User } from '#cms/payload-types'
import { isUniqueViolation } from '#api/errors'
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_SETTINGS, type NotificationPreferencesDto, type NotificationPreferencesInput } from './schemas'
import { relationId } from '#api/lib/relations'
import { familyRows } from '#api/lib/ownership'

export function toNotificationPreferencesDto(row: NotificationPreference): NotificationPreferencesDto {
  const dto = {
    id: row.id,
    userId: relationId(row.user),
    updatedAt: row.updatedAt,
  } as NotificationPreferencesDto
  for (const name of NOTIFICATION_SETTINGS) dto[name] = row[name] ?? DEFAULT_NOTIFICATION_PREFERENCES[name]
  return dto
}

async function findOwnRow(req: PayloadRequest, user: User): Promise<NotificationPreference | undefined> {
  const { docs } = await req.payload.find({
    collection: 'notification-preferences',
    where: familyRows(user.id),
    overrideAccess: false,
    depth: 0,
    limit: 1,
    pagination: false,
    req,
  })
  return docs[0]
}

function isDuplicateRow(error: unknown): boolean {
  if (isUniqueViolation(error)) return true
  return error instanceof ValidationError && (error.data?.errors ?? []).some((e) => e.path === 'user')
}

/**
 * The caller's row, created with the spec's defaults on first read (decisions §3). Two first
 * reads at once both try to create it: the unique index on `user` keeps one, and the loser
 * reads the winner's row.
 */
export async function getOwnNotificationPreferences(req: PayloadRequest, user: User): Promise<NotificationPreference> {
  const existing = await findOwnRow(req, user)
  if (existing) return existing
  try {
    // Creating is admin-only in the collection; a family's own row is this operation's rule.
    return (await req.payload.create({
      collection: 'notification-preferences',
      data: { user: user.id, ...DEFAULT_NOTIFICATION_PREFERENCES },
      overrideAccess: true,
      depth: 0,
      req,
    })) as NotificationPreference
  } catch (error) {
    if (!isDuplicateRow(error)) throw error
    const winner = await findOwnRow(req, user)
    if (!winner) throw error
    return winner
  }
}

/** PATCH /api/notification-preferences: the four booleans; anything else was stripped by the schema. */
export async function updateOwnNotificationPreferences(req: PayloadRequest, user: User, input: NotificationPreferencesInput): Promise<NotificationPreference> {
  const row = await getOwnNotificationPreferences(req, user)
  const data: Partial<Record<(typeof NOTIFICATION_SETTINGS)[number], boolean>> = {}
  for (const name of NOTIFICATION_SETTINGS) if (input[name] !== undefined) data[name] = input[name]
  if (Object.keys(data).length === 0) return row
  return (await req.payload.update({
    collection: 'notification-preferences',
    id: row.id,
    data,
    overrideAccess: false,
    depth: 0,
    req,
  })) as NotificationPreference
}
