import type { Payload } from 'payload'

import { chargeDueAutopay } from '#api/autopay'
import { applyLateFees } from '#api/invoices'
import { expireWaitlistOffers } from '#api/waitlist'
import { academyToday } from '#api/lib/academy-clock'
import { tuitionStep, type TuitionStep } from '#api/tuition'

/**
 * The composition root of the scheduled work (issue 40): it stands above the domains it composes,
 * so that no domain imports another to schedule it. One step per domain (decisions §13, docs/decisions/017): the month's
 * tuition, the autopay charges due, the day's late fees and the waitlist's lapsed offers. Each
 * step is its own Payload task (cms/jobs.ts), scheduled on its own; each works from the academy's
 * clock and day (src/api/lib/academy-clock.ts: a task queued with a `now` runs on a clock moved
 * there), is safe to repeat and to run on several processes at once
 * (its guard is in the database), and never throws: a failure is its `failed` outcome, so one
 * step failing never keeps another from running. A process shutting down (`signal`) skips them.
 */

/** What a step is given: the shutdown signal. The time it asks the academy's clock. */
export type StepContext = { signal?: AbortSignal }

export type AutopayStep =
  | { outcome: 'applied'; attempted: number; succeeded: number; failed: number; requiresAction: number }
  | { outcome: 'failed'; error: string }
  | { outcome: 'skipped' }

export type LateFeesStep = { outcome: 'applied'; charged: number; markedOverdue: number } | { outcome: 'failed'; error: string } | { outcome: 'skipped' }

export type WaitlistStep = { outcome: 'applied'; expired: number; offered: number } | { outcome: 'failed'; error: string } | { outcome: 'skipped' }

const failed = (error: unknown) => ({ outcome: 'failed' as const, error: error instanceof Error ? error.message : String(error) })

/** Runs `work` unless the process is shutting down, its counts as `applied`, a failure as `failed`. */
async function applied<T extends object>(signal: AbortSignal | undefined, work: () => Promise<T>) {
  if (signal?.aborted) return { outcome: 'skipped' as const }
  try {
    return { outcome: 'applied' as const, ...(await work()) }
  } catch (error) {
    return failed(error)
  }
}

/** Autopay: the charges due today (src/api/autopay/charge-due-autopay.ts: one claim per invoice and attempt). */
export const autopayStep = (payload: Payload, { signal }: StepContext = {}): Promise<AutopayStep> => applied(signal, () => chargeDueAutopay(payload))

/** Late fees: the day's, once per overdue invoice (src/api/invoices/late-fees.ts: unique per invoice). */
export const lateFeesStep = (payload: Payload, { signal }: StepContext = {}): Promise<LateFeesStep> =>
  applied(signal, () => {
    const today = academyToday()
    return applyLateFees(payload, { today, issuedOn: today })
  })

/**
 * The waitlist: offers that ran out and places freed by an end date go to the next families
 * (src/api/waitlist/expiry.ts: each class under its lock). Its clock is hours, not days, so its
 * task runs more often than the others.
 */
export const waitlistStep = (payload: Payload, { signal }: StepContext = {}): Promise<WaitlistStep> => applied(signal, () => expireWaitlistOffers(payload))

/** The four domains' steps, each run by its own task (cms/jobs.ts). */
export const SCHEDULED_STEPS = { tuition: tuitionStep, autopay: autopayStep, lateFees: lateFeesStep, waitlist: waitlistStep } as const

export type ScheduledDomain = keyof typeof SCHEDULED_STEPS

export type BillingDayResult = { today: string; tuition: TuitionStep; autopay: AutopayStep; lateFees: LateFeesStep; waitlist: WaitlistStep }

/**
 * Every domain's step in turn, on the academy's clock (for the tests, the bench and an operator
 * at a console, who move it with `withAcademyClock`): the month's tuition first, so that autopay
 * charges the invoices it has just issued, then the late fees, then the waitlist. Each reports
 * on its own; a failing one stops none.
 */
export async function runBillingDay(payload: Payload, context: StepContext = {}): Promise<BillingDayResult> {
  const today = academyToday()
  const tuition = await tuitionStep(payload, context)
  const autopay = await autopayStep(payload, context)
  const lateFees = await lateFeesStep(payload, context)
  const waitlist = await waitlistStep(payload, context)
  return { today, tuition, autopay, lateFees, waitlist }
}
