import { z } from 'zod'

import { isMonth } from '#shared/dates'
import type { LineKind } from '#shared/tuition'

export const TUITION_RUN_MESSAGES = {
  period: 'Period must be a month (YYYY-MM)',
  dryRun: 'dryRun must be true or false',
} as const

/** POST /api/admin/tuition/run (admin). Without `dryRun: false` nothing is written: billing is never the default. */
export const tuitionRunSchema = z.object({
  period: z.string({ error: TUITION_RUN_MESSAGES.period }).trim().refine(isMonth, TUITION_RUN_MESSAGES.period),
  dryRun: z.boolean({ error: TUITION_RUN_MESSAGES.dryRun }).default(true),
})
export type TuitionRunInput = z.infer<typeof tuitionRunSchema>

/**
 * What the run did (or, dry, would do) for one family:
 * - `created`: the tuition invoice was issued now; `wouldCreate`: a dry run's answer;
 * - `exists`: the family already has a tuition invoice for the month (nothing changed);
 * - `nothingToBill`: no tuition falls in the month (no enrollment, no class held).
 */
export type TuitionRunFamilyResult = {
  userId: number
  payerName: string
  outcome: 'created' | 'wouldCreate' | 'exists' | 'nothingToBill'
  invoiceId: number | null
  totalCents: number
  lines: { kind: LineKind; description: string; amountCents: number; studentId: number | null; classId: number | null }[]
}

export type TuitionRunResult = {
  period: string
  dryRun: boolean
  dueDate: string
  families: TuitionRunFamilyResult[]
  /** Sum of the invoices created (or, dry, that would be created), cents. */
  totalCents: number
}
