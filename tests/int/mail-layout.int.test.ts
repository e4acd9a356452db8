import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { poolOf } from '#api/lib/database'
import { setAcademyClock } from '#api/lib/academy-clock'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily } from '#tests/support/families'
import { startSmtpListener, type CaughtMail } from '#tests/support/smtp'

/**
 * Every email is HTML with a plain-text part from one layout (decisions §19): it carries the
 * academy's name, writes times in the academy's time zone (never UTC) and escapes every value
 * in the HTML. The mail goes through nodemailer to a real SMTP listener.
 */
const ACADEMY = 'Étoile & Barre'
const ZONE = 'America/New_York'
// 17:00 in New York in winter (EST): 22:00 in UTC.
const FIVE_PM_IN_NEW_YORK = new Date('2027-01-14T22:00:00Z')

let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let admin: ApiClient
let visitor: ApiClient

function expectTwoParts(mail: CaughtMail) {
  expect(mail.contentType).toMatch(/^multipart\/alternative/i)
  expect(mail.raw).toMatch(/^Content-Type: text\/plain; charset=utf-8/im)
  expect(mail.raw).toMatch(/^Content-Type: text\/html; charset=utf-8/im)
  expect(mail.text.length).toBeGreaterThan(0)
  expect(mail.html).toMatch(/^<!doctype html>/i)
  // The academy's name, in both parts (escaped in the HTML).
  expect(mail.text).toContain(ACADEMY)
  expect(mail.html).toContain('Étoile &amp; Barre')
  expect(mail.html).not.toContain('Étoile & Barre')
}

beforeAll(async () => {
  smtp = await startSmtpListener()
  app = await startTestApp({ SMTP_URL: smtp.url, ACADEMY_TIMEZONE: ZONE })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  visitor = new ApiClient(app.url)
  await app.payload.create({
    collection: 'site-content',
    overrideAccess: true,
    data: { key: 'global.site_name', title: 'Site name', content: ACADEMY, section: 'global', contentType: 'text' },
  })
}, 120_000)
beforeEach(async () => {
  await poolOf(app.payload).query('DELETE FROM rate_limits')
})
afterEach(() => setAcademyClock(null))
afterAll(async () => {
  await app?.close()
  await smtp?.close()
})

describe('the one mail layout', () => {
  it('an enrollment confirmation: both parts, the family name escaped in the HTML, the class at its own 17:00', async () => {
    const family = await createFamily(app, 'escape')
    await app.payload.update({ collection: 'users', id: family.userId, data: { fullName: '<b>Ann</b>' }, overrideAccess: true })
    const student = await addStudent(app, family.userId, 'Ann "Junior" O\'Hara', 7)
    const cls = await addClass(app, { name: 'Evening Ballet' })
    await app.payload.update({
      collection: 'classes',
      id: cls.id,
      overrideAccess: true,
      data: { days: 'Thursday', weekdays: ['Thursday'], startTime: '17:00', endTime: '18:00' },
    })
    expect((await family.client.post('/api/enrollments', { studentId: student, classId: cls.id })).status).toBe(201)
    const mail = await smtp.waitFor((m) => m.to.includes(family.email))

    expect(mail.subject).toBe('Enrollment confirmed: Ann "Junior" O\'Hara in Evening Ballet')
    expectTwoParts(mail)
    expect(mail.text).toContain('Hello <b>Ann</b>,')
    expect(mail.html).toContain('Hello &lt;b&gt;Ann&lt;/b&gt;,')
    expect(mail.html).not.toContain('<b>Ann</b>')
    expect(mail.html).toContain('Ann &quot;Junior&quot; O&#39;Hara is now enrolled in Evening Ballet.')
    // The class's time is the academy's wall clock: 5 pm, not the 22:00 it is in UTC.
    expect(mail.text).toMatch(/When: Thursday, 5:00.{0,3}6:00\s?pm/i)
    expect(mail.text).not.toMatch(/22:00|10:00\s?pm/i)
  })

  it("an inquiry notice writes when it was sent in the academy's zone, then in the zone an administrator chose", async () => {
    setAcademyClock(() => FIVE_PM_IN_NEW_YORK)
    const sent = await visitor.post('/api/inquiries', {
      name: 'Grace <Kelly>',
      email: 'grace.zone@example.com',
      subject: 'Class Information',
      message: 'Hello <script>alert(1)</script>\nSecond line',
    })
    expect(sent.status).toBe(201)
    const mail = await smtp.waitFor((m) => m.subject.includes('Grace <Kelly>'))
    expectTwoParts(mail)
    expect(mail.text).toContain('Sent: Thursday, January 14, 2027 at 5:00 PM EST')
    expect(mail.text).not.toMatch(/22:00|10:00 PM/)
    expect(mail.html).toContain('Thursday, January 14, 2027 at 5:00 PM EST')
    expect(mail.html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;<br>Second line')
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).toContain('Grace &lt;Kelly&gt; &lt;grace.zone@example.com&gt;')

    // The studio's time zone is now Paris: the same instant is 23:00 there.
    expect((await admin.put('/api/admin/studio-settings/time-zone', { timeZone: 'Europe/Paris' })).status).toBe(200)
    await visitor.post('/api/inquiries', {
      name: 'Paris Visitor',
      email: 'paris.zone@example.com',
      subject: 'Class Information',
      message: 'Bonjour, do you teach adults?',
    })
    const paris = await smtp.waitFor((m) => m.subject.includes('Paris Visitor'))
    expect(paris.text).toContain('Sent: Thursday, January 14, 2027 at 11:00 PM GMT+1')
    await admin.put('/api/admin/studio-settings/time-zone', { timeZone: ZONE })
  })

  it('the test email from the console is in the same layout', async () => {
    const res = await admin.post('/api/troubleshoot-email', { emailAddress: 'layout-test@example.com' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const mail = await smtp.waitFor((m) => m.to.includes('layout-test@example.com'))
    expect(mail.subject).toBe('Test email from the academy')
    expectTwoParts(mail)
    expect(mail.text).toMatch(/Sent \w+day, \w+ \d+, \d{4} at \d+:\d\d [AP]M E[SD]T through/)
  })
})
