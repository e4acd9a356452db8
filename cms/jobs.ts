import type { JobsConfig, Payload, TaskConfig } from 'payload'

import { clockFrom, runBillingDay, systemClock, type BillingDayResult } from '#api/tuition'
import { isAdminRequest } from '#cms/access/isAdminRequest'
import { academyTimeZone } from '#api/lib/academy-clock'

/**
 * Payload's jobs queue, for the billing calendar (decisions §13; docs/operations.md "Scheduled
 * jobs"). Every process whose JOBS_AUTORUN is true (the default) starts Payload's runner
 * (src/server/boot.server.ts): each minute it queues the next hourly tick when none is waiting
 * and runs the ticks that are due. A tick is safe on several processes at once, so two processes
 * queueing or running one each changes nothing (src/api/tuition/billing-calendar.ts).
 */
export const BILLING_QUEUE = 'billing'
export const BILLING_TASK = 'billingCalendar'

/** Stopped on shutdown: a tuition run stops between two families and is marked `interrupted`. */
const stopping = new AbortController()

/**
 * Queue the next tick unless a scheduled one is already waiting. Unlike Payload's default, a tick still
 * marked as processing does not block the schedule: a process that died mid-tick leaves its
 * job `processing` for ever, and the calendar must go on without it.
 */
type BeforeSchedule = NonNullable<NonNullable<NonNullable<TaskConfig['schedule']>[number]['hooks']>['beforeSchedule']>

const scheduleUnlessWaiting: BeforeSchedule = async ({ queueable, req }) => {
  const { totalDocs } = await req.payload.db.count({
    collection: 'payload-jobs',
    req,
    where: {
      and: [
        { queue: { equals: BILLING_QUEUE } },
        { taskSlug: { equals: BILLING_TASK } },
        { completedAt: { exists: false } },
        { hasError: { not_equals: true } },
        { processing: { equals: false } },
        // A tick queued by hand (with a `now`) does not stand in for the schedule's own.
        { 'meta.scheduled': { equals: true } },
      ],
    },
  })
  return { input: {}, shouldSchedule: totalDocs === 0, waitUntil: queueable.waitUntil }
}

type BillingTick = { input: { now?: string | null }; output: { result: BillingDayResult } }

export const billingCalendarTask: TaskConfig<BillingTick> = {
  slug: BILLING_TASK,
  label: 'Billing calendar',
  // A failed tick is not retried by the queue: the next hourly tick is the retry.
  retries: 0,
  // `now` (an ISO time) lets a test or an operator run the tick as of a given moment; the clock then runs on from it.
  inputSchema: [{ name: 'now', type: 'text' }],
  outputSchema: [{ name: 'result', type: 'json', required: true }],
  // Hourly: the billing day starts at midnight in the academy's zone, whatever the server's zone is.
  schedule: [{ cron: '0 * * * *', queue: BILLING_QUEUE, hooks: { beforeSchedule: scheduleUnlessWaiting } }],
  handler: async ({ input, req }) => {
    const clock = input.now ? clockFrom(new Date(input.now)) : systemClock
    const result = await runBillingDay(req.payload, { clock, timeZone: academyTimeZone(), signal: stopping.signal })
    const errors = [
      result.tuition.outcome === 'failed' ? `Tuition run ${result.tuition.period}: ${result.tuition.error}` : null,
      result.autopay.outcome === 'failed' ? `Autopay: ${result.autopay.error}` : null,
      result.lateFees.outcome === 'failed' ? `Late fees: ${result.lateFees.error}` : null,
      result.waitlist.outcome === 'failed' ? `Waitlist: ${result.waitlist.error}` : null,
    ].filter(Boolean)
    if (errors.length > 0) return { state: 'failed', errorMessage: errors.join('; ') }
    return { output: { result } }
  },
}

/**
 * `autoRun` false (JOBS_AUTORUN=false) leaves the runner out of this process altogether: Payload
 * starts its crons on the first request to its REST API whatever boot asked, so switching them
 * off has to happen in the config.
 */
export function jobsConfig(autoRun: boolean): JobsConfig {
  return {
    tasks: [billingCalendarTask],
    // Payload lets any signed-in account run, queue and cancel jobs through its REST
    // (/cms-api/payload-jobs/run, /handle-schedules): a family could start the billing tick.
    // Our own runner and the Local API calls are not asked (overrideAccess).
    access: { run: isAdminRequest, queue: isAdminRequest, cancel: isAdminRequest },
    // Each minute: queue the next hourly tick unless one waits, then run the ticks that are due.
    autoRun: autoRun ? [{ cron: '* * * * *', queue: BILLING_QUEUE, limit: 5 }] : [],
  }
}

/**
 * Shutdown (server.ts): no new tick starts, a running tuition run stops after the family in
 * hand, and this waits (up to `waitMs`) for the tick to record that before the pool closes.
 */
export async function stopScheduledJobs(payload: Payload, waitMs: number): Promise<void> {
  const crons = payload.crons.splice(0, payload.crons.length)
  for (const cron of crons) cron.pause()
  stopping.abort()
  const deadline = Date.now() + waitMs
  while (crons.some((cron) => cron.isBusy()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
  for (const cron of crons) cron.stop()
}
