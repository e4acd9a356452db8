import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import type { User } from '#cms/payload-types'
import { conflict, forbidden, notFound } from '#api/errors'
import { inTransaction, queryInTransaction } from '#api/lib/database'
import { clientIp, hitRateLimit, type RateLimit } from '#api/lib/rate-limit'
import { cardLeavesWithSaver, pauseCardOf } from './card-departure'
import { recordHouseholdEvent } from './events'
import { moveHouseholdRows, stopOwnAutopay } from './family-data'
import { householdOf } from '#api/lib/ownership'
import { accessOf, callersHousehold, loadHousehold, pendingInvites, readHousehold, toHouseholdDto, type Household } from './household'
import { HOUSEHOLD_MESSAGES, type GuardianAccess, type HouseholdDto } from './schemas'

const GUARDIAN_CHANGES: RateLimit = {
  name: 'household-guardians',
  limit: 30,
  windowSeconds: 60 * 60,
  message: 'Too many changes to your household. Please try again later.',
}

function guardianOf(household: Household, guardianId: number): User {
  const guardian = household.guardians.find((user) => user.id === guardianId)
  if (!guardian) throw notFound(HOUSEHOLD_MESSAGES.guardianNotFound)
  return guardian
}

/** Takes the household's lock, then reads it afresh: two changes to one household never interleave. */
async function lockedHousehold(req: PayloadRequest, caller: User): Promise<Household> {
  return lockHousehold(req, (await callersHousehold(req, caller)).id)
}

async function lockHousehold(req: PayloadRequest, id: number): Promise<Household> {
  await queryInTransaction(req, sql`SELECT pg_advisory_xact_lock(hashtext('household'), ${id})`)
  return loadHousehold(req, id)
}

const setUser = (req: PayloadRequest, id: number, data: Partial<Pick<User, 'household' | 'guardianAccess' | 'householdPayer'>>) =>
  req.payload.update({ collection: 'users', id, data, overrideAccess: true, depth: 0, req })

/**
 * Decisions §39: no guardian removes or downgrades another full guardian (each may leave, and the
 * studio settles the rest); a view-and-attendance guardian may be removed or given full access.
 */
function refuseOtherFullGuardian(caller: User, guardian: User): void {
  if (guardian.id !== caller.id && accessOf(guardian) === 'full') throw forbidden(HOUSEHOLD_MESSAGES.otherFullGuardian)
}

/** One full guardian always stays; a payer made view-only hands the role back; the card they saved stops charging. */
async function applyAccess(req: PayloadRequest, household: Household, actor: User, guardian: User, access: GuardianAccess): Promise<void> {
  if (accessOf(guardian) === access) return
  const fullOthers = household.guardians.filter((user) => user.id !== guardian.id && accessOf(user) === 'full')
  if (access === 'view' && fullOthers.length === 0) throw conflict(HOUSEHOLD_MESSAGES.lastFullGuardian)
  await setUser(req, guardian.id, { guardianAccess: access })
  // The payer pays: a view-only guardian cannot, so the household's account pays again.
  if (access === 'view' && household.payer.id === guardian.id) await setUser(req, household.id, { householdPayer: null })
  const paused = access === 'view' && (await pauseCardOf(req, household.id, guardian.id))
  await recordHouseholdEvent(req, {
    household: household.id,
    action: 'access-changed',
    actor,
    subject: `${guardian.fullName}: ${access === 'view' ? 'view and attendance' : 'full access'}${paused ? ' (autopay off on the card they saved)' : ''}`,
  })
}

/** PATCH /api/household/guardians/:id: oneself, or a view-and-attendance guardian given full access. */
export async function changeGuardianAccess(req: PayloadRequest, caller: User, guardianId: number, access: GuardianAccess): Promise<HouseholdDto> {
  await hitRateLimit(req.payload, GUARDIAN_CHANGES, clientIp(req))
  await inTransaction(req, async () => {
    const household = await lockedHousehold(req, caller)
    const guardian = guardianOf(household, guardianId)
    if (accessOf(guardian) === access) return
    refuseOtherFullGuardian(caller, guardian)
    await applyAccess(req, household, caller, guardian, access)
  })
  return readHousehold(req, caller)
}

/** PUT /api/household/payer: which full guardian pays; the statement names them. */
export async function choosePayer(req: PayloadRequest, caller: User, guardianId: number): Promise<HouseholdDto> {
  await inTransaction(req, async () => {
    const household = await lockedHousehold(req, caller)
    const guardian = guardianOf(household, guardianId)
    if (accessOf(guardian) !== 'full') throw conflict(HOUSEHOLD_MESSAGES.payerMustBeFull)
    if (household.payer.id === guardian.id) return
    await setUser(req, household.id, { householdPayer: guardian.id === household.id ? null : guardian.id })
    await recordHouseholdEvent(req, { household: household.id, action: 'payer-changed', actor: caller, subject: guardian.fullName })
  })
  return readHousehold(req, caller)
}

/** Moves the household from its first guardian to `heir`: every row, the other guardians, the payer. */
async function handOver(req: PayloadRequest, household: Household, heir: User): Promise<void> {
  await moveHouseholdRows(req, household.id, heir.id)
  await setUser(req, household.id, { household: null, householdPayer: null, guardianAccess: 'full' })
  await setUser(req, heir.id, { household: null, householdPayer: null, guardianAccess: 'full' })
  for (const other of household.guardians.filter((user) => user.id !== heir.id && user.id !== household.id))
    await setUser(req, other.id, { household: heir.id })
}

/** Who takes the household over from its first guardian: the payer, else the oldest full guardian, else the oldest. */
function heirOf(household: Household, staying: User[]): User | undefined {
  const full = staying.filter((user) => accessOf(user) === 'full')
  return full.find((user) => user.id === household.payer.id) ?? full[0] ?? staying[0]
}

/**
 * One guardian leaves (by their own choice, or removed): they become a household of their own
 * with nothing in it but the card they saved, which goes with them (decisions §39). When they
 * held the household, it moves to the payer (or the oldest full guardian left), with its
 * children, invoices, payments, credits, a card another guardian saved, and waitlist places.
 */
async function depart(req: PayloadRequest, household: Household, leaving: User, actor: User): Promise<number> {
  const staying = household.guardians.filter((user) => user.id !== leaving.id)
  if (staying.length === 0) throw conflict(HOUSEHOLD_MESSAGES.onlyGuardian)
  if (!staying.some((user) => accessOf(user) === 'full')) throw conflict(HOUSEHOLD_MESSAGES.lastFullGuardian)
  await stopOwnAutopay(req, leaving.id)
  let remaining = household.id
  if (leaving.id !== household.id) {
    await setUser(req, leaving.id, { household: null, guardianAccess: 'full' })
    if (household.payer.id === leaving.id) await setUser(req, household.id, { householdPayer: null })
  } else {
    remaining = heirOf(household, staying)!.id
    await handOver(
      req,
      household,
      staying.find((user) => user.id === remaining)!,
    )
  }
  await cardLeavesWithSaver(req, { householdId: remaining, remainingId: remaining, saver: leaving, actor, mailSaver: true })
  return remaining
}

/**
 * Before an account is deleted (by an administrator): a household it holds with other guardians
 * goes to them, children and records included, rather than with the account; a card it saved
 * for a household comes back to it first, so it is deleted with the account (decisions §39). A
 * second guardian's own account leaves nothing else behind (its pointer and payer choice are
 * cleared by the database).
 */
export async function handOverBeforeDelete(req: PayloadRequest, accountId: number): Promise<void> {
  const account = (await req.payload.findByID({ collection: 'users', id: accountId, depth: 0, overrideAccess: true, disableErrors: true, req })) as User | null
  if (!account) return
  const { docs } = await req.payload.find({ collection: 'users', where: { household: { equals: accountId } }, depth: 0, limit: 1, overrideAccess: true, req })
  let remaining = householdOf(account)
  if (docs.length > 0) {
    const household = await loadHousehold(req, accountId)
    const heir = heirOf(
      household,
      household.guardians.filter((user) => user.id !== accountId),
    )!
    await handOver(req, household, heir)
    remaining = heir.id
    await recordHouseholdEvent(req, {
      household: heir.id,
      action: 'left',
      actor: household.account,
      subject: `${household.account.fullName} (account deleted)`,
    })
  }
  await cardLeavesWithSaver(req, { householdId: remaining, remainingId: remaining, saver: account, actor: account, mailSaver: false })
}

/** POST /api/household/leave: the caller leaves; the last guardian with full access cannot. */
export async function leaveHousehold(req: PayloadRequest, caller: User): Promise<void> {
  await hitRateLimit(req.payload, GUARDIAN_CHANGES, clientIp(req))
  await inTransaction(req, async () => {
    const household = await lockedHousehold(req, caller)
    const leaving = guardianOf(household, caller.id)
    const remaining = await depart(req, household, leaving, caller)
    await recordHouseholdEvent(req, { household: remaining, action: 'left', actor: caller, subject: leaving.fullName })
  })
}

/** DELETE /api/household/guardians/:id: a full guardian removes a view-and-attendance one (their sign-in stays, without the household). */
export async function removeGuardian(req: PayloadRequest, caller: User, guardianId: number): Promise<HouseholdDto> {
  if (guardianId === caller.id) throw conflict(HOUSEHOLD_MESSAGES.removeYourself)
  await hitRateLimit(req.payload, GUARDIAN_CHANGES, clientIp(req))
  await inTransaction(req, async () => {
    const household = await lockedHousehold(req, caller)
    const leaving = guardianOf(household, guardianId)
    refuseOtherFullGuardian(caller, leaving)
    const remaining = await depart(req, household, leaving, caller)
    await recordHouseholdEvent(req, { household: remaining, action: 'removed', actor: caller, subject: leaving.fullName })
  })
  // Read afresh: when a view-only first guardian was removed, the caller's household has a new account.
  return readHousehold(req, (await req.payload.findByID({ collection: 'users', id: caller.id, depth: 0, overrideAccess: true, req })) as User)
}

/** The household `accountId` (any of its guardians) belongs to, locked, for the studio. */
async function studioHousehold(req: PayloadRequest, accountId: number): Promise<Household> {
  const account = (await req.payload.findByID({ collection: 'users', id: accountId, depth: 0, overrideAccess: true, disableErrors: true, req })) as User | null
  if (!account) throw notFound(HOUSEHOLD_MESSAGES.householdNotFound)
  return lockHousehold(req, householdOf(account))
}

/** DELETE /api/admin/households/:id/guardians/:guardianId: the studio removes any guardian (decisions §39, it settles disputes). */
export async function removeGuardianByStudio(req: PayloadRequest, admin: User, accountId: number, guardianId: number): Promise<HouseholdDto> {
  const remaining = await inTransaction(req, async () => {
    const household = await studioHousehold(req, accountId)
    const leaving = guardianOf(household, guardianId)
    const remaining = await depart(req, household, leaving, admin)
    await recordHouseholdEvent(req, { household: remaining, action: 'removed', actor: admin, subject: leaving.fullName })
    return remaining
  })
  const household = await loadHousehold(req, remaining)
  return toHouseholdDto(household, await pendingInvites(req, household.id), null)
}

/** PATCH /api/admin/households/:id/guardians/:guardianId: the studio changes any guardian's access. */
export async function changeGuardianAccessByStudio(
  req: PayloadRequest,
  admin: User,
  accountId: number,
  guardianId: number,
  access: GuardianAccess,
): Promise<HouseholdDto> {
  const householdId = await inTransaction(req, async () => {
    const household = await studioHousehold(req, accountId)
    await applyAccess(req, household, admin, guardianOf(household, guardianId), access)
    return household.id
  })
  const household = await loadHousehold(req, householdId)
  return toHouseholdDto(household, await pendingInvites(req, household.id), null)
}
