import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MAIL_QUEUE, MAIL_TASK } from '#api/email'
import { poolOf } from '#api/lib/database'
import { startTestApp, type TestApp } from '#tests/support/app'
import { startServerProcess, stopAllServerProcesses } from '#tests/support/server-process'
import { startSmtpListener } from '#tests/support/smtp'

/**
 * Mail left queued by a process that died before running it (docs/decisions/018) is sent by the
 * queue's runner of the other processes, each mail once although two runners fire each minute
 * at the same second.
 */

const SECRET = 'test-secret-that-is-long-enough-for-the-check'
let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpListener>>

beforeAll(async () => {
  smtp = await startSmtpListener()
  app = await startTestApp({ SMTP_URL: smtp.url })
})
afterAll(async () => {
  await stopAllServerProcesses()
  await app?.close()
  await smtp?.close()
})

describe('two processes running the mail queue', () => {
  it('send the mail a dead process left queued, each message once', { timeout: 200_000 }, async () => {
    const env = { DATABASE_URL: app.databaseUrl, PAYLOAD_SECRET: SECRET, PUBLIC_ORIGIN: 'http://academy.test', HOST: '127.0.0.1', SMTP_URL: smtp.url }
    // Both runners fire at the same second, every two seconds rather than at the top of each minute.
    const runner = { ...env, JOBS_AUTORUN: 'true', JOBS_RUNNER_CRON: '*/2 * * * * *' }
    const runners = await Promise.all([startServerProcess(runner), startServerProcess(runner)])

    // Queued and committed, never run: what a process killed right after its commit leaves.
    const stamp = Date.now()
    const addresses = Array.from({ length: 6 }, (_, i) => `left-${stamp}-${i}@example.com`)
    for (const to of addresses) {
      await app.payload.jobs.queue({
        task: MAIL_TASK,
        queue: MAIL_QUEUE,
        input: { to, subject: `Left queued ${to}`, text: 'Sent by a runner.', html: null, replyTo: null },
      })
    }

    for (const to of addresses) await smtp.waitFor((m) => m.to.includes(to), 30_000)
    const left = async () =>
      (await poolOf(app.payload).query(`SELECT id FROM payload_jobs WHERE task_slug = $1 AND input->>'to' = ANY($2)`, [MAIL_TASK, addresses])).rows.length
    // Sent, so deleted; and no runner sent any of them twice.
    await expect.poll(left, { timeout: 10_000 }).toBe(0)
    for (const to of addresses)
      expect(
        smtp.messages.filter((m) => m.to.includes(to)),
        to,
      ).toHaveLength(1)

    for (const runner of runners) expect(await runner.stop()).toBe(0)
  })
})
