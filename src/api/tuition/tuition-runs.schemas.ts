/** The billing calendar's record of each month's scheduled run (decisions §13): src/shared/statuses.ts. */
import type { TuitionRunStatus } from '#shared/statuses'

export { TUITION_RUN_STATUSES, type TuitionRunStatus } from '#shared/statuses'

/** GET /api/admin/tuition/runs (admin): the runs, newest month first. */
export type TuitionRunRecord = {
  period: string
  status: TuitionRunStatus
  attempts: number
  startedAt: string
  finishedAt: string | null
  families: number
  invoicesCreated: number
  alreadyInvoiced: number
  nothingToBill: number
  totalCents: number
  error: string | null
}
