import type { PayloadRequest } from 'payload'

import type { HouseholdInvite, User } from '#cms/payload-types'
import { notFound } from '#api/errors'
import { academyNow } from '#api/lib/academy-clock'
import { householdGuardians, householdOf } from '#api/lib/ownership'
import { optionalRelationId, relationId } from '#api/lib/relations'
import { isViewOnlyGuardian } from '#shared/roles'
import { HOUSEHOLD_MESSAGES, type GuardianAccess, type HouseholdDto, type PendingInviteDto } from './schemas'

/** A household as the rules read it: its account (the first guardian), every guardian, the payer. */
export type Household = { id: number; account: User; guardians: User[]; payer: User }

export function accessOf(user: User): GuardianAccess {
  return isViewOnlyGuardian(user) ? 'view' : 'full'
}

/** The household whose account is `householdId`: its guardians oldest first, and who pays. */
export async function loadHousehold(req: PayloadRequest, householdId: number): Promise<Household> {
  const { docs } = await req.payload.find({
    collection: 'users',
    where: householdGuardians(householdId),
    sort: 'id',
    depth: 0,
    limit: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  const guardians = docs as User[]
  const account = guardians.find((user) => user.id === householdId)
  if (!account || optionalRelationId(account.household) !== null) throw notFound(HOUSEHOLD_MESSAGES.guardianNotFound)
  return { id: householdId, account, guardians, payer: payerAmong(account, guardians) }
}

/**
 * Who pays (decisions §23): the full guardian the household chose, else its account while that
 * has full access, else its oldest full guardian. A view-only guardian never pays.
 */
function payerAmong(account: User, guardians: User[]): User {
  const full = guardians.filter((user) => accessOf(user) === 'full')
  const chosenId = optionalRelationId(account.householdPayer)
  return full.find((user) => user.id === chosenId) ?? full.find((user) => user.id === account.id) ?? full[0] ?? account
}

/**
 * The payer of a household of several guardians, for the statement of its account; null for a
 * household of one, and for a second guardian's own account (it holds no household).
 */
export async function householdPayer(req: PayloadRequest, account: User): Promise<Pick<User, 'id' | 'fullName'> | null> {
  if (optionalRelationId(account.household) !== null) return null
  const household = await loadHousehold(req, account.id)
  if (household.guardians.length < 2) return null
  return { id: household.payer.id, fullName: household.payer.fullName }
}

/** The caller's household. */
export function callersHousehold(req: PayloadRequest, caller: User): Promise<Household> {
  return loadHousehold(req, householdOf(caller))
}

/** Invitations still waiting (not accepted, revoked or expired), newest first. */
export async function pendingInvites(req: PayloadRequest, householdId: number): Promise<HouseholdInvite[]> {
  const { docs } = await req.payload.find({
    collection: 'household-invites',
    where: { and: [{ household: { equals: householdId } }, { status: { equals: 'pending' } }, { expiresAt: { greater_than: academyNow().toISOString() } }] },
    sort: '-createdAt',
    depth: 0,
    limit: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  return docs as HouseholdInvite[]
}

export function toHouseholdDto(household: Household, invites: HouseholdInvite[], viewer: User | null): HouseholdDto {
  const names = new Map(household.guardians.map((user) => [user.id, user.fullName]))
  return {
    householdId: household.id,
    payerId: household.payer.id,
    guardians: household.guardians.map((user) => ({
      id: user.id,
      fullName: user.fullName,
      email: user.email,
      access: accessOf(user),
      holdsHousehold: user.id === household.id,
      isPayer: user.id === household.payer.id,
      isYou: viewer?.id === user.id,
    })),
    invites: invites.map((invite): PendingInviteDto => ({
      id: invite.id,
      email: invite.email,
      access: invite.access,
      expiresAt: invite.expiresAt,
      invitedByName: invite.invitedBy != null ? (names.get(relationId(invite.invitedBy)) ?? null) : null,
    })),
    canManage: viewer === null || accessOf(viewer) === 'full',
  }
}

/** GET /api/household: the caller's guardians, payer and waiting invitations. */
export async function readHousehold(req: PayloadRequest, caller: User): Promise<HouseholdDto> {
  const household = await callersHousehold(req, caller)
  return toHouseholdDto(household, await pendingInvites(req, household.id), caller)
}
