import { createLocalReq, ValidationError, type Payload, type PayloadRequest, type Where } from 'payload'

import { isUniqueViolation } from '#api/errors'
import type { LateFeeCharge, LateFeesResult } from './late-fees.schemas'
import { lateFeeDue } from '#shared/tuition'
import { academyToday } from '#api/lib/academy-clock'
import { insertInvoice } from './invoices'
import { findInvoicesAsServer } from './invoice-queries'
import { inTransaction } from '#api/lib/database'
import { readTuitionSettings } from '#api/studio'
import { calendarDay } from '#shared/dates'

/** Whether a failed insert met the overdue invoice's late fee (its column is unique). */
function isDuplicateLateFee(error: unknown): boolean {
  if (error instanceof ValidationError) return (error.data?.errors ?? []).some((e) => e.path === 'lateFeeFor')
  return isUniqueViolation(error, 'late_fee_for')
}

/**
 * Late fees (decisions §10), for the academy's calendar day `today`:
 * 1. every pending invoice whose due date has passed becomes overdue;
 * 2. every unpaid (pending or overdue) tuition invoice more than the settings' lateFeeAfterDays
 *    past its due date is charged the settings' late fee, once: as its own small invoice of kind
 *    `late-fee`, due today (never before the day it is issued), that names the overdue one. The invoice a family may be paying
 *    never changes amount. The unique `lateFeeFor` column makes a second fee impossible, whether
 *    the job runs twice, in two processes at once, or after the fee was voided.
 * A dry run writes nothing and says what would happen.
 */
export async function runLateFees(req: PayloadRequest, input: { today: string; dryRun: boolean; issuedOn?: string }): Promise<LateFeesResult> {
  const { today, dryRun } = input
  // A fee is never due before the day it is issued, whatever day the run counts fees for.
  const issuedOn = input.issuedOn ?? academyToday()
  const feeDueDate = today < issuedOn ? issuedOn : today
  const overdueWhere: Where = { and: [{ status: { equals: 'pending' } }, { dueDate: { less_than: today } }] }
  let markedOverdue: number
  if (dryRun) {
    markedOverdue = (await req.payload.count({ collection: 'invoices', req, overrideAccess: true, where: overdueWhere })).totalDocs
  } else {
    const updated = await req.payload.update({ collection: 'invoices', req, overrideAccess: true, depth: 0, where: overdueWhere, data: { status: 'overdue' } })
    if (updated.errors.length > 0) throw new Error(`Could not mark invoices overdue: ${updated.errors.map((e) => e.message).join('; ')}`)
    markedOverdue = updated.docs.length
  }

  const settings = await readTuitionSettings(req.payload, req)
  const charges: LateFeeCharge[] = []
  if (settings.lateFeeCents <= 0) return { today, dryRun, markedOverdue, charged: 0, charges }
  const unpaid = await findInvoicesAsServer(
    req,
    { and: [{ kind: { equals: 'tuition' } }, { status: { in: ['pending', 'overdue'] } }, { dueDate: { less_than: today } }] },
    'id',
  )
  const due = unpaid.filter((invoice) => lateFeeDue({ ...settings, lateAfterDays: settings.lateFeeAfterDays }, calendarDay(invoice.dueDate), today) > 0)
  const charged = new Set(
    due.length ? (await findInvoicesAsServer(req, { lateFeeFor: { in: due.map((invoice) => invoice.id) } })).map((fee) => fee.lateFeeFor) : [],
  )
  for (const invoice of due) {
    if (charged.has(invoice.id)) continue
    const charge = { invoiceId: invoice.id, userId: invoice.userId, payerName: invoice.payerName ?? null, amountCents: settings.lateFeeCents }
    if (dryRun) {
      charges.push({ ...charge, feeInvoiceId: null })
      continue
    }
    const description = `Late fee: ${invoice.description} (invoice #${invoice.id})`.slice(0, 300)
    try {
      const fee = await inTransaction(req, async () =>
        insertInvoice(req, {
          userId: invoice.userId,
          description,
          status: 'pending',
          dueDate: feeDueDate,
          kind: 'late-fee',
          lateFeeFor: invoice.id,
          // Split billing: the late fee of a guardian's invoice is theirs too.
          ...(invoice.billedTo != null ? { billedTo: invoice.billedTo, billedToName: invoice.billedToName ?? null } : {}),
          lines: [
            {
              kind: 'late-fee',
              description: `Late fee: ${invoice.description} was due ${calendarDay(invoice.dueDate)}`.slice(0, 300),
              amountCents: settings.lateFeeCents,
            },
          ],
        }),
      )
      charges.push({ ...charge, feeInvoiceId: fee.id })
    } catch (error) {
      // Another process charged it meanwhile: at most one fee per invoice.
      if (!isDuplicateLateFee(error)) throw error
    }
  }
  return { today, dryRun, markedOverdue, charged: charges.length, charges }
}

/**
 * The daily job's entry point (scheduled by the tuition jobs): marks overdue invoices and charges
 * the late fees due on `today` (the academy's calendar day, `YYYY-MM-DD`). Idempotent.
 */
export async function applyLateFees(payload: Payload, options: { today: string; issuedOn?: string }): Promise<{ charged: number; markedOverdue: number }> {
  const req = await createLocalReq({}, payload)
  const result = await runLateFees(req, { today: options.today, issuedOn: options.issuedOn, dryRun: false })
  return { charged: result.charged, markedOverdue: result.markedOverdue }
}
