import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { User } from '#cms/payload-types'
import { NOTICE_TEXTS } from '#api/notices/schemas'
import { poolOf } from '#api/lib/database'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { cmsRest, sessionCookie } from '#tests/support/cms-rest'
import { addClass, type Family } from '#tests/support/families'
import { choose, familyIn } from '#tests/support/messages'
import { startSmtpListener } from '#tests/support/smtp'

/**
 * Automatic notices of a class's life (issue 25, decisions "Automatic notices"), against real
 * PostgreSQL and a real SMTP listener: each from its template as the studio wrote it in /cms,
 * in the inbox of every family of the class, by email unless the family chose the portal, once.
 */
const BOUNCING = 'gone@bounce.example.com'
let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let ballet: { id: number; name: string }
let jazz: { id: number; name: string }
let dancer: Family & { studentId: number }
let portalOnly: Family & { studentId: number }
let jazzOnly: Family & { studentId: number }

const sentTo = (family: Family) => smtp.messages.filter((m) => m.to.includes(family.email))
const inbox = async (family: Family) => (await family.client.get('/api/messages')).body as { subject: string; body: string; category: string }[]
const template = async (kind: string) =>
  (await app.payload.find({ collection: 'notice-templates', where: { kind: { equals: kind } }, overrideAccess: true, depth: 0 })).docs[0]!
const settle = () => new Promise((resolve) => setTimeout(resolve, 300))

beforeAll(async () => {
  smtp = await startSmtpListener({ refuse: (address) => address === BOUNCING })
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Academy <academy@example.com>' })
  ballet = await addClass(app, { name: 'Notices Ballet' })
  jazz = await addClass(app, { name: 'Notices Jazz' })
  dancer = await familyIn(app, 'notice-dancer', [ballet.id], 'Nora Dancer')
  portalOnly = await familyIn(app, 'notice-portal', [ballet.id], 'Pia Portal')
  jazzOnly = await familyIn(app, 'notice-jazz', [jazz.id], 'Jules Jazz')
  await choose(app, portalOnly, { classChangesBy: 'portal' })
})
afterAll(async () => {
  await app?.close()
  await smtp?.close()
})

describe('the templates in /cms', () => {
  it('are seeded, one per kind, and refuse a placeholder the kind does not know, with the ones it may use', async () => {
    const { totalDocs } = await app.payload.find({ collection: 'notice-templates', overrideAccess: true, limit: 0 })
    expect(totalDocs).toBe(8)
    const closure = await template('closure')
    const cookie = await sessionCookie(app, ADMIN.username, ADMIN.password)
    const refused = await cmsRest(app, 'PATCH', `/notice-templates/${closure.id}`, { cookie, body: { body: 'Closed for {studentName} on {dates}' } })
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.body)).toContain(NOTICE_TEXTS.unknownPlaceholder('closure', ['studentName']))
    await expect(
      app.payload.update({ collection: 'notice-templates', id: closure.id, overrideAccess: true, data: { subject: '{amount} {className}' } }),
    ).rejects.toMatchObject({ data: { errors: [expect.objectContaining({ message: NOTICE_TEXTS.unknownPlaceholder('closure', ['amount']) })] } })
    expect((await template('closure')).subject).toBe(closure.subject)
    // A family cannot read or change them.
    const family = await sessionCookie(app, dancer.username, 'a-long-test-password')
    expect((await cmsRest(app, 'GET', '/notice-templates', { cookie: family })).status).toBe(403)
  })
})

describe('a closure added to a class', () => {
  it('reaches the class’s families with the dates, from the studio’s words, once', async () => {
    const closure = await template('closure')
    await app.payload.update({
      collection: 'notice-templates',
      id: closure.id,
      overrideAccess: true,
      data: { subject: 'Closed: {className} on {dates}', body: 'No {className} on {dates} ({label}). See you after!' },
    })
    const closures = [{ start: '2030-04-01', end: '2030-04-03', label: 'Spring break' }]
    await app.payload.update({ collection: 'classes', id: ballet.id, overrideAccess: true, data: { closures } })
    const mail = await smtp.waitFor((m) => m.to.includes(dancer.email) && m.subject.startsWith('Closed:'))
    // (The listener decodes a subject's non-ASCII as Latin-1: the en dash is checked in the body.)
    expect(mail.subject).toMatch(/^Closed: Notices Ballet on Apr 1, 2030 .+ Apr 3, 2030$/)
    expect(mail.text).toContain('No Notices Ballet on Apr 1, 2030 – Apr 3, 2030 (Spring break). See you after!')
    expect(mail.text).toContain('This message concerns Nora Dancer.')
    // Chose the portal for class changes: in the inbox, no email.
    expect((await inbox(portalOnly)).map((m) => m.subject)).toEqual(['Closed: Notices Ballet on Apr 1, 2030 – Apr 3, 2030'])
    // Saving the class again (the same closure, another description) tells nothing new.
    await app.payload.update({ collection: 'classes', id: ballet.id, overrideAccess: true, data: { closures, description: 'Again' } })
    await settle()
    expect(sentTo(dancer).filter((m) => m.subject.startsWith('Closed:'))).toHaveLength(1)
    expect(sentTo(portalOnly)).toHaveLength(0)
    expect(await inbox(jazzOnly)).toEqual([])
    expect((await inbox(dancer))[0]).toMatchObject({ subject: 'Closed: Notices Ballet on Apr 1, 2030 – Apr 3, 2030', category: 'class-changes' })
  })

  it('added to the academy, reaches the families of the classes it closes', async () => {
    const settings = await app.payload.findGlobal({ slug: 'tuition-settings', overrideAccess: true })
    await app.payload.updateGlobal({
      slug: 'tuition-settings',
      overrideAccess: true,
      data: { closures: [...(settings.closures ?? []), { start: '2030-07-04', end: '2030-07-04', label: 'Independence Day' }] },
    })
    const mail = await smtp.waitFor((m) => m.to.includes(jazzOnly.email) && m.subject.includes('Jul 4, 2030'))
    expect(mail.subject).toBe('Closed: Every class on Jul 4, 2030')
    await smtp.waitFor((m) => m.to.includes(dancer.email) && m.subject.includes('Jul 4, 2030'))
  })
})

describe('a class’s time, room or teacher changed', () => {
  it('tells each family what changed; another field changed tells nothing', async () => {
    await app.payload.update({ collection: 'classes', id: jazz.id, overrideAccess: true, data: { price: 7000 } })
    await app.payload.update({ collection: 'classes', id: jazz.id, overrideAccess: true, data: { time: '5:00-6:00pm', room: 'Studio B' } })
    const mail = await smtp.waitFor((m) => m.to.includes(jazzOnly.email) && m.subject === 'Notices Jazz has changed')
    expect(mail.text).toContain('time: Monday & Wednesday, 4:00-5:00pm → Monday & Wednesday, 5:00-6:00pm')
    expect(mail.text).toContain('room: Studio A → Studio B, Studio A')
    await settle()
    expect(sentTo(jazzOnly).filter((m) => m.subject.endsWith('has changed'))).toHaveLength(1)
    expect(sentTo(dancer).filter((m) => m.subject.endsWith('has changed'))).toHaveLength(0)
  })
})

describe('an address the mail server refuses for good', () => {
  it('is marked bounced on the guardian, with the answer, shown to administrators, and cleared by a new email', async () => {
    const bouncing = await familyIn(app, 'notice-bounce', [jazz.id], 'Bo Bounce')
    await app.payload.update({ collection: 'users', id: bouncing.userId, overrideAccess: true, data: { email: BOUNCING } })
    await app.payload.update({ collection: 'classes', id: jazz.id, overrideAccess: true, data: { instructor: 'Mr. New' } })
    const marked = async () => (await app.payload.findByID({ collection: 'users', id: bouncing.userId, overrideAccess: true })) as User
    await expect.poll(async () => (await marked()).emailBounceAnswer, { timeout: 10_000 }).toMatch(/550.*User unknown/)
    expect((await marked()).emailBouncedAt).toEqual(expect.any(String))
    const { rows } = await poolOf(app.payload).query(`SELECT delivery, smtp_answer FROM message_recipients WHERE user_id = $1`, [bouncing.userId])
    expect(rows).toEqual([{ delivery: 'failed', smtp_answer: expect.stringMatching(/User unknown/) }])
    const admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
    const listed = (await admin.get(`/api/users?q=${encodeURIComponent(BOUNCING)}`)).body.items as { id: number; emailBounce?: unknown }[]
    expect(listed.find((user) => user.id === bouncing.userId)?.emailBounce).toEqual({ at: expect.any(String), answer: expect.stringMatching(/User unknown/) })
    expect((await bouncing.client.get('/api/messages')).body).toHaveLength(1)
    await app.payload.update({ collection: 'users', id: bouncing.userId, overrideAccess: true, data: { email: 'fixed@example.com' } })
    expect(await marked()).toMatchObject({ emailBouncedAt: null, emailBounceAnswer: null })
  })
})

describe('a term’s families (an announcement’s audience)', () => {
  it('reaches the families with a child in a class whose term overlaps the range, and refuses a range backwards', async () => {
    const admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
    const fall = await addClass(app, { name: 'Term Fall' })
    const spring = await addClass(app, { name: 'Term Spring' })
    await app.payload.update({ collection: 'classes', id: fall.id, overrideAccess: true, data: { termStart: '2030-09-01', termEnd: '2031-01-31' } })
    await app.payload.update({ collection: 'classes', id: spring.id, overrideAccess: true, data: { termStart: '2031-02-01', termEnd: '2031-06-30' } })
    const fallFamily = await familyIn(app, 'term-fall', [fall.id])
    const springFamily = await familyIn(app, 'term-spring', [spring.id])
    const audience = { kind: 'term', from: '2030-09-01', to: '2030-12-31' }
    const preview = (await admin.post('/api/admin/messages/preview', { audience })).body as { households: number }
    const sent = await admin.post('/api/admin/messages', { subject: 'Fall recital', body: 'Tickets are out.', audience })
    expect(sent.status).toBe(201)
    expect(sent.body.audienceLabel).toBe('Families of the term 2030-09-01 to 2030-12-31')
    expect((await inbox(fallFamily)).map((m) => m.subject)).toEqual(['Fall recital'])
    expect(await inbox(springFamily)).toEqual([])
    // A class without a term runs all year: its families are in every term.
    expect((await inbox(jazzOnly)).map((m) => m.subject)).toContain('Fall recital')
    expect(preview.households).toBe(
      (await app.payload.count({ collection: 'message-recipients', where: { message: { equals: sent.body.id } }, overrideAccess: true })).totalDocs,
    )
    const backwards = await admin.post('/api/admin/messages/preview', { audience: { kind: 'term', from: '2031-01-01', to: '2030-12-31' } })
    expect(backwards.status).toBe(400)
    expect(backwards.body.message).toBe('The term’s last day must not be before its first day')
  })
})
