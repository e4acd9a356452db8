import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import type { Credit, User } from '#cms/payload-types'
import { badInput, conflict, notFound } from '#api/errors'
import { CREDIT_MESSAGES, type CreateCreditInput, type CreditDto } from './credits.schemas'
import type { PendingCredit } from '#shared/tuition'
import { inTransaction, queryInTransaction } from '#api/lib/database'
import { academyNow } from '#api/lib/academy-clock'
import { findInvoicesAsServer } from './invoice-queries'

/**
 * Family credits (decisions §10). A credit's remainder is never stored: it is its amount less
 * what the credit lines naming it take on invoices that are not void. Everything that spends
 * or cancels a family's credits holds the family's billing lock first, so two runs, a run and a
 * cancellation, or two cancellations take turns and no cent of a credit is used twice.
 */

/** Holds the family's billing lock until the request's transaction ends. */
export async function lockFamilyBilling(req: PayloadRequest, userId: number): Promise<void> {
  await queryInTransaction(req, sql`SELECT pg_advisory_xact_lock(hashtextextended(${`family-billing:${userId}`}, 0))`)
}

/** What each credit has given so far, by credit id, with the invoices that took it. */
async function usesOf(req: PayloadRequest, creditIds: number[]): Promise<Map<number, { invoiceId: number; amountCents: number }[]>> {
  const uses = new Map<number, { invoiceId: number; amountCents: number }[]>(creditIds.map((id) => [id, []]))
  if (creditIds.length === 0) return uses
  const docs = await findInvoicesAsServer(req, { and: [{ 'lines.creditId': { in: creditIds } }, { status: { not_equals: 'cancelled' } }] }, 'id')
  for (const invoice of docs) {
    for (const line of invoice.lines ?? []) {
      if (line.creditId == null || !uses.has(line.creditId)) continue
      uses.get(line.creditId)!.push({ invoiceId: invoice.id, amountCents: -line.amountCents })
    }
  }
  return uses
}

function toCreditDto(credit: Credit, used: { invoiceId: number; amountCents: number }[]): CreditDto {
  const spent = used.reduce((sum, use) => sum + use.amountCents, 0)
  return {
    id: credit.id,
    userId: credit.userId,
    payerName: credit.payerName ?? null,
    amountCents: credit.amountCents,
    remainingCents: credit.status === 'cancelled' ? 0 : Math.max(0, credit.amountCents - spent),
    reason: credit.reason,
    status: credit.status,
    createdAt: new Date(credit.createdAt).toISOString(),
    cancelledAt: credit.cancelledAt ? new Date(credit.cancelledAt).toISOString() : null,
    usedOn: used,
  }
}

async function creditsWhere(req: PayloadRequest, userId?: number): Promise<CreditDto[]> {
  const { docs } = await req.payload.find({
    collection: 'credits',
    req,
    overrideAccess: true,
    depth: 0,
    limit: 0,
    pagination: false,
    sort: ['createdAt', 'id'],
    where: userId !== undefined ? { userId: { equals: userId } } : {},
  })
  const uses = await usesOf(
    req,
    docs.map((credit) => credit.id),
  )
  return (docs as Credit[]).map((credit) => toCreditDto(credit, uses.get(credit.id) ?? []))
}

/** GET /api/admin/credits: one family's credits (or everyone's), oldest first. */
export async function listCredits(req: PayloadRequest, userId?: number): Promise<CreditDto[]> {
  return creditsWhere(req, userId)
}

/** A family's open credits that still have something left, oldest first (the order they are used in). */
export async function openCreditsOf(req: PayloadRequest, userId: number): Promise<CreditDto[]> {
  return (await creditsWhere(req, userId)).filter((credit) => credit.status === 'open' && credit.remainingCents > 0)
}

/** What the tuition engine may take from a family's credits: each open credit's remainder, oldest first. */
export async function pendingCreditsOf(req: PayloadRequest, userId: number): Promise<PendingCredit[]> {
  return (await openCreditsOf(req, userId)).map((credit) => ({
    id: String(credit.id),
    amountCents: credit.remainingCents,
    description: `Credit: ${credit.reason}`,
  }))
}

/** POST /api/admin/credits: a credit for an existing family, used by its next tuition invoices. */
export async function createCredit(req: PayloadRequest, admin: User, input: CreateCreditInput): Promise<CreditDto> {
  const family = (await req.payload.findByID({
    collection: 'users',
    id: input.userId,
    req,
    overrideAccess: true,
    depth: 0,
    disableErrors: true,
  })) as User | null
  if (!family) throw badInput(CREDIT_MESSAGES.userId, [{ path: 'userId', message: CREDIT_MESSAGES.userId }])
  const credit = (await req.payload.create({
    collection: 'credits',
    req,
    overrideAccess: true,
    depth: 0,
    data: { userId: family.id, payerName: family.fullName, amountCents: input.amountCents, reason: input.reason, status: 'open', createdById: admin.id },
  })) as Credit
  return toCreditDto(credit, [])
}

/**
 * POST /api/admin/credits/{id}/cancel: what is left of a credit is never used. The part that
 * invoices already took stays on them (void those invoices to take it back).
 */
export async function cancelCredit(req: PayloadRequest, admin: User, id: number): Promise<CreditDto> {
  const found = (await req.payload.findByID({ collection: 'credits', id, req, overrideAccess: true, depth: 0, disableErrors: true })) as Credit | null
  if (!found) throw notFound(CREDIT_MESSAGES.notFound)
  return inTransaction(req, async () => {
    await lockFamilyBilling(req, found.userId)
    const [current] = (await creditsWhere(req, found.userId)).filter((credit) => credit.id === id)
    if (!current) throw notFound(CREDIT_MESSAGES.notFound)
    if (current.status === 'cancelled') throw conflict(CREDIT_MESSAGES.alreadyCancelled)
    if (current.remainingCents === 0) throw conflict(CREDIT_MESSAGES.usedUp)
    const credit = (await req.payload.update({
      collection: 'credits',
      id,
      req,
      overrideAccess: true,
      depth: 0,
      data: { status: 'cancelled', cancelledAt: academyNow().toISOString(), cancelledById: admin.id },
    })) as Credit
    return toCreditDto(credit, current.usedOn)
  })
}
