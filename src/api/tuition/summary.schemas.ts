import { z } from 'zod'

import { monthSchema } from '#api/lib/dates.schemas'

export const TUITION_SUMMARY_MESSAGES = {
  month: 'Month must be a month (YYYY-MM)',
} as const

/** GET /api/admin/tuition/summary and summary.csv (admin): `?month=YYYY-MM`. */
export const tuitionSummaryQuerySchema = z.object({
  month: monthSchema(TUITION_SUMMARY_MESSAGES.month),
})
export type TuitionSummaryQuery = z.infer<typeof tuitionSummaryQuerySchema>

/** A number of invoices and what they add up to, in cents. */
export type CountAndCents = { count: number; cents: number }

/**
 * The month's run in figures: the tuition invoices that bill the month (whoever made them: the
 * run, the scheduled job or an administrator), each counted in exactly one of charged, paid
 * otherwise, outstanding and cancelled.
 * - `created`: every tuition invoice of the month;
 * - `charged`: paid, with a completed card payment;
 * - `paidOtherwise`: paid without one (marked paid by an administrator: cash, cheque…);
 * - `outstanding`: pending or overdue — what is still owed;
 * - `cancelled`: neither paid nor owed any more;
 * - `failed`: failed card attempts on the month's invoices (`attempts`), and how many invoices
 *   had at least one (`invoices`), whether or not a later attempt succeeded.
 */
export type TuitionSummaryDto = {
  month: string
  created: CountAndCents
  charged: CountAndCents
  paidOtherwise: CountAndCents
  outstanding: CountAndCents
  cancelled: CountAndCents
  failed: { attempts: number; invoices: number }
}

/** The columns of summary.csv, one row per tuition invoice of the month. */
export const TUITION_SUMMARY_CSV_HEADER = [
  'Invoice',
  'Family',
  'Email',
  'Month',
  'Due date',
  'Amount',
  'Status',
  'Paid',
  'Paid by',
  'Failed attempts',
  'Lines',
] as const
