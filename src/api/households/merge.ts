import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import type { User } from '#cms/payload-types'
import { conflict, notFound } from '#api/errors'
import { inTransaction, queryInTransaction, queryRows } from '#api/lib/database'
import { householdOf } from '#api/lib/ownership'
import { hitRateLimit, type RateLimit } from '#api/lib/rate-limit'
import { isStaffUser } from '#shared/roles'
import { recordHouseholdEvent } from './events'
import { moveHouseholdRows } from './family-data'
import { loadHousehold, pendingInvites, toHouseholdDto, type Household } from './household'
import { HOUSEHOLD_MESSAGES, type HouseholdDto, type MergeInput, type MergePreviewDto } from './schemas'
import { countOf } from '#shared/plural'

const MERGES: RateLimit = { name: 'household-merge', limit: 30, windowSeconds: 60 * 60, message: 'Too many merges. Please wait a few minutes and try again.' }

/** The household an account belongs to, by any of its guardians' ids. */
async function householdOfAccount(req: PayloadRequest, accountId: number): Promise<Household> {
  const account = (await req.payload.findByID({ collection: 'users', id: accountId, depth: 0, overrideAccess: true, disableErrors: true, req })) as User | null
  if (!account) throw notFound(HOUSEHOLD_MESSAGES.householdNotFound)
  return loadHousehold(req, householdOf(account))
}

async function hasCard(req: PayloadRequest, householdId: number): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    req,
    sql`SELECT EXISTS (SELECT 1 FROM payment_methods WHERE user_id = ${householdId} AND scope IS DISTINCT FROM 'guardian') AS found`,
  )
  return row?.found === true
}

type Moves = MergePreviewDto['moves']

async function countMoves(req: PayloadRequest, household: Household): Promise<Moves> {
  const id = household.id
  const [row] = await queryRows<Record<Exclude<keyof Moves, 'guardians'>, string>>(
    req,
    sql`SELECT
      (SELECT count(*) FROM students WHERE user_id = ${id}) AS students,
      (SELECT count(*) FROM enrollments e JOIN students s ON s.id = e.student_id WHERE s.user_id = ${id}) AS enrollments,
      (SELECT count(*) FROM invoices WHERE user_id = ${id}) AS invoices,
      (SELECT count(*) FROM payments WHERE user_id = ${id}) AS payments,
      (SELECT count(*) FROM credits WHERE user_id = ${id}) AS credits,
      (SELECT count(*) FROM waitlist_entries WHERE family_id = ${id}) AS "waitlistPlaces",
      (SELECT count(*) FROM attendance a JOIN students s ON s.id = a.student_id WHERE s.user_id = ${id}) AS "attendanceMarks"`,
  )
  const number = (value: string | undefined) => Number(value ?? 0)
  return {
    guardians: household.guardians.length,
    students: number(row?.students),
    enrollments: number(row?.enrollments),
    invoices: number(row?.invoices),
    payments: number(row?.payments),
    credits: number(row?.credits),
    waitlistPlaces: number(row?.waitlistPlaces),
    attendanceMarks: number(row?.attendanceMarks),
  }
}

async function preview(req: PayloadRequest, keep: Household, merge: Household): Promise<MergePreviewDto> {
  if (keep.id === merge.id) throw conflict(HOUSEHOLD_MESSAGES.mergeSame)
  // A staff account is never a family's guardian (decisions §23): no merge makes one, or joins one's account.
  if ([...keep.guardians, ...merge.guardians].some(isStaffUser)) throw conflict(HOUSEHOLD_MESSAGES.mergeStaff)
  const [keepCard, mergeCard, moves] = await Promise.all([hasCard(req, keep.id), hasCard(req, merge.id), countMoves(req, merge)])
  return {
    keep: { householdId: keep.id, name: keep.account.fullName, hasCard: keepCard },
    merge: { householdId: merge.id, name: merge.account.fullName, hasCard: mergeCard },
    moves,
    needsCardChoice: keepCard && mergeCard,
  }
}

/** GET /api/admin/households/merge-preview: what merging `merge` into `keep` would move. */
export async function previewMerge(req: PayloadRequest, keepId: number, mergeId: number): Promise<MergePreviewDto> {
  return preview(req, await householdOfAccount(req, keepId), await householdOfAccount(req, mergeId))
}

/** Drops one household's saved card and autopay profile (the other household's are kept; a guardian's own stay theirs). */
async function dropCard(req: PayloadRequest, householdId: number): Promise<void> {
  await queryInTransaction(req, sql`DELETE FROM payment_methods WHERE user_id = ${householdId} AND scope IS DISTINCT FROM 'guardian'`)
  await queryInTransaction(req, sql`DELETE FROM billing_profiles WHERE user_id = ${householdId} AND scope IS DISTINCT FROM 'guardian'`)
}

/**
 * POST /api/admin/households/merge: the same family registered twice becomes one household, in
 * one transaction. Every row of the merged household (children with their enrollments and
 * attendance, invoices, payments, credits, waitlist places) moves to the kept one, whose
 * guardians the merged household's guardians become; nothing is copied, so nothing is counted
 * twice. When both have a saved card, the administrator chooses whose stays. A household with a
 * staff account (administrator, teacher) among its guardians is refused, kept or merged.
 */
export async function mergeHouseholds(req: PayloadRequest, admin: User, input: MergeInput): Promise<HouseholdDto & { merged: MergePreviewDto }> {
  await hitRateLimit(req.payload, MERGES, String(admin.id))
  const keepId = (await householdOfAccount(req, input.keep)).id
  const mergeId = (await householdOfAccount(req, input.merge)).id
  if (keepId === mergeId) throw conflict(HOUSEHOLD_MESSAGES.mergeSame)
  return inTransaction(req, async () => {
    for (const id of [keepId, mergeId].sort((a, b) => a - b)) await queryInTransaction(req, sql`SELECT pg_advisory_xact_lock(hashtext('household'), ${id})`)
    const keep = await loadHousehold(req, keepId)
    const merge = await loadHousehold(req, mergeId)
    const merged = await preview(req, keep, merge)
    if (merged.needsCardChoice && !input.card) throw conflict(HOUSEHOLD_MESSAGES.mergeBothCards)
    // One billing profile per household: the one that has the card stays (the kept one's when neither has).
    const keepsMergedCard = merged.merge.hasCard && (input.card === 'merge' || !merged.keep.hasCard)
    await dropCard(req, keepsMergedCard ? keep.id : merge.id)
    await moveHouseholdRows(req, merge.id, keep.id)
    for (const guardian of merge.guardians)
      await req.payload.update({
        collection: 'users',
        id: guardian.id,
        data: { household: keep.id, householdPayer: null },
        overrideAccess: true,
        depth: 0,
        req,
      })
    const { moves } = merged
    await recordHouseholdEvent(req, {
      household: keep.id,
      action: 'merged',
      actor: admin,
      subject: `${merge.account.fullName} (#${merge.id}): ${[countOf(moves.guardians, 'guardian'), countOf(moves.students, 'student'), countOf(moves.invoices, 'invoice'), countOf(moves.payments, 'payment')].join(', ')}`,
    })
    const after = await loadHousehold(req, keep.id)
    return { ...toHouseholdDto(after, await pendingInvites(req, keep.id), null), merged }
  })
}
