import { sql } from '@payloadcms/db-postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { queryRows } from '#api/lib/database'

import { INBOX_PAGE_SIZE, MESSAGE_TEXTS } from '#api/messages/schemas'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, createFamily, type Family } from '#tests/support/families'
import { familyIn } from '#tests/support/messages'

/**
 * The inbox reaches every message, a page at a time, and the unread badge counts what the pages
 * show; a message to a class that does not exist, or to send now to nobody, is refused with
 * nothing stored.
 */
let app: TestApp
let admin: ApiClient
let reader: Family & { studentId: number }
let stranger: Family & { studentId: number }
let busy: { id: number; name: string }
let empty: { id: number; name: string }

type Item = { id: number; readAt: string | null }

/** How many messages and copies are stored (a copy's delivery moves on as its mail is sent). */
async function messageRows(): Promise<number[]> {
  return Promise.all(
    (['messages', 'message-recipients'] as const).map(async (collection) => (await app.payload.count({ collection, overrideAccess: true })).totalDocs),
  )
}

const announce = (classId: number, subject: string, extra: Record<string, unknown> = {}) =>
  admin.post('/api/admin/messages', { subject, body: 'Words.', audience: { kind: 'classes', classIds: [classId] }, ...extra })

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  busy = await addClass(app, { name: 'Inbox Pages Ballet' })
  empty = await addClass(app, { name: 'Inbox Pages Empty' })
  reader = await familyIn(app, 'inbox-pages', [busy.id], 'Ida Pages')
  stranger = await familyIn(app, 'inbox-stranger', [], 'Sam Stranger')
}, 120_000)

afterAll(async () => {
  await app?.close()
})

describe('an inbox of more than 200 messages', () => {
  // The reader's messages, oldest first, in the order the inbox sorts its copies (newest first, ties by copy).
  let sent: number[] = []

  beforeAll(async () => {
    // Five sent through the contract; 200 older ones copied from the first of them in two statements, to stay fast.
    const first = await announce(busy.id, 'Notice 201')
    for (let n = 202; n <= 205; n++) expect((await announce(busy.id, `Notice ${n}`)).status).toBe(201)
    await queryRows(
      app.payload,
      sql`WITH copied AS (
          INSERT INTO messages (subject, body, category, audience, audience_label, sender_id, sender_name, status, sent_at, updated_at, created_at)
          SELECT 'Notice ' || n, body, category, audience, audience_label, sender_id, sender_name, status, sent_at - n * interval '1 minute', now(), created_at - n * interval '1 minute'
          FROM messages, generate_series(1, 200) AS n WHERE id = ${first.body.id}
          RETURNING id, created_at)
        INSERT INTO message_recipients (message_id, user_id, students, email, channel, delivery, updated_at, created_at)
        SELECT copied.id, r.user_id, r.students, r.email, r.channel, 'portal-only', now(), copied.created_at
        FROM copied, message_recipients r WHERE r.message_id = ${first.body.id}`,
    )
    const copies = await app.payload.find({
      collection: 'message-recipients',
      where: { user: { equals: reader.userId } },
      sort: ['-createdAt', '-id'],
      pagination: false,
      limit: 0,
      depth: 0,
      overrideAccess: true,
    })
    sent = copies.docs.map((copy) => copy.message as number).reverse()
    expect(sent).toHaveLength(205)
  }, 120_000)

  it('is read page by page, newest first, down to the very first message, and the badge counts them all', async () => {
    const newest = (await reader.client.get('/api/messages')).body as Item[]
    expect(newest.map((item) => item.id)).toEqual(sent.slice(-INBOX_PAGE_SIZE).reverse())

    const seen: number[] = []
    let before: number | undefined
    for (;;) {
      const page = (await reader.client.get(`/api/messages${before ? `?before=${before}` : ''}`)).body as Item[]
      seen.push(...page.map((item) => item.id))
      if (page.length < INBOX_PAGE_SIZE) break
      before = page.at(-1)!.id
    }
    expect(seen).toEqual([...sent].reverse())
    expect(seen.filter((id, i) => seen.indexOf(id) !== i)).toEqual([])
    expect((await reader.client.get('/api/messages/unread-count')).body).toEqual({ unread: 205 })

    // The oldest one, beyond the first 200, is reached and read: the badge agrees.
    expect((await reader.client.post(`/api/messages/${sent[0]}/read`)).status).toBe(200)
    expect((await reader.client.get('/api/messages/unread-count')).body).toEqual({ unread: 204 })
    const oldest = (await reader.client.get(`/api/messages?before=${sent[1]}`)).body as Item[]
    expect(oldest).toHaveLength(1)
    expect(oldest[0]).toMatchObject({ id: sent[0], readAt: expect.any(String) })
  })

  it('gives the number of messages asked for, and refuses a page after a message that is not in the inbox', async () => {
    const three = (await reader.client.get(`/api/messages?before=${sent[10]}&limit=3`)).body as Item[]
    expect(three.map((item) => item.id)).toEqual([sent[9], sent[8], sent[7]])
    expect((await reader.client.get('/api/messages?limit=0')).body.message).toBe(MESSAGE_TEXTS.inboxLimit)
    expect((await reader.client.get('/api/messages?limit=101')).body.message).toBe(MESSAGE_TEXTS.inboxLimit)
    expect((await reader.client.get('/api/messages?before=abc')).body.message).toBe(MESSAGE_TEXTS.inboxBefore)
    // Another household's message is no cursor of this one.
    expect((await stranger.client.get(`/api/messages?before=${sent[10]}`)).status).toBe(404)
    expect((await new ApiClient(app.url).get('/api/messages')).status).toBe(401)
  })
})

describe('a message that would reach nobody', () => {
  it('to a class that does not exist is refused (404) with nothing stored, now, later or in the preview', async () => {
    const before = await messageRows()
    const missing = 9_999_999
    for (const res of [
      await announce(missing, 'To no class'),
      await announce(missing, 'To no class, later', { scheduledFor: '2099-01-01T10:00:00.000Z' }),
      await admin.post('/api/admin/messages', { subject: 'Waiting', body: 'Words.', audience: { kind: 'waitlist', classIds: [busy.id, missing] } }),
      await admin.post('/api/admin/messages/preview', { audience: { kind: 'classes', classIds: [missing] } }),
    ]) {
      expect([res.status, res.body.message]).toEqual([404, MESSAGE_TEXTS.classNotFound])
    }
    expect(await messageRows()).toEqual(before)
  })

  it('to send now to an empty audience is refused (400) with nothing stored; for later it waits for its audience', async () => {
    const before = await messageRows()
    const res = await announce(empty.id, 'To an empty class')
    expect([res.status, res.body.message]).toEqual([400, MESSAGE_TEXTS.noRecipients])
    const teacher = await createFamily(app, 'inbox-teacher')
    await app.payload.update({ collection: 'users', id: teacher.userId, data: { isTeacher: true }, overrideAccess: true })
    await app.payload.update({ collection: 'classes', id: empty.id, data: { teacher: teacher.userId }, overrideAccess: true })
    const cancelled = await teacher.client.post(`/api/teach/classes/${empty.id}/messages`, { cancelledToday: true })
    expect([cancelled.status, cancelled.body.message]).toEqual([400, MESSAGE_TEXTS.noRecipients])
    expect(await messageRows()).toEqual(before)

    const later = await announce(empty.id, 'To an empty class, later', { scheduledFor: '2099-01-01T10:00:00.000Z' })
    expect([later.status, later.body.status]).toEqual([201, 'scheduled'])
  })
})
