import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MESSAGE_TEXTS } from '#api/messages/schemas'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { cmsRest, sessionCookie } from '#tests/support/cms-rest'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'
import { choose, enroll, familyIn, owe, waitFor } from '#tests/support/messages'
import { startSmtpListener } from '#tests/support/smtp'

/**
 * Messages that reach every family (issue 25), against real PostgreSQL and a real SMTP listener:
 * each audience, preferences, no duplicate, the inbox of one household only, replies, the teacher's rule.
 */
let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let admin: ApiClient
let visitor: ApiClient
let ballet: { id: number; name: string }
let jazz: { id: number; name: string }
let teen: { id: number; name: string }
let both: Family & { studentId: number } // a child in Ballet and one in Jazz: one copy only
let balletOnly: Family & { studentId: number }
let portalOnly: Family & { studentId: number } // chose the portal for announcements
let jazzOnly: Family & { studentId: number }
let waiting: Family & { studentId: number }
let owing: Family
let teacher: Family
let otherTeacher: Family

const sentTo = (family: Family) => smtp.messages.filter((m) => m.to.includes(family.email))

async function makeTeacher(label: string): Promise<Family> {
  const account = await createFamily(app, label)
  await app.payload.update({ collection: 'users', id: account.userId, data: { isTeacher: true }, overrideAccess: true })
  return account
}

async function messageRows(): Promise<string> {
  const rows = await Promise.all(
    (['messages', 'message-recipients', 'inquiries'] as const).map((collection) =>
      app.payload.find({ collection, overrideAccess: true, limit: 0, pagination: false, depth: 0, sort: 'id' }).then((r) => r.docs),
    ),
  )
  return JSON.stringify(rows)
}

beforeAll(async () => {
  smtp = await startSmtpListener()
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Academy <academy@example.com>' })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  visitor = new ApiClient(app.url)
  teacher = await makeTeacher('msg-teacher')
  otherTeacher = await makeTeacher('msg-teacher-b')
  ballet = await addClass(app, { name: 'Messages Ballet', ageGroup: '6-8' })
  jazz = await addClass(app, { name: 'Messages Jazz', ageGroup: '6-8' })
  teen = await addClass(app, { name: 'Messages Teen', ageGroup: '13-17' })
  await app.payload.update({ collection: 'classes', id: ballet.id, data: { teacher: teacher.userId }, overrideAccess: true })
  await app.payload.update({ collection: 'classes', id: jazz.id, data: { teacher: otherTeacher.userId }, overrideAccess: true })
  both = await familyIn(app, 'msg-both', [ballet.id], 'Ada Both')
  await enroll(app, await addStudent(app, both.userId, 'Ben Both'), jazz.id)
  balletOnly = await familyIn(app, 'msg-ballet', [ballet.id], 'Cleo Ballet')
  portalOnly = await familyIn(app, 'msg-portal', [ballet.id], 'Dina Portal')
  await choose(app, portalOnly, { announcementsBy: 'portal' })
  jazzOnly = await familyIn(app, 'msg-jazz', [jazz.id], 'Eli Jazz')
  waiting = await familyIn(app, 'msg-waiting', [], 'Fay Waiting')
  await waitFor(app, waiting, teen.id)
  owing = await createFamily(app, 'msg-owing')
  await owe(app, owing)
  await choose(app, owing, { billingBy: 'portal' })
})

afterAll(async () => {
  await app?.close()
  await smtp?.close()
})

describe('the audience preview', () => {
  it('counts each guardian once across two classes and names who will not get an email', async () => {
    const res = await admin.post('/api/admin/messages/preview', { audience: { kind: 'classes', classIds: [ballet.id, jazz.id] } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ households: 4, guardians: 4, byEmail: 3 })
    expect(res.body.portalOnly).toEqual([{ userId: portalOnly.userId, fullName: portalOnly.fullName, reason: 'Chose the portal only for announcements' }])
  })

  it('finds an age group, a waitlist, the unpaid invoices and everyone', async () => {
    const preview = async (audience: unknown, category = 'announcements') =>
      (await admin.post('/api/admin/messages/preview', { audience, category })).body as { guardians: number; portalOnly: { userId: number }[] }
    expect((await preview({ kind: 'age-group', ageGroup: '6-8' })).guardians).toBe(4)
    expect((await preview({ kind: 'age-group', ageGroup: '13-17' })).guardians).toBe(0)
    expect((await preview({ kind: 'waitlist', classIds: [teen.id] })).guardians).toBe(1)
    // The owing family chose the portal for billing: the preview names it among those who get no email.
    expect((await preview({ kind: 'unpaid' }, 'billing')).portalOnly.map((row) => row.userId)).toContain(owing.userId)
    expect((await preview({ kind: 'unpaid' }, 'service')).portalOnly.map((row) => row.userId)).not.toContain(owing.userId)
    const everyone = await preview({ kind: 'everyone' })
    expect(everyone.guardians).toBeGreaterThanOrEqual(5)
    // A service message (money, safety) cannot be switched off: everyone gets it by email.
    expect((await preview({ kind: 'classes', classIds: [ballet.id] }, 'service')).portalOnly).toEqual([])
  })

  it('refuses a bad audience (400) and anyone but an administrator', async () => {
    expect((await admin.post('/api/admin/messages/preview', { audience: { kind: 'classes', classIds: [] } })).body.message).toBe(MESSAGE_TEXTS.classesRequired)
    expect((await admin.post('/api/admin/messages/preview', { audience: { kind: 'nobody' } })).status).toBe(400)
    expect((await visitor.post('/api/admin/messages/preview', { audience: { kind: 'everyone' } })).status).toBe(401)
    expect((await balletOnly.client.post('/api/admin/messages/preview', { audience: { kind: 'everyone' } })).status).toBe(403)
  })
})

describe('sending to classes', () => {
  let messageId: number

  it('queues one copy per guardian, emails those who chose email, with a one-click unsubscribe', async () => {
    const res = await admin.post('/api/admin/messages', {
      subject: 'Rehearsal moved',
      body: 'The rehearsal moves to Saturday.\n\nBring water.',
      audience: { kind: 'classes', classIds: [ballet.id, jazz.id] },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ status: 'sent', audienceLabel: 'Classes: Messages Ballet, Messages Jazz' })
    messageId = res.body.id
    const mail = await smtp.waitFor((m) => m.to.includes(both.email) && m.subject === 'Rehearsal moved')
    expect(mail.text).toContain('The rehearsal moves to Saturday.')
    expect(mail.text).toContain('This message concerns Ada Both, Ben Both.')
    expect(mail.raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/127\.0\.0\.1:\d+\/api\/messages\/unsubscribe\?token=[^>]+>/m)
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m)
    await smtp.waitFor((m) => m.to.includes(balletOnly.email) && m.subject === 'Rehearsal moved')
    await smtp.waitFor((m) => m.to.includes(jazzOnly.email) && m.subject === 'Rehearsal moved')
    await expect.poll(async () => (await admin.get(`/api/admin/messages/${messageId}`)).body.counts).toMatchObject({ recipients: 4, sent: 3, portalOnly: 1 })
    expect(sentTo(both).filter((m) => m.subject === 'Rehearsal moved')).toHaveLength(1)
    expect(sentTo(portalOnly)).toHaveLength(0)
    const detail = (await admin.get(`/api/admin/messages/${messageId}`)).body
    expect(detail.recipients.find((r: { userId: number }) => r.userId === portalOnly.userId)).toMatchObject({ channel: 'portal', delivery: 'portal-only' })
    expect((await admin.get('/api/admin/messages')).body[0]).toMatchObject({ id: messageId, counts: { recipients: 4 } })
  })

  it('is in each family’s inbox with the children it concerns, and in no other household’s', async () => {
    const inbox = (await both.client.get('/api/messages')).body
    expect(inbox).toHaveLength(1)
    expect(inbox[0]).toMatchObject({ id: messageId, subject: 'Rehearsal moved', readAt: null, students: [{ fullName: 'Ada Both' }, { fullName: 'Ben Both' }] })
    expect((await portalOnly.client.get('/api/messages')).body).toHaveLength(1)
    expect((await waiting.client.get('/api/messages')).body).toEqual([])
    // Another household's copy: no read, no reply, and not through /cms-api either.
    expect((await waiting.client.post(`/api/messages/${messageId}/read`)).status).toBe(404)
    expect((await waiting.client.post(`/api/messages/${messageId}/reply`, { message: 'Hi' })).status).toBe(404)
    const cookie = await sessionCookie(app, waiting.username, 'a-long-test-password')
    expect((await cmsRest(app, 'GET', '/message-recipients?limit=100', { cookie })).body.docs).toEqual([])
    expect((await cmsRest(app, 'GET', `/messages/${messageId}`, { cookie })).status).toBe(403)
    const own = await sessionCookie(app, both.username, 'a-long-test-password')
    const ownDocs = (await cmsRest(app, 'GET', '/message-recipients?limit=100&depth=0', { cookie: own })).body.docs as { user: number }[]
    expect(ownDocs.map((doc) => doc.user)).toEqual([both.userId])
  })

  it('counts unread, marks read once, and turns a reply into an inquiry linked to the message', async () => {
    expect((await both.client.get('/api/messages/unread-count')).body).toEqual({ unread: 1 })
    const read = await both.client.post(`/api/messages/${messageId}/read`)
    expect(read.status).toBe(200)
    expect((await both.client.post(`/api/messages/${messageId}/read`)).body.readAt).toBe(read.body.readAt)
    expect((await both.client.get('/api/messages/unread-count')).body).toEqual({ unread: 0 })
    expect((await visitor.get('/api/messages/unread-count')).status).toBe(401)

    const before = await messageRows()
    expect((await both.client.post(`/api/messages/${messageId}/reply`, { message: '  ' })).body.message).toBe(MESSAGE_TEXTS.replyRequired)
    expect(await messageRows()).toBe(before)
    const reply = await both.client.post(`/api/messages/${messageId}/reply`, { message: 'Ada will be there.' })
    expect(reply.status).toBe(201)
    const inquiry = await app.payload.findByID({ collection: 'inquiries', id: reply.body.inquiryId, depth: 0, overrideAccess: true })
    expect(inquiry).toMatchObject({ aboutMessage: messageId, fromAccount: both.userId, email: both.email, name: both.fullName })
    expect(inquiry.message).toContain('Ada will be there.')
  })
})

describe('the one-click unsubscribe', () => {
  it('needs no session, asks on GET, and the POST changes only that category', async () => {
    const mail = await smtp.waitFor((m) => m.to.includes(balletOnly.email) && m.subject === 'Rehearsal moved')
    const url = /^List-Unsubscribe:\s+<([^>]+)>/m.exec(mail.raw)![1]!
    const page = await fetch(url)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Stop emails about announcements?')
    expect((await balletOnly.client.get('/api/messages/preferences')).body).toMatchObject({ announcements: 'email' })

    const click = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })
    expect(click.status).toBe(200)
    expect((await balletOnly.client.get('/api/messages/preferences')).body).toEqual({
      announcements: 'portal',
      'class-changes': 'email',
      billing: 'email',
      reminders: 'email',
    })

    const forged = await fetch(url.replace(/token=\d+/, `token=${both.userId}`), { method: 'POST' })
    expect(forged.status).toBe(400)
    expect((await both.client.get('/api/messages/preferences')).body.announcements).toBe('email')
  })
})

describe('a teacher', () => {
  it('sends "class cancelled today" to their own class and is refused another teacher’s class', async () => {
    const teacherClient = await new ApiClient(app.url).login(teacher.username, 'a-long-test-password')
    const before = await messageRows()
    expect((await teacherClient.post(`/api/teach/classes/${jazz.id}/messages`, { cancelledToday: true })).status).toBe(404)
    expect((await balletOnly.client.post(`/api/teach/classes/${ballet.id}/messages`, { cancelledToday: true })).status).toBe(403)
    expect(await messageRows()).toBe(before)

    const res = await teacherClient.post(`/api/teach/classes/${ballet.id}/messages`, { cancelledToday: true })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ subject: MESSAGE_TEXTS.cancelledTodaySubject('Messages Ballet'), category: 'class-changes', status: 'sent' })
    // Class changes: the family that chose the portal for announcements still gets this email.
    await smtp.waitFor((m) => m.to.includes(portalOnly.email) && m.subject === 'Class cancelled today: Messages Ballet')
    const inbox = (await balletOnly.client.get('/api/messages')).body as { subject: string }[]
    expect(inbox.map((m) => m.subject)).toContain('Class cancelled today: Messages Ballet')
    expect(sentTo(jazzOnly).some((m) => m.subject.startsWith('Class cancelled today'))).toBe(false)
  })
})

describe('a household of several guardians (decisions §23)', () => {
  it('reaches every guardian once, counts the household once, and each reads their own copy', async () => {
    const household = await familyIn(app, 'msg-household', [teen.id], 'Gia Household')
    const partner = await createFamily(app, 'msg-partner')
    await app.payload.update({ collection: 'users', id: partner.userId, data: { household: household.userId }, overrideAccess: true })
    const audience = { kind: 'classes', classIds: [teen.id] }
    expect((await admin.post('/api/admin/messages/preview', { audience })).body).toMatchObject({ households: 1, guardians: 2 })
    const sent = await admin.post('/api/admin/messages', { subject: 'Teen rehearsal', body: 'Saturday at ten.', audience })
    expect(sent.status).toBe(201)
    for (const guardian of [household, partner]) {
      await smtp.waitFor((m) => m.to.includes(guardian.email) && m.subject === 'Teen rehearsal')
      const inbox = (await guardian.client.get('/api/messages')).body as Array<{ subject: string; students: { fullName: string }[] }>
      expect(inbox.filter((m) => m.subject === 'Teen rehearsal').map((m) => m.students.map((s) => s.fullName))).toEqual([['Gia Household']])
    }
  })
})
