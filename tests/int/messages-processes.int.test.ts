import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MESSAGE_TASK } from '#api/messages'
import { poolOf } from '#api/lib/database'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass } from '#tests/support/families'
import { familyIn } from '#tests/support/messages'
import { startServerProcess, stopAllServerProcesses } from '#tests/support/server-process'
import { startSmtpListener } from '#tests/support/smtp'

/**
 * Message copies left to the queue (issue 25): the sending process could not reach its SMTP
 * server, so every copy waits for its retry; two other processes run the `messages` queue each
 * minute at the same second, and every guardian still gets the message exactly once.
 */
const SECRET = 'test-secret-that-is-long-enough-for-the-check'
let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpListener>>

beforeAll(async () => {
  smtp = await startSmtpListener()
  // This process's own mail goes nowhere (nothing listens on port 1): its copies fail their first try.
  app = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' })
})
afterAll(async () => {
  await stopAllServerProcesses()
  await app?.close()
  await smtp?.close()
})

describe('two processes draining the messages queue', () => {
  it('deliver every copy once', { timeout: 240_000 }, async () => {
    const cls = await addClass(app, { name: 'Processes Class' })
    const families = [] as Awaited<ReturnType<typeof familyIn>>[]
    for (let i = 0; i < 4; i++) families.push(await familyIn(app, `msg-proc-${i}`, [cls.id]))
    const admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
    const sent = await admin.post('/api/admin/messages', { subject: 'Two runners', body: 'Sent once.', audience: { kind: 'classes', classIds: [cls.id] } })
    expect(sent.status).toBe(201)
    const jobs = async () =>
      (
        await poolOf(app.payload).query(`SELECT total_tried::int AS tried FROM payload_jobs WHERE task_slug = $1 AND (input->>'messageId')::int = $2`, [
          MESSAGE_TASK,
          sent.body.id,
        ])
      ).rows as { tried: number }[]
    await expect.poll(async () => (await jobs()).map((job) => job.tried), { timeout: 20_000 }).toEqual([1, 1, 1, 1])
    // Due now rather than in 30 s.
    await poolOf(app.payload).query(`UPDATE payload_jobs SET wait_until = now() WHERE task_slug = $1`, [MESSAGE_TASK])

    const env = { DATABASE_URL: app.databaseUrl, PAYLOAD_SECRET: SECRET, PUBLIC_ORIGIN: 'http://academy.test', HOST: '127.0.0.1', SMTP_URL: smtp.url }
    // Both runners fire at the same second, every two seconds rather than each minute.
    const runner = { ...env, JOBS_AUTORUN: 'true', JOBS_RUNNER_CRON: '*/2 * * * * *' }
    const runners = await Promise.all([startServerProcess(runner), startServerProcess(runner)])
    // A busy machine takes a while to start both runners: the first copy may need most of a minute.
    for (const family of families) await smtp.waitFor((m) => m.to.includes(family.email), 90_000)
    await expect.poll(async () => (await jobs()).length, { timeout: 10_000 }).toBe(0)
    for (const family of families) expect(smtp.messages.filter((m) => m.to.includes(family.email))).toHaveLength(1)
    const detail = await admin.get(`/api/admin/messages/${sent.body.id}`)
    expect(detail.body.counts).toMatchObject({ recipients: 4, sent: 4, failed: 0 })
    for (const runner of runners) expect(await runner.stop()).toBe(0)
  })
})
