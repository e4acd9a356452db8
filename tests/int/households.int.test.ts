import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { HOUSEHOLD_MESSAGES } from '#api/households/schemas'
import { addDays, todayIso } from '#shared/dates'
import { VIEW_ONLY_MESSAGE } from '#shared/roles'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { cmsRest } from '#tests/support/cms-rest'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'
import { dancingFamily as dancing, inviteByMail, joinWithNewAccount as joinNew, NEW_GUARDIAN } from '#tests/support/household-invites'
import { startSmtpListener } from '#tests/support/smtp'

/**
 * Households with several guardians (issue 24, decisions §23): invitations, a second guardian's
 * own sign-in over the same children and statement, view-and-attendance access, leaving and
 * removal, the payer, and the audit.
 */
let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let admin: ApiClient
let visitor: ApiClient
let first: Family
let stranger: Family
let cls: { id: number; name: string }
/** The class the test households' children attend, so that they may invite. */
let home: { id: number; name: string }
let mia: number

const invite = (by: Family, email: string, access: 'full' | 'view' = 'full') => inviteByMail(smtp, by, email, { access, take: true })
const joinWithNewAccount = (token: string, username: string) => joinNew(app, token, username)
const dancingFamily = (label: string) => dancing(app, home.id, label)

const familyRowCounts = async (userId: number) => ({
  students: (await app.payload.count({ collection: 'students', where: { user: { equals: userId } }, overrideAccess: true })).totalDocs,
  invoices: (await app.payload.count({ collection: 'invoices', where: { userId: { equals: userId } }, overrideAccess: true })).totalDocs,
})

beforeAll(async () => {
  smtp = await startSmtpListener()
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Academy Tests <tests@academy.example>' })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  visitor = new ApiClient(app.url)
  first = await createFamily(app, 'hh-first')
  stranger = await createFamily(app, 'hh-stranger')
  cls = await addClass(app, { name: 'Household Class', ageGroup: '6-8' })
  home = await addClass(app, { name: 'Household Home Class', ageGroup: '6-8' })
  mia = await addStudent(app, first.userId, 'Mia Household', 7)
  await app.payload.create({
    collection: 'enrollments',
    data: { student: mia, class: home.id, enrollmentDate: addDays(todayIso(), -20) },
    overrideAccess: true,
  })
  await app.payload.create({
    collection: 'invoices',
    overrideAccess: true,
    data: { userId: first.userId, description: 'Household tuition', amountCents: 6500, dueDate: addDays(todayIso(), 10), status: 'pending' },
  })
})

afterAll(async () => {
  await app?.close()
  await smtp?.close()
})

describe('an invitation', () => {
  it('lets a second parent make their own sign-in and see the same children, schedule and statement', async () => {
    const token = await invite(first, 'second.parent@example.com')
    const preview = await visitor.post('/api/household-invites/preview', { token })
    expect(preview.status).toBe(200)
    expect(preview.body).toMatchObject({ householdName: first.fullName, invitedByName: first.fullName, email: 'second.parent@example.com', access: 'full' })

    const second = await joinWithNewAccount(token, 'hh-second-parent')
    const me = (await second.get('/api/user')).body
    expect(me).toMatchObject({ email: 'second.parent@example.com', householdId: first.userId, guardianAccess: 'full' })
    expect((await second.get('/api/students')).body.map((s: { id: number }) => s.id)).toEqual([mia])
    expect((await second.get(`/api/students/${mia}`)).status).toBe(200)
    // The studio's export lists the household's other guardians next to each child.
    const csvLine = String((await admin.get('/api/admin/students.csv')).body)
      .split('\n')
      .find((row) => row.startsWith('Mia Household'))
    expect(csvLine).toContain('hh-second-parent Second <second.parent@example.com>')
    const statement = (await second.get('/api/billing/statement')).body
    expect(statement.userId).toBe(first.userId)
    expect(statement.invoices.map((i: { description: string }) => i.description)).toContain('Household tuition')
    // What the second parent does is the household's: a student they add belongs to it.
    const added = await second.post('/api/students', { fullName: 'Leo Household', dateOfBirth: '2018-03-01', experienceLevel: 'Beginner' })
    expect(added.status).toBe(201)
    expect(added.body.userId).toBe(first.userId)
    const byMe = await second.post('/api/enrollments', { studentId: mia, classId: cls.id })
    expect(byMe.status).toBe(201)
    const row = await app.payload.findByID({ collection: 'enrollments', id: byMe.body.id, overrideAccess: true, depth: 0 })
    expect(row.enrolledBy).toBe(me.id)
    await app.payload.delete({ collection: 'enrollments', id: byMe.body.id, overrideAccess: true })
    expect((await first.client.get('/api/students')).body.map((s: { fullName: string }) => s.fullName)).toContain('Leo Household')
  })

  it('works once, and not after 7 days or once revoked: the same 404 each time', async () => {
    const first = await dancingFamily('hh-links')
    const token = await invite(first, 'once@example.com')
    await joinWithNewAccount(token, 'hh-once')
    const twice = await new ApiClient(app.url).post('/api/household-invites/accept', { token, account: NEW_GUARDIAN('hh-once-again') })
    expect([twice.status, twice.body.message]).toEqual([404, HOUSEHOLD_MESSAGES.inviteInvalid])

    const late = await invite(first, 'late@example.com')
    const row = (await app.payload.find({ collection: 'household-invites', where: { email: { equals: 'late@example.com' } }, overrideAccess: true })).docs[0]!
    await app.payload.update({
      collection: 'household-invites',
      id: row.id,
      data: { expiresAt: new Date(Date.now() - 1000).toISOString() },
      overrideAccess: true,
    })
    const expired = await new ApiClient(app.url).post('/api/household-invites/accept', { token: late, account: NEW_GUARDIAN('hh-late') })
    expect([expired.status, expired.body.message]).toEqual([404, HOUSEHOLD_MESSAGES.inviteInvalid])
    expect((await visitor.post('/api/household-invites/preview', { token: late })).status).toBe(404)

    const revoked = await invite(first, 'revoked@example.com')
    const waiting = (await first.client.get('/api/household')).body.invites.find((i: { email: string }) => i.email === 'revoked@example.com')
    expect((await first.client.delete(`/api/household/invites/${waiting.id}`)).status).toBe(204)
    expect((await visitor.post('/api/household-invites/preview', { token: revoked })).status).toBe(404)
    expect((await app.payload.count({ collection: 'users', where: { username: { in: ['hh-once-again', 'hh-late'] } }, overrideAccess: true })).totalDocs).toBe(
      0,
    )
  })

  it('answers alike whether or not the address already has an account', async () => {
    const first = await dancingFamily('hh-alike')
    const unknown = await first.client.post('/api/household/invites', { email: 'nobody.here@example.com', access: 'view' })
    const known = await first.client.post('/api/household/invites', { email: stranger.email, access: 'view' })
    expect([unknown.status, known.status]).toEqual([201, 201])
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(unknown.body).sort())
    expect(known.body.email).toBe(stranger.email)
    // Both addresses get the same invitation mail.
    const mails = await Promise.all([unknown.body.email, stranger.email].map((email) => smtp.waitFor((m) => m.to.includes(email) && m.text.includes('token='))))
    expect(mails[0]!.subject).toBe(mails[1]!.subject)
  })

  it('refuses bad input, a visitor, and an account that already has a family of its own', async () => {
    const first = await dancingFamily('hh-refuses')
    expect((await first.client.post('/api/household/invites', { email: 'not-an-email', access: 'full' })).status).toBe(400)
    expect((await first.client.post('/api/household/invites', { email: 'a@example.com', access: 'owner' })).status).toBe(400)
    expect((await visitor.post('/api/household/invites', { email: 'a@example.com', access: 'full' })).status).toBe(401)
    expect((await visitor.post('/api/household-invites/accept', { token: 'x'.repeat(43) })).status).toBe(404)
    const token = await invite(first, stranger.email)
    await addStudent(app, stranger.userId, 'Stranger Child', 8)
    const refused = await stranger.client.post('/api/household-invites/accept', { token })
    expect([refused.status, refused.body.message]).toEqual([409, HOUSEHOLD_MESSAGES.accountHasFamily])
    const noAccount = await visitor.post('/api/household-invites/accept', { token })
    expect([noAccount.status, noAccount.body.message]).toEqual([400, HOUSEHOLD_MESSAGES.needAccount])
  })

  it('links an account without a family of its own when its owner is signed in', async () => {
    const first = await dancingFamily('hh-links-own')
    const empty = await createFamily(app, 'hh-empty')
    const token = await invite(first, empty.email)
    const joined = await empty.client.post('/api/household-invites/accept', { token })
    expect(joined.status).toBe(200)
    expect(joined.body.householdId).toBe(first.userId)
    const child = (await first.client.get('/api/students')).body[0].id
    expect((await empty.client.get(`/api/students/${child}`)).status).toBe(200)
  })
})

describe('a view-and-attendance guardian', () => {
  it('sees the children and statement and reports an absence, but cannot enroll, drop, pay or invite', async () => {
    const token = await invite(first, 'grandma@example.com', 'view')
    const grandma = await joinWithNewAccount(token, 'hh-grandma')
    const enrollment = await app.payload.create({
      collection: 'enrollments',
      data: { student: mia, class: cls.id, enrollmentDate: addDays(todayIso(), -30) },
      overrideAccess: true,
    })
    expect((await grandma.get('/api/students')).status).toBe(200)
    expect((await grandma.get('/api/billing/statement')).status).toBe(200)
    // The class meets Monday & Wednesday: the next of those days.
    const date = [1, 2, 3, 4, 5, 6, 7].map((n) => addDays(todayIso(), n)).find((day) => [1, 3].includes(new Date(`${day}T12:00:00Z`).getUTCDay()))!
    const absence = await grandma.post('/api/absences', { studentId: mia, classId: cls.id, date })
    expect([absence.status, absence.body.message]).toEqual([201, expect.any(String)])
    const mark = await app.payload.findByID({ collection: 'attendance', id: absence.body.absence.id, overrideAccess: true, depth: 0 })
    const grandmaId = (await grandma.get('/api/user')).body.id
    expect(mark.markedBy).toBe(grandmaId)

    const invoice = (await grandma.get('/api/invoices')).body[0]
    for (const refused of [
      await grandma.post('/api/enrollments', { studentId: mia, classId: cls.id }),
      await grandma.delete(`/api/enrollments/${enrollment.id}`),
      await grandma.post(`/api/enrollments/${enrollment.id}/drop`, { lastDay: addDays(todayIso(), 30) }),
      await grandma.post('/api/stripe/create-payment-intent', { invoiceId: invoice.id }),
      await grandma.post('/api/students', { fullName: 'Not Allowed', dateOfBirth: '2018-03-01', experienceLevel: 'Beginner' }),
      await grandma.post('/api/household/invites', { email: 'more@example.com', access: 'full' }),
      await grandma.put('/api/autopay', { enabled: false }),
    ])
      expect([refused.status, refused.body.message]).toEqual([403, VIEW_ONLY_MESSAGE])
    expect((await app.payload.findByID({ collection: 'enrollments', id: enrollment.id, overrideAccess: true })).endDate ?? null).toBeNull()
    // Their own notices and inbox stay theirs to manage.
    const prefs = { emailNotifications: true, smsNotifications: false, classReminders: true, promotionalEmails: false }
    const saved = await grandma.patch('/api/notification-preferences', prefs)
    expect([saved.status, saved.body.message]).toEqual([200, undefined])
    expect((await grandma.post('/api/messages/999999/read')).status).toBe(404)
  })
})

describe('guardians of another household', () => {
  it('see nothing of this one, through the contract or /cms-api', async () => {
    expect((await stranger.client.get(`/api/students/${mia}`)).status).toBe(404)
    expect((await stranger.client.get('/api/household')).body.guardians.map((g: { id: number }) => g.id)).toEqual([stranger.userId])
    const rest = await cmsRest(app, 'GET', `/students?where[id][equals]=${mia}`, { cookie: stranger.client.sessionCookie })
    expect(rest.body.docs ?? []).toEqual([])
    expect((await stranger.client.patch(`/api/household/guardians/${first.userId}`, { access: 'view' })).status).toBe(404)
  })
})

describe('leaving, removal and the payer', () => {
  it('keeps one full guardian, moves the household when its first guardian leaves, and loses nothing', async () => {
    const owner = await dancingFamily('hh-owner')
    const kid = await addStudent(app, owner.userId, 'Ava Moves', 6)
    await app.payload.create({
      collection: 'invoices',
      overrideAccess: true,
      data: { userId: owner.userId, description: 'Moves with the household', amountCents: 4000, dueDate: addDays(todayIso(), 5), status: 'pending' },
    })
    const before = await familyRowCounts(owner.userId)
    const alone = await owner.client.post('/api/household/leave')
    expect([alone.status, alone.body.message]).toEqual([409, HOUSEHOLD_MESSAGES.onlyGuardian])

    const viewer = await joinWithNewAccount(await invite(owner, 'owner.view@example.com', 'view'), 'hh-owner-view')
    const refused = await owner.client.post('/api/household/leave')
    expect([refused.status, refused.body.message]).toEqual([409, HOUSEHOLD_MESSAGES.lastFullGuardian])

    const partner = await joinWithNewAccount(await invite(owner, 'owner.partner@example.com', 'full'), 'hh-owner-partner')
    const partnerId = (await partner.get('/api/user')).body.id
    expect((await owner.client.put('/api/household/payer', { guardianId: (await viewer.get('/api/user')).body.id })).status).toBe(409)
    expect((await owner.client.put('/api/household/payer', { guardianId: partnerId })).body.payerId).toBe(partnerId)
    expect((await viewer.get('/api/billing/statement')).body.payer).toEqual({ id: partnerId, fullName: 'hh-owner-partner Second' })

    expect((await owner.client.post('/api/household/leave')).status).toBe(204)
    expect(await familyRowCounts(partnerId)).toEqual(before)
    expect(await familyRowCounts(owner.userId)).toEqual({ students: 0, invoices: 0 })
    expect((await partner.get(`/api/students/${kid}`)).status).toBe(200)
    expect((await viewer.get(`/api/students/${kid}`)).status).toBe(200)
    expect((await owner.client.get(`/api/students/${kid}`)).status).toBe(404)
    expect((await partner.get('/api/billing/statement')).body.invoices.map((i: { description: string }) => i.description)).toEqual(['Moves with the household'])

    const viewerId = (await viewer.get('/api/user')).body.id
    const removed = await partner.delete(`/api/household/guardians/${viewerId}`)
    expect(removed.status).toBe(200)
    expect(removed.body.guardians.map((g: { id: number }) => g.id)).toEqual([partnerId])
    expect((await viewer.get(`/api/students/${kid}`)).status).toBe(404)

    const audit = await admin.get(`/api/admin/households/${partnerId}`)
    expect(audit.status).toBe(200)
    expect(audit.body.events.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['invited', 'joined', 'payer-changed', 'left', 'removed']),
    )
    expect((await partner.get(`/api/admin/households/${partnerId}`)).status).toBe(403)
  })
  it('goes to the other guardians when an administrator deletes the first guardian’s account', async () => {
    const holder = await dancingFamily('hh-deleted')
    const kid = await addStudent(app, holder.userId, 'Kit Stays', 9)
    const other = await joinWithNewAccount(await invite(holder, 'hh.deleted.other@example.com', 'view'), 'hh-deleted-other')
    const otherId = (await other.get('/api/user')).body.id
    expect((await admin.delete(`/api/users/${holder.userId}`)).status).toBe(200)
    expect((await other.get(`/api/students/${kid}`)).status).toBe(200)
    expect((await other.get('/api/user')).body).toMatchObject({ householdId: otherId, guardianAccess: 'full' })
  })

  it('is paid by a full guardian: when the first guardian becomes view-only, the statement names the other', async () => {
    const holder = await dancingFamily('hh-payer')
    const partner = await joinWithNewAccount(await invite(holder, 'hh.payer.partner@example.com', 'full'), 'hh-payer-partner')
    const partnerId = (await partner.get('/api/user')).body.id
    expect((await holder.client.get('/api/billing/statement')).body.payer).toEqual({ id: holder.userId, fullName: holder.fullName })
    // Another guardian cannot make the first one view-only (decisions §39); the studio can.
    expect((await partner.patch(`/api/household/guardians/${holder.userId}`, { access: 'view' })).status).toBe(403)
    expect((await admin.patch(`/api/admin/households/${partnerId}/guardians/${holder.userId}`, { access: 'view' })).status).toBe(200)
    expect((await holder.client.get('/api/billing/statement')).body.payer).toEqual({ id: partnerId, fullName: 'hh-payer-partner Second' })
    expect((await partner.get('/api/household')).body.payerId).toBe(partnerId)
    // A second guardian's own account holds no household: an administrator reading it sees no payer, and no error.
    const own = await admin.get(`/api/admin/families/${partnerId}/statement`)
    expect([own.status, own.body.payer]).toEqual([200, null])
  })
})
