import type { PayloadRequest } from 'payload'

import type { User } from '#cms/payload-types'
import type { StatementAutopayDto } from '#api/statements/schemas'
import { statementAutopay } from './autopay-state'
import { cardHolderOf } from './card-holder'

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
