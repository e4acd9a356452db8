import type { Payload, PayloadRequest } from 'payload'

import type { NotificationPreference, User } from '#cms/payload-types'
import { householdGuardians } from '#api/lib/ownership'
import { academyName, sendMail } from './mail-time'
import type { MailContent } from './mail-layout'

/** Email notifications are on unless the guardian turned them off (no row = the spec's defaults). */
export async function wantsEmail(on: { payload: Payload }, userId: number): Promise<boolean> {
  const result = await on.payload.find({
    collection: 'notification-preferences',
    where: { user: { equals: userId } },
    depth: 0,
    limit: 1,
    pagination: false,
    overrideAccess: true,
  })
  const prefs = result.docs[0] as NotificationPreference | undefined
  return prefs?.emailNotifications !== false
}

/**
 * Every guardian of the household whose account is `householdId` (decisions §23): its first
 * guardian and the guardians who joined it, oldest first, each with an address.
 */
export async function guardiansOf(payload: Payload, householdId: number): Promise<User[]> {
  const { docs } = await payload.find({
    collection: 'users',
    where: householdGuardians(householdId),
    sort: 'id',
    depth: 0,
    limit: 0,
    pagination: false,
    overrideAccess: true,
  })
  return (docs as User[]).filter((user) => Boolean(user.email))
}

/**
 * A family mail (a confirmation, a receipt, a declined charge) to every guardian of the household
 * who wants email, each greeted by name and each by their own choice: two parents both hear that
 * their child was enrolled or that a payment went through. With an operation's `req` the mails
 * commit or roll back with it, as `sendMail`'s do. Returns how many were queued.
 */
export async function mailHousehold(
  on: PayloadRequest | Payload,
  householdId: number,
  compose: (guardian: User, academy: string) => MailContent,
): Promise<number> {
  const payload = 'payload' in on ? on.payload : on
  const guardians = await guardiansOf(payload, householdId)
  const wanted = await Promise.all(guardians.map((guardian) => wantsEmail({ payload }, guardian.id)))
  const recipients = guardians.filter((_, index) => wanted[index])
  if (recipients.length === 0) return 0
  const academy = await academyName(payload)
  for (const guardian of recipients) await sendMail(on, guardian.email, compose(guardian, academy))
  return recipients.length
}
