import type { PayloadRequest } from 'payload'

import type { User } from '#cms/payload-types'
import type { StatementDto } from './schemas'
import { moneyViewOf } from '#api/households'
import { billedGuardianOf } from '#shared/split-billing'
import { guardianStatementAutopay } from '#api/autopay'

const owing = (statuses: string) => statuses === 'pending' || statuses === 'overdue'

/**
 * The statement as the "billed to" rule shows it (decisions §10, §34, §38; `moneyViewOf` of the
 * households slice owns the rule). A household that does not split: the statement as it is, for
 * every guardian. Splitting, a full guardian reads only the invoices billed to them (the payer
 * also the household's own: those naming no guardian), the payments on those, and the next
 * invoice's lines billed to them; the credits and the household's card are the payer's, a
 * guardian's own card (decisions §36) theirs. A view-only guardian reads the payer's statement,
 * the household's own. An administrator reads everything, with the invoices grouped by guardian.
 */
export async function splitStatement(req: PayloadRequest, caller: User, statement: StatementDto): Promise<StatementDto> {
  // A second guardian's own account holds no household (no payer): there is nothing to split.
  if (statement.payer === null) return statement
  const view = await moneyViewOf(req, caller, statement.userId)
  const { household, billing: guardians } = view
  if (!household.split || !guardians) return statement
  const payerId = guardians.payer.id
  const guardianOfInvoice = (invoice: { billedTo?: number }) => {
    const id = billedGuardianOf(invoice, household)
    return id === payerId ? null : id
  }
  const nameOf = (id: number | null) =>
    id === null
      ? guardians.payer.fullName
      : (guardians.full.get(id)?.fullName ?? statement.invoices.find((invoice) => invoice.billedTo === id)?.billedToName ?? null)
  if (view.share === null) {
    const ids = [...new Set(statement.invoices.map(guardianOfInvoice))].sort((a, b) => (a ?? 0) - (b ?? 0))
    const groups = ids.map((guardianId) => {
      const own = statement.invoices.filter((invoice) => guardianOfInvoice(invoice) === guardianId)
      const balanceCents = own.filter((invoice) => owing(invoice.status)).reduce((sum, invoice) => sum + Math.round(invoice.amount * 100), 0)
      return { guardianId, guardianName: nameOf(guardianId), invoiceIds: own.map((invoice) => invoice.id), balanceCents }
    })
    return { ...statement, split: { you: null, groups } }
  }
  const share = view.share
  const readsPayers = share === payerId
  const mine = statement.invoices.filter((invoice) => view.sees(invoice))
  const mineIds = new Set(mine.map((invoice) => invoice.id))
  const payments = statement.payments.filter((payment) => (payment.invoiceId != null ? mineIds.has(payment.invoiceId) : view.seesOwn))
  const nextLines = (statement.next?.lines ?? []).filter((line) =>
    line.kind === 'credit' ? readsPayers : (guardians.guardianOf(line.studentId, line.classId) ?? payerId) === share,
  )
  const next =
    statement.next && nextLines.some((line) => line.kind !== 'credit')
      ? { ...statement.next, lines: nextLines, estimatedCents: nextLines.reduce((sum, line) => sum + line.amountCents, 0) }
      : null
  const balanceCents = mine.filter((invoice) => owing(invoice.status)).reduce((sum, invoice) => sum + Math.round(invoice.amount * 100), 0)
  const shown = { ...statement, balanceCents, invoices: mine, payments, next }
  // A view-only guardian reads the household's own statement, paid by the payer (no "billed to you").
  if (view.reader.role === 'view') return shown
  return {
    ...shown,
    autopay: readsPayers ? statement.autopay : await guardianStatementAutopay(req, caller, next),
    credits: readsPayers ? statement.credits : [],
    split: { you: { id: caller.id, fullName: caller.fullName }, groups: [] },
  }
}
