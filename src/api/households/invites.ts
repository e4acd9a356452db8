import { createHash, randomBytes } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import type { HouseholdInvite, User } from '#cms/payload-types'
import { registerAccount } from '#api/accounts'
import { academyName, sendMail } from '#api/email'
import { badInput, conflict, notFound } from '#api/errors'
import { academyNow } from '#api/lib/academy-clock'
import { inTransaction, queryInTransaction } from '#api/lib/database'
import { householdOf } from '#api/lib/ownership'
import { relationId } from '#api/lib/relations'
import { clientIp, hitRateLimit, type RateLimit } from '#api/lib/rate-limit'
import { getAppContext } from '#server/context.server'
import { isAdminUser } from '#shared/roles'
import { recordHouseholdEvent } from './events'
import { callersHousehold, loadHousehold, pendingInvites } from './household'
import { householdInviteMail } from './invite-mail'
import { hasFamilyOfItsOwn } from './family-data'
import {
  HOUSEHOLD_MESSAGES,
  INVITE_VALID_DAYS,
  MAX_PENDING_INVITES,
  type AcceptInviteInput,
  type InviteInput,
  type InvitePreviewDto,
  type PendingInviteDto,
} from './schemas'

const INVITES_PER_HOUSEHOLD: RateLimit = {
  name: 'household-invite',
  limit: 10,
  windowSeconds: 24 * 60 * 60,
  message: 'Too many invitations today. Please try again tomorrow.',
}
const INVITE_LOOKUPS_PER_IP: RateLimit = {
  name: 'household-invite-lookup',
  limit: 30,
  windowSeconds: 15 * 60,
  message: 'Too many attempts. Please wait a few minutes and try again.',
}

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')

/**
 * POST /api/household/invites: a single-use link to the address, valid 7 days. The answer and the
 * mail are the same whether or not the address has an account, so the inviter never learns it.
 * A new invitation to the same address replaces the one waiting.
 */
export async function inviteGuardian(req: PayloadRequest, caller: User, input: InviteInput): Promise<PendingInviteDto> {
  const household = await callersHousehold(req, caller)
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

type UsableInvite = HouseholdInvite & { household: number | User }

/** A waiting, unexpired invitation of a household that still exists, by its link's token; anything else is the same 404. */
async function usableInvite(req: PayloadRequest, token: string): Promise<UsableInvite> {
  await hitRateLimit(req.payload, INVITE_LOOKUPS_PER_IP, clientIp(req))
  const { docs } = await req.payload.find({
    collection: 'household-invites',
    where: { tokenHash: { equals: hashToken(token) } },
    depth: 0,
    limit: 1,
    overrideAccess: true,
    req,
  })
  const invite = docs[0] as HouseholdInvite | undefined
  if (!invite || invite.household == null || invite.status !== 'pending' || Date.parse(invite.expiresAt) <= academyNow().getTime())
    throw notFound(HOUSEHOLD_MESSAGES.inviteInvalid)
  return invite as UsableInvite
}

/** POST /api/household-invites/preview: what the link offers, for the join page. */
export async function previewInvite(req: PayloadRequest, token: string): Promise<InvitePreviewDto> {
  const invite = await usableInvite(req, token)
  const household = await loadHousehold(req, relationId(invite.household))
  const inviter = household.guardians.find((guardian) => invite.invitedBy != null && guardian.id === relationId(invite.invitedBy))
  return {
    householdName: household.account.fullName,
    invitedByName: inviter?.fullName ?? null,
    email: invite.email,
    access: invite.access,
    expiresAt: invite.expiresAt,
  }
}

/**
 * POST /api/household-invites/accept: the signed-in account joins (if it has no family of its
 * own), or a new account is made with the invitation's address and signed in. The invitation is
 * claimed under its row lock, so a link works once even when two tabs accept at the same time.
 */
export async function acceptInvite(req: PayloadRequest, input: AcceptInviteInput): Promise<{ user: User; token: string | null }> {
  const invite = await usableInvite(req, input.token)
  const signedIn = (req.user as User | null) ?? null
  if (!signedIn && !input.account) throw badInput(HOUSEHOLD_MESSAGES.needAccount)
  const householdId = relationId(invite.household)
  return inTransaction(req, async () => {
    const [row] = await queryInTransaction<{ status: string }>(req, sql`SELECT status FROM household_invites WHERE id = ${invite.id} FOR UPDATE`)
    if (row?.status !== 'pending') throw notFound(HOUSEHOLD_MESSAGES.inviteInvalid)
    const household = await loadHousehold(req, householdId)
    let user: User
    let token: string | null = null
    if (signedIn) {
      if (isAdminUser(signedIn)) throw conflict(HOUSEHOLD_MESSAGES.staffAccount)
      if (householdOf(signedIn) === householdId) throw conflict(HOUSEHOLD_MESSAGES.alreadyInHousehold)
      if (await hasFamilyOfItsOwn(req, signedIn)) throw conflict(HOUSEHOLD_MESSAGES.accountHasFamily)
      user = (await req.payload.update({
        collection: 'users',
        id: signedIn.id,
        data: { household: householdId, guardianAccess: invite.access },
        overrideAccess: true,
        depth: 0,
        req,
      })) as User
    } else {
      ;({ user, token } = await registerAccount(req, { ...input.account!, email: invite.email }, { household: householdId, guardianAccess: invite.access }))
    }
    await req.payload.update({
      collection: 'household-invites',
      id: invite.id,
      data: { status: 'accepted', acceptedBy: user.id, acceptedAt: academyNow().toISOString() },
      overrideAccess: true,
      depth: 0,
      req,
    })
    await recordHouseholdEvent(req, { household: household.id, action: 'joined', actor: user, subject: `${user.fullName} <${user.email}>` })
    return { user, token }
  })
}
