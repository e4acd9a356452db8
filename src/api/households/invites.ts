import { createHash, randomBytes } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import type { HouseholdInvite, User } from '#cms/payload-types'
import { academyName, sendMail } from '#api/email'
import { conflict, notFound } from '#api/errors'
import { academyNow, academyToday } from '#api/lib/academy-clock'
import { inTransaction, queryInTransaction, queryRows } from '#api/lib/database'
import { householdOf } from '#api/lib/ownership'
import { hitRateLimit, type RateLimit } from '#api/lib/rate-limit'
import { getAppContext } from '#server/context.server'
import { ACTIVE_WAITLIST_STATUSES } from '#shared/statuses'
import { recordHouseholdEvent } from './events'
import { callersHousehold, pendingInvites } from './household'
import { householdInviteMail } from './invite-mail'
import { HOUSEHOLD_MESSAGES, INVITE_VALID_DAYS, INVITES_PER_DAY, MAX_PENDING_INVITES, type InviteInput, type PendingInviteDto } from './schemas'

const INVITES_PER_HOUSEHOLD: RateLimit = {
  name: 'household-invite',
  limit: INVITES_PER_DAY,
  windowSeconds: 24 * 60 * 60,
  message: HOUSEHOLD_MESSAGES.tooManyInvitesToday,
}

/** What the link's token is stored as: its SHA-256, never the token itself. */
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')

/**
 * Whether the household dances here: a child with a current or coming enrollment (its last day not
 * past) or a place waiting or offered on a waitlist. Only such a household may have the academy
 * mail an invitation, so a bare sign-up cannot make it send mail to any address.
 */
async function hasDancer(req: PayloadRequest, householdId: number): Promise<boolean> {
  const today = academyToday()
  const [row] = await queryRows<{ found: boolean }>(
    req,
    sql`SELECT EXISTS (
        SELECT 1 FROM enrollments e JOIN students s ON s.id = e.student_id
        WHERE s.user_id = ${householdId} AND (e.end_date IS NULL OR to_char(e.end_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') >= ${today})
      ) OR EXISTS (
        SELECT 1 FROM waitlist_entries w
        WHERE w.family_id = ${householdId} AND w.status::text IN (SELECT json_array_elements_text(${JSON.stringify(ACTIVE_WAITLIST_STATUSES)}::json))
      ) AS found`,
  )
  return row?.found === true
}

/**
 * POST /api/household/invites: a single-use link to the address, valid 7 days, from a household
 * with a child enrolled or on a waitlist, at most INVITES_PER_DAY a day. The answer and the mail
 * are the same whether or not the address has an account, so the inviter never learns it. A new
 * invitation to the same address replaces the one waiting.
 */
export async function inviteGuardian(req: PayloadRequest, caller: User, input: InviteInput): Promise<PendingInviteDto> {
  const household = await callersHousehold(req, caller)
  if (!(await hasDancer(req, household.id))) throw conflict(HOUSEHOLD_MESSAGES.inviteNeedsDancer)
  await hitRateLimit(req.payload, INVITES_PER_HOUSEHOLD, String(household.id))
  if (household.guardians.some((guardian) => guardian.email === input.email)) throw conflict(HOUSEHOLD_MESSAGES.alreadyGuardian)
  const token = randomBytes(32).toString('base64url')
  const invite = await inTransaction(req, async () => {
    // One invitation at a time per household: the count and the insert cannot interleave.
    await queryInTransaction(req, sql`SELECT pg_advisory_xact_lock(hashtext('household-invites'), ${household.id})`)
    const waiting = await pendingInvites(req, household.id)
    for (const earlier of waiting.filter((w) => w.email === input.email))
      await req.payload.update({ collection: 'household-invites', id: earlier.id, data: { status: 'revoked' }, overrideAccess: true, depth: 0, req })
    if (waiting.filter((w) => w.email !== input.email).length >= MAX_PENDING_INVITES) throw conflict(HOUSEHOLD_MESSAGES.tooManyInvites)
    const created = (await req.payload.create({
      collection: 'household-invites',
      data: {
        household: household.id,
        email: input.email,
        access: input.access,
        invitedBy: caller.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(academyNow().getTime() + INVITE_VALID_DAYS * 24 * 60 * 60 * 1000).toISOString(),
        status: 'pending',
      },
      overrideAccess: true,
      depth: 0,
      req,
    })) as HouseholdInvite
    await recordHouseholdEvent(req, {
      household: household.id,
      action: 'invited',
      actor: caller,
      subject: `${input.email} (${input.access === 'view' ? 'view and attendance' : 'full access'})`,
    })
    const link = `${getAppContext().env.publicOrigin}/household/join?token=${token}`
    await sendMail(
      req,
      input.email,
      householdInviteMail({ academyName: await academyName(req.payload), inviterName: caller.fullName, link, access: input.access }),
    )
    return created
  })
  return { id: invite.id, email: invite.email, access: invite.access, expiresAt: invite.expiresAt, invitedByName: caller.fullName }
}

/** DELETE /api/household/invites/:id: the link stops working. */
export async function revokeInvite(req: PayloadRequest, caller: User, inviteId: number): Promise<void> {
  const householdId = householdOf(caller)
  const invite = (await pendingInvites(req, householdId)).find((w) => w.id === inviteId)
  if (!invite) throw notFound(HOUSEHOLD_MESSAGES.inviteNotFound)
  await inTransaction(req, async () => {
    await req.payload.update({ collection: 'household-invites', id: invite.id, data: { status: 'revoked' }, overrideAccess: true, depth: 0, req })
    await recordHouseholdEvent(req, { household: householdId, action: 'invite-revoked', actor: caller, subject: invite.email })
  })
}
