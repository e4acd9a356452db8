import type { PayloadRequest } from 'payload'

import type { User } from '#cms/payload-types'
import type { StatementDto } from './schemas'
import { billingGuardiansOf } from '#api/households'
import { isAdminUser } from '#shared/roles'
import { isBilledTo } from '#shared/split-billing'
import { readSplitBilling } from '#api/studio'
import { guardianStatementAutopay } from '#api/autopay'

const owing = (statuses: string) => statuses === 'pending' || statuses === 'overdue'

/**
 * The statement as split billing shows it (decisions §34). Off, or while no invoice of
 * the household names a guardian, the statement is returned as it is. On, a guardian reads only
 * the invoices billed to them (the payer also the household's own: those naming no guardian),
 * the payments on those, and the next invoice's lines billed to them; the credits and the
 * household's card are the payer's, a guardian's own card (decisions §36) theirs. An administrator reads everything, with the invoices grouped by guardian.
 */
export async function splitStatement(req: PayloadRequest, caller: User, statement: StatementDto): Promise<StatementDto> {
  if (!statement.invoices.some((invoice) => invoice.billedTo != null) || !(await readSplitBilling(req))) return statement
  const guardians = await billingGuardiansOf(req, statement.userId)
  const payerId = guardians.payer.id
  const guardianOfInvoice = (billedTo: number | undefined) => (billedTo == null || billedTo === payerId ? null : billedTo)
  const nameOf = (id: number | null) =>
    id === null
      ? guardians.payer.fullName
      : (guardians.full.get(id)?.fullName ?? statement.invoices.find((invoice) => invoice.billedTo === id)?.billedToName ?? null)
  if (isAdminUser(caller)) {
    const ids = [...new Set(statement.invoices.map((invoice) => guardianOfInvoice(invoice.billedTo)))].sort((a, b) => (a ?? 0) - (b ?? 0))
    const groups = ids.map((guardianId) => {
      const own = statement.invoices.filter((invoice) => guardianOfInvoice(invoice.billedTo) === guardianId)
      const balanceCents = own.filter((invoice) => owing(invoice.status)).reduce((sum, invoice) => sum + Math.round(invoice.amount * 100), 0)
      return { guardianId, guardianName: nameOf(guardianId), invoiceIds: own.map((invoice) => invoice.id), balanceCents }
    })
    return { ...statement, split: { you: null, groups } }
  }
  const isPayer = caller.id === payerId
  const mine = statement.invoices.filter((invoice) => isBilledTo(invoice, caller.id, payerId))
  const mineIds = new Set(mine.map((invoice) => invoice.id))
  const payments = statement.payments.filter((payment) => (payment.invoiceId != null ? mineIds.has(payment.invoiceId) : isPayer))
  const nextLines = (statement.next?.lines ?? []).filter((line) =>
    line.kind === 'credit' ? isPayer : (guardians.guardianOf(line.studentId, line.classId) ?? payerId) === caller.id,
  )
  const next =
    statement.next && nextLines.some((line) => line.kind !== 'credit')
      ? { ...statement.next, lines: nextLines, estimatedCents: nextLines.reduce((sum, line) => sum + line.amountCents, 0) }
      : null
  return {
    ...statement,
    balanceCents: mine.filter((invoice) => owing(invoice.status)).reduce((sum, invoice) => sum + Math.round(invoice.amount * 100), 0),
    invoices: mine,
    payments,
    next,
    autopay: isPayer ? statement.autopay : await guardianStatementAutopay(req, caller, next),
    credits: isPayer ? statement.credits : [],
    split: { you: { id: caller.id, fullName: caller.fullName }, groups: [] },
  }
}
