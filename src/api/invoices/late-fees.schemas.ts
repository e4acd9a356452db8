import { z } from 'zod'

import { daySchema } from '#api/lib/dates.schemas'

export const LATE_FEE_MESSAGES = {
  today: 'today must be a valid date (YYYY-MM-DD)',
  dryRun: 'dryRun must be true or false',
} as const

/**
 * POST /api/admin/tuition/late-fees (admin). `today` is the academy's calendar day (by default
 * the server's today in ACADEMY_TIMEZONE); without `dryRun: false` nothing is written.
 */
export const lateFeesRunSchema = z.object({
  today: daySchema(LATE_FEE_MESSAGES.today).optional(),
  dryRun: z.boolean({ error: LATE_FEE_MESSAGES.dryRun }).default(true),
})
export type LateFeesRunInput = z.infer<typeof lateFeesRunSchema>

export type LateFeeCharge = {
  /** The overdue invoice charged for. */
  invoiceId: number
  userId: number
  payerName: string | null
  amountCents: number
  /** The late-fee invoice issued; null on a dry run. */
  feeInvoiceId: number | null
}

export type LateFeesResult = {
  today: string
  dryRun: boolean
  /** Pending invoices past their due date that became (or, dry, would become) overdue. */
  markedOverdue: number
  /** Late fees issued now (or, dry, that would be issued). */
  charged: number
  charges: LateFeeCharge[]
}
