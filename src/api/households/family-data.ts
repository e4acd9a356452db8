import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import type { User } from '#cms/payload-types'
import { queryInTransaction, queryRows } from '#api/lib/database'
import { optionalRelationId } from '#api/lib/relations'

/**
 * The tables whose rows name a household by its account (decisions §23): the ones a household's
 * move to another account rewrites, and the ones that make an account a family of its own.
 */
export const HOUSEHOLD_COLUMNS = [
  ['students', 'user_id'],
  ['invoices', 'user_id'],
  ['payments', 'user_id'],
  ['credits', 'user_id'],
  ['payment_methods', 'user_id'],
  ['billing_profiles', 'user_id'],
  ['autopay_attempts', 'user_id'],
  ['card_intents', 'user_id'],
  ['waitlist_entries', 'family_id'],
  ['policy_signatures', 'household_id'],
  ['exam_entries', 'household_id'],
  ['household_invites', 'household_id'],
  ['household_events', 'household_id'],
] as const

/**
 * A guardian's own card and autopay under split billing (decisions §36) are that guardian's, not
 * the household's: they neither move with a household nor make an account a family of its own.
 */
const GUARDIANS_OWN = new Set<string>(['payment_methods', 'billing_profiles'])
const householdsOnly = (table: string) => (GUARDIANS_OWN.has(table) ? sql` AND scope IS DISTINCT FROM 'guardian'` : sql``)

/**
 * Whether an account already is a family: a guardian of another household, the first guardian of
 * one with others, or the holder of any student, invoice, payment, credit, card or waitlist place.
 * Such an account cannot simply join a household: the studio merges the two instead.
 */
export async function hasFamilyOfItsOwn(req: PayloadRequest, user: User): Promise<boolean> {
  if (optionalRelationId(user.household) !== null) return true
  const checks = HOUSEHOLD_COLUMNS.filter(([table]) => !table.startsWith('household_')).map(
    ([table, column]) => sql`SELECT 1 FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${user.id}${householdsOnly(table)}`,
  )
  checks.push(sql`SELECT 1 FROM users WHERE household_id = ${user.id}`)
  const [row] = await queryRows<{ found: boolean }>(req, sql`SELECT EXISTS (${sql.join(checks, sql` UNION ALL `)}) AS found`)
  return row?.found === true
}

/**
 * Moves every row of a household from one account to another, in the open transaction: when the
 * first guardian leaves, and when two households are merged.
 */
export async function moveHouseholdRows(req: PayloadRequest, from: number, to: number): Promise<void> {
  // A card keeps naming who saved it (decisions §39), not the account it moves to.
  await queryInTransaction(req, sql`UPDATE payment_methods SET saved_by = ${from} WHERE user_id = ${from} AND saved_by IS NULL`)
  for (const [table, column] of HOUSEHOLD_COLUMNS)
    await queryInTransaction(
      req,
      sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = ${to} WHERE ${sql.identifier(column)} = ${from}${householdsOnly(table)}`,
    )
}

/**
 * A guardian who leaves keeps their own card (decisions §36), but its autopay turns off: it paid
 * this household's invoices, and a household they join later must not charge it unasked.
 */
export async function stopOwnAutopay(req: PayloadRequest, guardianId: number): Promise<void> {
  await queryInTransaction(req, sql`UPDATE billing_profiles SET autopay_enabled = false WHERE user_id = ${guardianId} AND scope = 'guardian'`)
}
