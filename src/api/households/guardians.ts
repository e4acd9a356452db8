import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import type { User } from '#cms/payload-types'
import { conflict, notFound } from '#api/errors'
import { inTransaction, queryInTransaction } from '#api/lib/database'
import { clientIp, hitRateLimit, type RateLimit } from '#api/lib/rate-limit'
import { recordHouseholdEvent } from './events'
import { moveHouseholdRows, stopOwnAutopay } from './family-data'
import { accessOf, callersHousehold, loadHousehold, readHousehold, type Household } from './household'
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
  const { id } = await callersHousehold(req, caller)
  await queryInTransaction(req, sql`SELECT pg_advisory_xact_lock(hashtext('household'), ${id})`)
  return loadHousehold(req, id)
}

const setUser = (req: PayloadRequest, id: number, data: Partial<Pick<User, 'household' | 'guardianAccess' | 'householdPayer'>>) =>
  req.payload.update({ collection: 'users', id, data, overrideAccess: true, depth: 0, req })

/** PATCH /api/household/guardians/:id: full access, or view and attendance; one full guardian always stays. */
export async function changeGuardianAccess(req: PayloadRequest, caller: User, guardianId: number, access: GuardianAccess): Promise<HouseholdDto> {
  await hitRateLimit(req.payload, GUARDIAN_CHANGES, clientIp(req))
  await inTransaction(req, async () => {
    const household = await lockedHousehold(req, caller)
    const guardian = guardianOf(household, guardianId)
    if (accessOf(guardian) === access) return
    const fullOthers = household.guardians.filter((user) => user.id !== guardian.id && accessOf(user) === 'full')
    if (access === 'view' && fullOthers.length === 0) throw conflict(HOUSEHOLD_MESSAGES.lastFullGuardian)
    await setUser(req, guardian.id, { guardianAccess: access })
    // The payer pays: a view-only guardian cannot, so the household's account pays again.
    if (access === 'view' && household.payer.id === guardian.id) await setUser(req, household.id, { householdPayer: null })
    await recordHouseholdEvent(req, {
      household: household.id,
      action: 'access-changed',
      actor: caller,
      subject: `${guardian.fullName}: ${access === 'view' ? 'view and attendance' : 'full access'}`,
    })
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
 * One guardian leaves (by their own choice or removed by another): they become a household of
 * their own with nothing in it. When they held the household, it moves to the payer (or the oldest
 * full guardian left), with its children, invoices, payments, credits, card and waitlist places.
 */
async function depart(req: PayloadRequest, household: Household, leaving: User): Promise<number> {
  const staying = household.guardians.filter((user) => user.id !== leaving.id)
  if (staying.length === 0) throw conflict(HOUSEHOLD_MESSAGES.onlyGuardian)
  if (!staying.some((user) => accessOf(user) === 'full')) throw conflict(HOUSEHOLD_MESSAGES.lastFullGuardian)
  await stopOwnAutopay(req, leaving.id)
  if (leaving.id !== household.id) {
    await setUser(req, leaving.id, { household: null, guardianAccess: 'full' })
    if (household.payer.id === leaving.id) await setUser(req, household.id, { householdPayer: null })
    return household.id
  }
  const heir = heirOf(household, staying)!
  await handOver(req, household, heir)
  return heir.id
}

/**
 * Before an account is deleted (by an administrator): a household it holds with other guardians
 * goes to them, children and records included, rather than with the account. A second guardian's
 * own account leaves nothing behind (its pointer and payer choice are cleared by the database).
 */
export async function handOverBeforeDelete(req: PayloadRequest, accountId: number): Promise<void> {
  const { docs } = await req.payload.find({ collection: 'users', where: { household: { equals: accountId } }, depth: 0, limit: 1, overrideAccess: true, req })
  if (docs.length === 0) return
  const household = await loadHousehold(req, accountId)
  const heir = heirOf(
    household,
    household.guardians.filter((user) => user.id !== accountId),
  )!
  await handOver(req, household, heir)
  await recordHouseholdEvent(req, { household: heir.id, action: 'left', actor: household.account, subject: `${household.account.fullName} (account deleted)` })
}

/** POST /api/household/leave: the caller leaves; the last guardian with full access cannot. */
export async function leaveHousehold(req: PayloadRequest, caller: User): Promise<void> {
  await hitRateLimit(req.payload, GUARDIAN_CHANGES, clientIp(req))
  await inTransaction(req, async () => {
    const household = await lockedHousehold(req, caller)
    const leaving = guardianOf(household, caller.id)
    const remaining = await depart(req, household, leaving)
    await recordHouseholdEvent(req, { household: remaining, action: 'left', actor: caller, subject: leaving.fullName })
  })
}

/** DELETE /api/household/guardians/:id: a full guardian removes another (their sign-in stays, without the household). */
export async function removeGuardian(req: PayloadRequest, caller: User, guardianId: number): Promise<HouseholdDto> {
  if (guardianId === caller.id) throw conflict(HOUSEHOLD_MESSAGES.removeYourself)
  await hitRateLimit(req.payload, GUARDIAN_CHANGES, clientIp(req))
  await inTransaction(req, async () => {
    const household = await lockedHousehold(req, caller)
    const leaving = guardianOf(household, guardianId)
    const remaining = await depart(req, household, leaving)
    await recordHouseholdEvent(req, { household: remaining, action: 'removed', actor: caller, subject: leaving.fullName })
  })
  // Read afresh: when the first guardian was removed, the caller's household has a new account.
  return readHousehold(req, (await req.payload.findByID({ collection: 'users', id: caller.id, depth: 0, overrideAccess: true, req })) as User)
}
