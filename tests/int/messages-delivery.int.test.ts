import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { drainSoon, MESSAGE_QUEUE, sendDueMessages } from '#api/messages'
import { MESSAGE_TEXTS } from '#api/messages/schemas'
import { clockFrom, withAcademyClock } from '#api/lib/academy-clock'
import { poolOf } from '#api/lib/database'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, type Family } from '#tests/support/families'
import { familyIn } from '#tests/support/messages'
import { startSmtpListener } from '#tests/support/smtp'

/**
 * Messages later and messages through an SMTP outage (issue 25): a scheduled message is sent at
 * its time with the audience of that time, a cancel before then wins, and a copy refused by an
 * absent SMTP server is marked failed with the answer, then retried and delivered once.
 */
let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let port: number
let admin: ApiClient
let cls: { id: number; name: string }
let family: Family & { studentId: number }

const hour = 60 * 60 * 1000
const inAnHour = () => new Date(Date.now() + hour).toISOString()
const countRows = async (table: string, messageId: number) =>
  Number(
    (
      await poolOf(app.payload).query(
        `SELECT count(*) AS n FROM ${table} WHERE ${table === 'payload_jobs' ? "(input->>'messageId')::int" : 'message_id'} = $1`,
        [messageId],
      )
    ).rows[0].n,
  )

beforeAll(async () => {
  smtp = await startSmtpListener()
  port = Number(new URL(smtp.url).port)
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Academy <academy@example.com>' })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  cls = await addClass(app, { name: 'Delivery Class' })
  family = await familyIn(app, 'msg-delivery', [cls.id], 'Gia Delivery')
})

afterAll(async () => {
  await app?.close()
  await smtp?.close()
})

const letter = (subject: string, extra: Record<string, unknown> = {}) => ({
  subject,
  body: `Body of ${subject}.`,
  audience: { kind: 'classes', classIds: [cls.id] },
  ...extra,
})

describe('scheduling', () => {
  it('refuses a time in the past', async () => {
    const res = await admin.post('/api/admin/messages', letter('Too late', { scheduledFor: new Date(Date.now() - hour).toISOString() }))
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(MESSAGE_TEXTS.scheduledInPast)
    expect((await admin.get('/api/admin/messages')).body).toEqual([])
  })

  it('sends nothing before the time, then everything at it, once, to the audience of that time', async () => {
    const res = await admin.post('/api/admin/messages', letter('Recital next week', { scheduledFor: inAnHour() }))
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ status: 'scheduled', sentAt: null })
    const id = res.body.id as number
    expect((await sendDueMessages(app.payload)).sent).toEqual([])
    expect(await countRows('message_recipients', id)).toBe(0)
    // A family that joins the class before the time receives it too.
    const late = await familyIn(app, 'msg-late', [cls.id], 'Hal Late')

    const later = clockFrom(new Date(Date.now() + 2 * hour))
    const [first, second] = await Promise.all([
      withAcademyClock(later, () => sendDueMessages(app.payload)),
      withAcademyClock(later, () => sendDueMessages(app.payload)),
    ])
    expect([...first.sent, ...second.sent]).toEqual([id])
    await smtp.waitFor((m) => m.to.includes(family.email) && m.subject === 'Recital next week')
    await smtp.waitFor((m) => m.to.includes(late.email) && m.subject === 'Recital next week')
    expect((await admin.get(`/api/admin/messages/${id}`)).body).toMatchObject({ status: 'sent', counts: { recipients: 2 } })
    expect((await admin.post(`/api/admin/messages/${id}/cancel`)).status).toBe(409)
  })

  it('is cancelled until its time, and a cancelled message is never sent', async () => {
    const id = (await admin.post('/api/admin/messages', letter('Cancelled notice', { scheduledFor: inAnHour() }))).body.id as number
    const family2 = new ApiClient(app.url)
    expect((await family2.post(`/api/admin/messages/${id}/cancel`)).status).toBe(401)
    expect((await family.client.post(`/api/admin/messages/${id}/cancel`)).status).toBe(403)
    const cancelled = await admin.post(`/api/admin/messages/${id}/cancel`)
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.status).toBe('cancelled')
    const again = await admin.post(`/api/admin/messages/${id}/cancel`)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(MESSAGE_TEXTS.notCancellable)
    expect((await admin.post('/api/admin/messages/999999/cancel')).status).toBe(404)
    await withAcademyClock(clockFrom(new Date(Date.now() + 2 * hour)), () => sendDueMessages(app.payload))
    expect(await countRows('message_recipients', id)).toBe(0)
    expect(smtp.messages.some((m) => m.subject === 'Cancelled notice')).toBe(false)
  })
})

describe('a scheduled message whose audience is empty at its time', () => {
  it('is not sent to nobody: the app cancels it and the console says why; sent messages are untouched', async () => {
    const empty = await addClass(app, { name: 'Delivery Empty Class' })
    const toEmpty = await admin.post(
      '/api/admin/messages',
      letter('Nobody there', { scheduledFor: inAnHour(), audience: { kind: 'classes', classIds: [empty.id] } }),
    )
    expect(toEmpty.status).toBe(201)
    const toClass = (await admin.post('/api/admin/messages', letter('Somebody there', { scheduledFor: inAnHour() }))).body.id as number

    const outcome = await withAcademyClock(clockFrom(new Date(Date.now() + 2 * hour)), () => sendDueMessages(app.payload))
    expect(outcome).toEqual({ sent: [toClass], notSent: [toEmpty.body.id] })
    const shown = (await admin.get(`/api/admin/messages/${toEmpty.body.id}`)).body
    expect(shown).toMatchObject({ status: 'cancelled', sentAt: null, notSentReason: MESSAGE_TEXTS.noRecipientsAtItsTime, counts: { recipients: 0 } })
    expect((await admin.get(`/api/admin/messages/${toClass}`)).body).toMatchObject({ status: 'sent', notSentReason: null })
    expect(await countRows('message_recipients', toEmpty.body.id as number)).toBe(0)
    // Nothing waits to send it again, and nobody can cancel it twice.
    expect((await withAcademyClock(clockFrom(new Date(Date.now() + 3 * hour)), () => sendDueMessages(app.payload))).notSent).toEqual([])
    expect((await admin.post(`/api/admin/messages/${toEmpty.body.id}/cancel`)).status).toBe(409)
  })
})

describe('with the SMTP server away', () => {
  it('marks the copy failed with the SMTP answer, retries, and delivers it once when the server is back', async () => {
    await smtp.close()
    const id = (await admin.post('/api/admin/messages', letter('Through the outage'))).body.id as number
    await expect
      .poll(async () => (await admin.get(`/api/admin/messages/${id}`)).body.recipients[1], { timeout: 10_000 })
      .toMatchObject({ delivery: 'failed', smtpAnswer: expect.stringMatching(/ECONNREFUSED/) })
    // Two families are in the class by now (one joined before the scheduled message): two jobs, both waiting for a retry.
    expect(await countRows('payload_jobs', id)).toBe(2)
    // The drain the send started is still settling the second copy's try: let it finish, or it
    // and the run below would both claim the copies (Payload's claim is not a lock).
    await drainSoon(app.payload)

    smtp = await startSmtpListener({ port })
    await poolOf(app.payload).query(`UPDATE payload_jobs SET wait_until = now() - interval '1 second' WHERE (input->>'messageId')::int = $1`, [id])
    await app.payload.jobs.run({ queue: MESSAGE_QUEUE, limit: 10 })
    await smtp.waitFor((m) => m.to.includes(family.email) && m.subject === 'Through the outage')
    await expect
      .poll(async () =>
        (await admin.get(`/api/admin/messages/${id}`)).body.recipients.map((r: { delivery: string; smtpAnswer: string | null }) => [r.delivery, r.smtpAnswer]),
      )
      .toEqual([
        ['sent', null],
        ['sent', null],
      ])
    await expect.poll(() => countRows('payload_jobs', id)).toBe(0)
    // Run again: nothing is sent twice.
    await app.payload.jobs.run({ queue: MESSAGE_QUEUE, limit: 10 })
    expect(smtp.messages.filter((m) => m.subject === 'Through the outage')).toHaveLength(2)
  })
})
