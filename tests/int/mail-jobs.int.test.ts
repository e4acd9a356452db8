import { createLocalReq } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { composeMail, MAIL_QUEUE, MAIL_TASK, sendMail } from '#api/email'
import { inTransaction, poolOf } from '#api/lib/database'
import { startTestApp, ADMIN, FAMILY, type TestApp } from '#tests/support/app'
import { cmsRest, sessionCookie } from '#tests/support/cms-rest'
import { startSmtpListener } from '#tests/support/smtp'

/**
 * Mail as durable jobs (docs/decisions/018), against a real SMTP listener that the tests stop
 * and start again on the same port: the SMTP server going away and coming back.
 */

let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let port: number

beforeAll(async () => {
  smtp = await startSmtpListener()
  port = Number(new URL(smtp.url).port)
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Academy Tests <tests@academy.example>' })
})
afterAll(async () => {
  await app?.close()
  await smtp?.close()
})

let count = 0
const address = (label: string) => `${label}-${Date.now()}-${++count}@example.com`
const mail = (subject: string) => composeMail({ academyName: 'Academy', subject, blocks: [`Body of ${subject}.`] })
const sentTo = (to: string) => smtp.messages.filter((m) => m.to.includes(to))
const settle = () => new Promise((resolve) => setTimeout(resolve, 400))

type JobRow = {
  id: number
  total_tried: number
  has_error: boolean | null
  processing: boolean
  wait_until: Date | null
  error: unknown
  queue: string
  last_error: unknown
}

/** The mail jobs addressed to `to`, as the database holds them. */
async function jobsTo(to: string): Promise<JobRow[]> {
  const { rows } = await poolOf(app.payload).query<JobRow>(
    `SELECT id, total_tried::int AS total_tried, has_error, processing, wait_until, error, queue,
      (SELECT log.error FROM payload_jobs_log log WHERE log._parent_id = job.id ORDER BY log.executed_at DESC LIMIT 1) AS last_error
     FROM payload_jobs job WHERE task_slug = $1 AND input->>'to' = $2 ORDER BY id`,
    [MAIL_TASK, to],
  )
  return rows
}

/** Time passes: the job's next try is due now. */
async function makeDue(id: number): Promise<void> {
  await poolOf(app.payload).query(`UPDATE payload_jobs SET wait_until = now() - interval '1 second' WHERE id = $1`, [id])
}

async function stopSmtp(): Promise<void> {
  await smtp.close()
}
async function startSmtp(): Promise<void> {
  smtp = await startSmtpListener({ port })
}

describe('a mail is a job', () => {
  it('is delivered through the job right away, and its finished job is gone', async () => {
    const to = address('delivered')
    await sendMail(app.payload, to, mail('Delivered by a job'))
    const caught = await smtp.waitFor((m) => m.to.includes(to), 2000)
    expect(caught.subject).toBe('Delivered by a job')
    expect(caught.from).toBe('tests@academy.example')
    expect(caught.text).toContain('Body of Delivered by a job.')
    await expect.poll(async () => (await jobsTo(to)).length).toBe(0)
  })

  it('is queued inside the operation: sent only after the commit, never when it rolls back', async () => {
    const kept = address('committed')
    const req = await createLocalReq({}, app.payload)
    await inTransaction(req, async () => {
      await sendMail(req, kept, mail('After the commit'))
      await settle()
      // Not yet committed: nothing sent, and no other connection sees the job.
      expect(sentTo(kept)).toHaveLength(0)
      expect(await jobsTo(kept)).toHaveLength(0)
    })
    await smtp.waitFor((m) => m.to.includes(kept), 2000)

    const dropped = address('rolled-back')
    const failing = await createLocalReq({}, app.payload)
    await expect(
      inTransaction(failing, async () => {
        await sendMail(failing, dropped, mail('Never sent'))
        throw new Error('the operation fails')
      }),
    ).rejects.toThrow('the operation fails')
    await settle()
    expect(sentTo(dropped)).toHaveLength(0)
    expect(await jobsTo(dropped)).toHaveLength(0)
  })
})

describe('with the SMTP server away', () => {
  it('fails the try, retries with a growing delay, and delivers once the server is back', async () => {
    const to = address('retried')
    await stopSmtp()
    try {
      await sendMail(app.payload, to, mail('Sent at last'))
      await expect.poll(async () => (await jobsTo(to))[0]?.total_tried).toBe(1)
      const [first] = await jobsTo(to)
      expect(first).toMatchObject({ queue: MAIL_QUEUE, processing: false })
      expect(first!.has_error).not.toBe(true)
      // The try's error is in the job's log, the SMTP answer with it.
      expect(JSON.stringify(first!.last_error)).toMatch(/ECONNREFUSED/)
      // Exponential backoff: 30 s after the first failure, 60 s after the second.
      const firstWait = first!.wait_until!.getTime() - Date.now()
      expect(firstWait).toBeGreaterThan(25_000)
      expect(firstWait).toBeLessThanOrEqual(61_000)

      await makeDue(first!.id)
      await app.payload.jobs.run({ queue: MAIL_QUEUE })
      const [second] = await jobsTo(to)
      expect(second!.total_tried).toBe(2)
      const secondWait = second!.wait_until!.getTime() - Date.now()
      expect(secondWait).toBeGreaterThan(55_000)
      expect(secondWait).toBeLessThanOrEqual(121_000)
    } finally {
      await startSmtp()
    }
    const [job] = await jobsTo(to)
    await makeDue(job!.id)
    await app.payload.jobs.run({ queue: MAIL_QUEUE })
    const caught = await smtp.waitFor((m) => m.to.includes(to), 2000)
    expect(caught.subject).toBe('Sent at last')
    expect(await jobsTo(to)).toHaveLength(0)
  })

  it('after the last try keeps the job failed with the SMTP answer, readable by administrators only', async () => {
    const to = address('given-up')
    await stopSmtp()
    try {
      await sendMail(app.payload, to, mail('Never arrives'))
      await expect.poll(async () => (await jobsTo(to))[0]?.total_tried).toBe(1)
      for (let tries = 1; tries < 20; tries++) {
        const [job] = await jobsTo(to)
        if (job!.has_error) break
        await makeDue(job!.id)
        await app.payload.jobs.run({ queue: MAIL_QUEUE })
      }
    } finally {
      await startSmtp()
    }
    const [failed] = await jobsTo(to)
    expect(failed).toMatchObject({ has_error: true, total_tried: 9, processing: false })
    // A failed job is not picked up again, even when its time would be due.
    await app.payload.jobs.run({ queue: MAIL_QUEUE })
    await settle()
    expect(sentTo(to)).toHaveLength(0)

    const asAdmin = await cmsRest(app, 'GET', `/payload-jobs/${failed!.id}`, { cookie: await sessionCookie(app, ADMIN.username, ADMIN.password) })
    expect(asAdmin.status).toBe(200)
    expect(asAdmin.body).toMatchObject({ taskSlug: MAIL_TASK, hasError: true, input: { to, subject: 'Never arrives' } })
    expect(JSON.stringify(asAdmin.body.error)).toMatch(/ECONNREFUSED/)
    const asFamily = await cmsRest(app, 'GET', `/payload-jobs/${failed!.id}`, { cookie: await sessionCookie(app, FAMILY.username, FAMILY.password) })
    expect(asFamily.status).toBe(403)
    expect(JSON.stringify(asFamily.body)).not.toContain(to)
    expect((await cmsRest(app, 'GET', `/payload-jobs/${failed!.id}`)).status).toBe(403)
  })
})

describe('several runners', () => {
  it('send a queued mail once, however many run it at the same time', async () => {
    const to = address('once')
    const job = await app.payload.jobs.queue({
      task: MAIL_TASK,
      queue: MAIL_QUEUE,
      input: { to, subject: 'Only once', text: 'One copy.', html: null, replyTo: null },
    })
    // Payload marks a job as processing without checking that it already is: runs by id always
    // both start, and the queue's runs can pick the same row. A run that finishes after the
    // job was finished and deleted by another fails in Payload's own bookkeeping: settled, not all fulfilled.
    await Promise.allSettled([
      app.payload.jobs.runByID({ id: job.id }),
      app.payload.jobs.runByID({ id: job.id }),
      app.payload.jobs.run({ queue: MAIL_QUEUE }),
      app.payload.jobs.run({ queue: MAIL_QUEUE }),
    ])
    await smtp.waitFor((m) => m.to.includes(to), 2000)
    await settle()
    expect(sentTo(to)).toHaveLength(1)
    // Later runs find nothing to send either.
    await app.payload.jobs.run({ queue: MAIL_QUEUE })
    await settle()
    expect(sentTo(to)).toHaveLength(1)
  })
})
