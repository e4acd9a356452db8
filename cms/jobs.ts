import type { JobsConfig, Payload, TaskConfig } from 'payload'

import { SCHEDULED_STEPS, type ScheduledDomain } from '#api/scheduled'
import { clockFrom, withAcademyClock } from '#api/lib/academy-clock'
import { isAdminRequest } from '#cms/access/isAdminRequest'
import { jobsCollectionForAdmins, mailAutoRun, mailTask } from '#cms/mail-jobs'
import { messageAutoRun, messageCopyTask, scheduledMessagesTask, scheduledNoticesTask } from '#cms/message-jobs'

/**
 * Payload's jobs queue, for the scheduled work (decisions §13; docs/decisions/014 and 017;
 * docs/operations.md "Scheduled jobs"): one task per domain, each scheduled on its own. Every
 * process whose JOBS_AUTORUN is true (the default) starts Payload's runner
 * (src/server/boot.server.ts): each minute it queues each task's next run when none is waiting
 * and runs the ones that are due, each as its own job, so one failing stops none of the others.
 * Every step is safe on several processes at once (src/api/scheduled/steps.ts).
 * The same runner sends the mail jobs of the `mail` queue (cms/mail-jobs.ts, docs/decisions/018).
 */
export const BILLING_QUEUE = 'billing'

/**
 * The task slugs. The month's tuition keeps `billingCalendar`, the slug of the one task that
 * ran every domain before the split, so runs already queued under it (and the tests and
 * operators that queue it with a `now`) keep billing the month.
 */
export const SCHEDULED_TASKS = {
  tuition: 'billingCalendar',
  autopay: 'autopayCharges',
  lateFees: 'lateFees',
  waitlist: 'waitlistExpiry',
} as const satisfies Record<ScheduledDomain, string>

/** The month's tuition run (ADR 011), the task that was the whole billing calendar before the split. */
export const BILLING_TASK = SCHEDULED_TASKS.tuition

/** Stopped on shutdown: a tuition run stops between two families and is marked `interrupted`; the other steps are skipped. */
const stopping = new AbortController()

type BeforeSchedule = NonNullable<NonNullable<NonNullable<TaskConfig['schedule']>[number]['hooks']>['beforeSchedule']>

/**
 * Queue a task's next run unless a scheduled one of the same task is already waiting. Unlike
 * Payload's default, a run still marked as processing does not block the schedule: a process
 * that died mid-run leaves its job `processing` for ever, and the schedule must go on without it.
 */
const scheduleUnlessWaiting: BeforeSchedule = async ({ queueable, req }) => {
  const { totalDocs } = await req.payload.db.count({
    collection: 'payload-jobs',
    req,
    where: {
      and: [
        { queue: { equals: BILLING_QUEUE } },
        { taskSlug: { equals: queueable.taskConfig?.slug } },
        { completedAt: { exists: false } },
        { hasError: { not_equals: true } },
        { processing: { equals: false } },
        // A run queued by hand (with a `now`) does not stand in for the schedule's own.
        { 'meta.scheduled': { equals: true } },
      ],
    },
  })
  return { input: {}, shouldSchedule: totalDocs === 0, waitUntil: queueable.waitUntil }
}

type ScheduledRun = { input: { now?: string | null }; output: { result: unknown } }

/**
 * One domain's task: its step at the time it runs (or at `now`, an ISO time given by a test or
 * an operator, the clock running on from there), on the academy's day. A failed step fails its
 * job (kept in `payload_jobs` with its error) and no other; the queue does not retry it, the
 * next scheduled run is the retry.
 */
function scheduledTask(domain: ScheduledDomain, label: string, cron: string): TaskConfig<ScheduledRun> {
  const step = SCHEDULED_STEPS[domain]
  return {
    slug: SCHEDULED_TASKS[domain],
    label,
    retries: 0,
    inputSchema: [{ name: 'now', type: 'text' }],
    outputSchema: [{ name: 'result', type: 'json', required: true }],
    schedule: [{ cron, queue: BILLING_QUEUE, hooks: { beforeSchedule: scheduleUnlessWaiting } }],
    handler: async ({ input, req }) => {
      const run = () => step(req.payload, { signal: stopping.signal })
      const result = await (input.now ? withAcademyClock(clockFrom(new Date(input.now)), run) : run())
      if (result.outcome === 'failed') return { state: 'failed', errorMessage: `${label}${'period' in result ? ` ${result.period}` : ''}: ${result.error}` }
      return { output: { result } }
    },
  }
}

/**
 * The schedules, in the academy's day whatever the server's zone: hourly, so a process that was
 * down at midnight catches up within the hour. Autopay and late fees run a quarter and a half
 * hour after the tuition run, so the month's new invoices are charged the day they are issued
 * and late fees count what autopay has paid; the waitlist's clock is hours, so it runs every 5 minutes.
 */
export const scheduledTasks: TaskConfig<ScheduledRun>[] = [
  scheduledTask('tuition', 'Tuition run', '0 * * * *'),
  scheduledTask('autopay', 'Autopay charges', '15 * * * *'),
  scheduledTask('lateFees', 'Late fees', '30 * * * *'),
  scheduledTask('waitlist', 'Waitlist expiry', '*/5 * * * *'),
]

/**
 * `autoRun` false (JOBS_AUTORUN=false) leaves the runner out of this process altogether: Payload
 * starts its crons on the first request to its REST API whatever boot asked, so switching them
 * off has to happen in the config.
 */
export function jobsConfig(autoRun: boolean, runnerCron = '* * * * *'): JobsConfig {
  return {
    tasks: [...scheduledTasks, mailTask, messageCopyTask, scheduledMessagesTask, scheduledNoticesTask],
    jobsCollectionOverrides: jobsCollectionForAdmins,
    // Payload lets any signed-in account run, queue and cancel jobs through its REST
    // (/cms-api/payload-jobs/run, /handle-schedules): a family could start the billing tick.
    // Our own runner and the Local API calls are not asked (overrideAccess).
    access: { run: isAdminRequest, queue: isAdminRequest, cancel: isAdminRequest },
    // Each minute (JOBS_RUNNER_CRON): queue each task's next run unless one waits, then run the runs
    // that are due; and send the mail that is due (queued mail whose run at once did not happen, retries).
    autoRun: autoRun
      ? [
          { cron: runnerCron, queue: BILLING_QUEUE, limit: 10 },
          { ...mailAutoRun, cron: runnerCron },
          { ...messageAutoRun, cron: runnerCron },
        ]
      : [],
  }
}

/**
 * Shutdown (server.ts): no new run starts, a running tuition run stops after the family in
 * hand, and this waits (up to `waitMs`) for the runs to record that before the pool closes.
 */
export async function stopScheduledJobs(payload: Payload, waitMs: number): Promise<void> {
  const crons = payload.crons.splice(0, payload.crons.length)
  for (const cron of crons) cron.pause()
  stopping.abort()
  const deadline = Date.now() + waitMs
  while (crons.some((cron) => cron.isBusy()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
  for (const cron of crons) cron.stop()
}
