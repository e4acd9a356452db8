import type { PayloadRequest } from 'payload'

import type { Student, User } from '#cms/payload-types'
import type { StatementAutopayDto } from './schemas'
import { loadHousehold } from '#api/households'
import { relationId } from '#api/lib/relations'
import { readSplitBilling } from '#api/studio'
import { statementAutopay } from './autopay-state'
import { cardHolderOf, holderOfProfile } from './card-holder'

/**
 * The autopay part of a guardian's own statement under split billing (decisions §36): the card
 * that pays their invoices, their own when it stands, and its next charge; null for a guardian
 * without a card of their own (the household's card pays none of their invoices).
 */
export async function guardianStatementAutopay(
  req: PayloadRequest,
  caller: User,
  next: { billingDate: string; estimatedCents: number } | null,
): Promise<StatementAutopayDto | null> {
  const holder = await cardHolderOf(req, caller)
  if (holder.scope !== 'guardian') return null
  return statementAutopay(req.payload, holder, next)
}

/**
 * The card that will pay a student's new classes (the enrollment quote): the household's, or under
 * split billing the card of the guardian the student is billed to (decisions §34, §36). A student
 * billed to a guardian without a card of their own that stands is paid by hand: null.
 */
export async function studentAutopay(
  req: PayloadRequest,
  householdId: number,
  student: Student,
  next: { billingDate: string; estimatedCents: number } | null,
): Promise<StatementAutopayDto | null> {
  const guardianId = student.billedTo == null ? null : relationId(student.billedTo)
  if (guardianId == null || !(await readSplitBilling(req))) return statementAutopay(req.payload, householdId, next)
  const { payer } = await loadHousehold(req, householdId)
  if (guardianId === payer.id) return statementAutopay(req.payload, householdId, next)
  const holder = await holderOfProfile(req.payload, guardianId, 'guardian')
  return holder ? statementAutopay(req.payload, holder, next) : null
}
