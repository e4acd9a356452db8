import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import type { HouseholdInvite, User } from '#cms/payload-types'
import { registerAccount } from '#api/accounts'
import { badInput, conflict, forbidden, notFound } from '#api/errors'
import { academyNow } from '#api/lib/academy-clock'
import { inTransaction, queryInTransaction } from '#api/lib/database'
import { householdOf } from '#api/lib/ownership'
import { relationId } from '#api/lib/relations'
import { clientIp, hitRateLimit, type RateLimit } from '#api/lib/rate-limit'
import { isStaffUser } from '#shared/roles'
import { recordHouseholdEvent } from './events'
import { hasFamilyOfItsOwn } from './family-data'
import { loadHousehold } from './household'
import { hashToken } from './invites'
import { HOUSEHOLD_MESSAGES, type AcceptInviteInput, type InvitePreviewDto } from './schemas'

const INVITE_LOOKUPS_PER_IP: RateLimit = {
  name: 'household-invite-lookup',
  limit: 30,
  windowSeconds: 15 * 60,
  message: 'Too many attempts. Please wait a few minutes and try again.',
}

/** The same address, as emails are compared: trimmed and in any case. */
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

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
 * POST /api/household-invites/accept: only the invited address joins. Signed in, the account joins
 * when its email is the invitation's (in any case) and it has no family of its own; signed out, a
 * new account is made with the invitation's address and signed in. Any other account is refused
 * with the same words whoever it is, and a staff account (administrator, teacher) never joins. The
 * invitation is claimed under its row lock, so a link works once even when two tabs accept at once.
 */
export async function acceptInvite(req: PayloadRequest, signedIn: User | null, input: AcceptInviteInput): Promise<{ user: User; token: string | null }> {
  const invite = await usableInvite(req, input.token)
  if (!signedIn && !input.account) throw badInput(HOUSEHOLD_MESSAGES.needAccount)
  if (signedIn && isStaffUser(signedIn)) throw conflict(HOUSEHOLD_MESSAGES.staffAccount)
  if (signedIn && !sameAddress(signedIn.email, invite.email)) throw forbidden(HOUSEHOLD_MESSAGES.otherAddress)
  const householdId = relationId(invite.household)
  return inTransaction(req, async () => {
    const [row] = await queryInTransaction<{ status: string }>(req, sql`SELECT status FROM household_invites WHERE id = ${invite.id} FOR UPDATE`)
    if (row?.status !== 'pending') throw notFound(HOUSEHOLD_MESSAGES.inviteInvalid)
    const household = await loadHousehold(req, householdId)
    let user: User
    let token: string | null = null
    if (signedIn) {
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
