/**
 * The billing calendar's record of each month's scheduled tuition run (decisions §13):
 * - `started`: a process is billing the month (its heartbeat says it is alive);
 * - `finished`: every family was handled; the month is never run again by the calendar;
 * - `interrupted`: the process stopped cleanly part-way (a deploy); the next tick resumes it;
 * - `failed`: the run stopped on an error; the next tick tries again, up to a few attempts.
 */
export const TUITION_RUN_STATUSES = ['started', 'finished', 'interrupted', 'failed'] as const
export type TuitionRunStatus = (typeof TUITION_RUN_STATUSES)[number]

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
