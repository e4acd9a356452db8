import { z } from 'zod'

import type { InvoiceLineDto } from '#api/invoices/schemas'
import { monthSchema } from '#api/lib/dates.schemas'

import { recordIdSchema } from '#api/lib/id.schemas'
export const TUITION_RUN_MESSAGES = {
  period: 'Period must be a month (YYYY-MM)',
  dryRun: 'dryRun must be true or false',
  userIds: 'userIds must be a list of 1 to 1000 account ids',
  rebill: 'rebill must be a list of at most 1000 account ids',
} as const

/** At most this many families named in one run (a larger run simply bills everyone). */
export const MAX_RUN_FAMILIES = 1000

const accountId = recordIdSchema(TUITION_RUN_MESSAGES.userIds)

/**
 * POST /api/admin/tuition/run (admin). Without `dryRun: false` nothing is written: billing is never the default.
 * `userIds` (optional) limits the run to those families (accounts): an administrator billing one
 * family that joined after the month was run, or a test billing only its own families. Without
 * it the run bills every family with an enrollment; an id with no enrollment is simply not in
 * the answer.
 */
export const tuitionRunSchema = z.object({
  period: monthSchema(TUITION_RUN_MESSAGES.period),
  dryRun: z.boolean({ error: TUITION_RUN_MESSAGES.dryRun }).default(true),
  userIds: z
    .array(accountId, { error: TUITION_RUN_MESSAGES.userIds })
    .min(1, TUITION_RUN_MESSAGES.userIds)
    .max(MAX_RUN_FAMILIES, TUITION_RUN_MESSAGES.userIds)
    .transform((ids) => [...new Set(ids)])
    .optional(),
  /** Families whose voided tuition invoice of the month is to be replaced by a new one (decisions §10). */
  rebill: z
    .array(recordIdSchema(TUITION_RUN_MESSAGES.rebill), {
      error: TUITION_RUN_MESSAGES.rebill,
    })
    .max(1000, TUITION_RUN_MESSAGES.rebill)
    .optional(),
})
export type TuitionRunInput = z.infer<typeof tuitionRunSchema>

/** One line the run writes (or, dry, would write) on a family's invoice: an invoice line that always has its explanation in words (src/shared/tuition-explanations.ts). */
export type TuitionRunLine = InvoiceLineDto & { explanation: string }

/**
 * What the run did (or, dry, would do) for one family:
 * - `created`: the tuition invoice was issued now; `wouldCreate`: a dry run's answer;
 * - `exists`: the family already has a tuition invoice for the month (nothing changed);
 * - `nothingToBill`: no tuition falls in the month (no enrollment, no class held);
 * - `voided`: the family's tuition invoice for the month was voided; the run bills it again
 *   only when the family is listed in `rebill` (decisions §10).
 * Lines include the credits the invoice uses (kind `credit`, with `creditId`).
 */
export type TuitionRunFamilyResult = {
  userId: number
  payerName: string
  outcome: 'created' | 'wouldCreate' | 'exists' | 'nothingToBill' | 'voided'
  invoiceId: number | null
  totalCents: number
  lines: TuitionRunLine[]
  /** With split billing, the invoices created, one per guardian billed (decisions §34). */
  invoices?: { invoiceId: number; billedTo: number | null; totalCents: number }[]
}

export type TuitionRunResult = {
  period: string
  dryRun: boolean
  /** When the invoices fall due: the month's billing day, or the day they are issued when that day has passed. */
  dueDate: string
  /** The month's billing day (tuition settings). */
  billingDate: string
  /**
   * The billing day is before today (in the academy's day): had the invoices kept it as their
   * due date, they would be overdue at once and charged a late fee; they are due today instead.
   */
  billingDayPassed: boolean
  families: TuitionRunFamilyResult[]
  /** Sum of the invoices created (or, dry, that would be created), cents. */
  totalCents: number
}
