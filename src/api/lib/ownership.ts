import type { Where } from 'payload'

import { isAdminUser, type RoleSubject } from '#shared/roles'
import { optionalRelationId } from './relations'

/**
 * Who owns a row, as one `Where` per rule (issue 22): the collections' access functions
 * (`cms/access/`) and the operations of the slices read the same rule from here, so the
 * contract, `/cms` and Payload's REST never disagree on what a caller may see.
 *
 * Every function takes the caller (its id and roles, a `User` or a page's viewer) and answers
 * with the filter to apply: `everyRow()` (no filter) for an administrator, the caller's own rows
 * otherwise. Pure: no database, no request.
 */

/**
 * A signed-in caller as the rules see it: their account, and the household they are a guardian
 * of (`household`, the household's account; empty when the household is their own account).
 */
export type Caller = { id: number; household?: number | { id: number } | null; householdId?: number } & NonNullable<RoleSubject>

/**
 * The household a caller belongs to, as the id its rows carry (decisions §23): a household is
 * the account of its first guardian, and every row of the family (students, invoices, payments,
 * credits, cards, waitlist places) names that account. A second guardian's own account points at
 * it; the first guardian's, and every account of a household of one, at nothing.
 */
export function householdOf(caller: Pick<Caller, 'id' | 'household' | 'householdId'>): number {
  // An account carries `household`; a page's viewer (UserDto) carries the answer as `householdId`.
  return caller.householdId ?? optionalRelationId(caller.household) ?? caller.id
}

/** Fields that name a row's family: the account itself, or through the row's student. */
export type FamilyField = 'user' | 'userId' | 'student.user' | 'household'

/** No filter: the rule lets the caller see every row (a new object each time: Payload may extend a query it is given). */
export function everyRow(): Where {
  return {}
}

/** Whether a filter is `everyRow()` (what an access function answers as `true`). */
export function isEveryRow(where: Where): boolean {
  return Object.keys(where).length === 0
}

/** The rows of one family, whoever asks (a family's own list; an administrator reading one family). */
export function familyRows(familyId: number, field: FamilyField = 'user'): Where {
  return { [field]: { equals: familyId } }
}

/** The accounts of a household's guardians: its own account and every account that joined it. */
export function householdGuardians(householdId: number): Where {
  return { or: [{ id: { equals: householdId } }, { household: { equals: householdId } }] }
}

/** Rows that belong to a family: an administrator sees all of them, a guardian their household's. */
export function ownedByFamily(caller: Caller, field: FamilyField = 'user'): Where {
  return isAdminUser(caller) ? everyRow() : familyRows(householdOf(caller), field)
}

/** The account that holds a household's rows: an administrator reads any, a guardian their household's. */
export function householdAccount(caller: Caller): Where {
  return isAdminUser(caller) ? everyRow() : { id: { equals: householdOf(caller) } }
}

/**
 * Rows that belong to one guardian, not to their household (a message's copy): an administrator
 * sees all of them, anyone else the rows naming their own account.
 */
export function guardianRows(caller: Caller, field: 'user'): Where {
  return isAdminUser(caller) ? everyRow() : { [field]: { equals: caller.id } }
}

/** Accounts: an administrator sees every account, anyone else only their own. */
export function ownAccount(caller: Caller): Where {
  return isAdminUser(caller) ? everyRow() : { id: { equals: caller.id } }
}

/** Classes a teacher teaches: their own (the class's `teacher` is their account); an administrator every class. */
export function taughtBy(caller: Caller): Where {
  return isAdminUser(caller) ? everyRow() : { teacher: { equals: caller.id } }
}

/** Both filters at once, leaving out `everyRow()` (so one filter stays itself). */
export function bothOf(first: Where, second: Where): Where {
  if (isEveryRow(second)) return first
  if (isEveryRow(first)) return second
  return { and: [first, second] }
}
