/**
 * A second (third…) app process for the billing calendar's tests: it boots Payload on
 * DATABASE_URL exactly as server.ts does, without HTTP, then for every line `{"now": ISO}` on
 * stdin queues a billing-calendar tick with that time and runs it through Payload's job runner,
 * answering one JSON line on stdout once the job ended.
 */
import readline from 'node:readline'

import { bootPayload } from '#server/boot.server'
import { setAppContext } from '#server/context.server'
import { loadEnv } from '#server/env.server'
import { createMailer } from '#server/mailer.server'
import { BILLING_QUEUE, BILLING_TASK } from '#cms/jobs'

const env = loadEnv({ ...process.env, NODE_ENV: 'production', JOBS_AUTORUN: 'false' })
const { payload } = await bootPayload(env, env.DATABASE_URL!)
setAppContext({ payload, env, mailer: createMailer({ smtpUrl: undefined, from: env.MAIL_FROM, log: () => {} }) })
process.stdout.write(JSON.stringify({ ready: true }) + '\n')

for await (const line of readline.createInterface({ input: process.stdin })) {
  const { now } = JSON.parse(line) as { now: string }
  const job = await payload.jobs.queue({ task: BILLING_TASK, input: { now }, queue: BILLING_QUEUE })
  const result = await payload.jobs.runByID({ id: job.id })
  process.stdout.write(JSON.stringify({ done: true, jobId: job.id, status: result.jobStatus?.[job.id]?.status ?? null }) + '\n')
}
