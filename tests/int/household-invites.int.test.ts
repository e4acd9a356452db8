import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { HOUSEHOLD_MESSAGES } from '#api/households/schemas'
import { addDays, todayIso } from '#shared/dates'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, createTeacher, type Family } from '#tests/support/families'
import { dancingFamily as dancing, inviteByMail, joinWithNewAccount as joinNew, NEW_GUARDIAN } from '#tests/support/household-invites'
import { startSmtpListener } from '#tests/support/smtp'

/**
 * Household invitations are no phishing channel and join only the invited person (decisions
 * §23): only a household with a child in a class or on a waitlist may make the academy mail an
 * address, in fixed words with the inviter's name as plain text, 5 a day; a link joins only the
 * account of the invited address, and never a staff account.
 */
let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let admin: ApiClient
let cls: { id: number; name: string }
/** The class the test households' children attend, so that they may invite. */
let home: { id: number; name: string }

const invite = (by: Family, email: string, access: 'full' | 'view' = 'full') => inviteByMail(smtp, by, email, { access })
const joinWithNewAccount = (token: string, username: string) => joinNew(app, token, username)
const dancingFamily = (label: string) => dancing(app, home.id, label)

beforeAll(async () => {
  smtp = await startSmtpListener()
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Academy Tests <tests@academy.example>' })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  cls = await addClass(app, { name: 'Invite Class', ageGroup: '6-8' })
  home = await addClass(app, { name: 'Invite Home Class', ageGroup: '6-8' })
})

afterAll(async () => {
  await app?.close()
  await smtp?.close()
})

describe('sending an invitation (the academy mails an address the inviter typed)', () => {
  const pendingTo = async (email: string) =>
    (await app.payload.count({ collection: 'household-invites', where: { email: { equals: email } }, overrideAccess: true })).totalDocs

  it('is refused to a household with no child in a class or on a waitlist, and sent once one is enrolled, starting later or waitlisted', async () => {
    const fresh = await createFamily(app, 'hh-fresh')
    const refusedBare = await fresh.client.post('/api/household/invites', { email: 'bare.invitee@example.com', access: 'full' })
    expect([refusedBare.status, refusedBare.body.message]).toEqual([409, HOUSEHOLD_MESSAGES.inviteNeedsDancer])
    // A child who attends nothing, or whose class ended, is not enough.
    const child = await addStudent(app, fresh.userId, 'Fresh Child', 7)
    await app.payload.create({
      collection: 'enrollments',
      data: { student: child, class: cls.id, enrollmentDate: addDays(todayIso(), -60), endDate: addDays(todayIso(), -1) },
      overrideAccess: true,
    })
    const refusedEnded = await fresh.client.post('/api/household/invites', { email: 'bare.invitee@example.com', access: 'full' })
    expect([refusedEnded.status, refusedEnded.body.message]).toEqual([409, HOUSEHOLD_MESSAGES.inviteNeedsDancer])
    expect(await pendingTo('bare.invitee@example.com')).toBe(0)

    const waitlisted = await createFamily(app, 'hh-waitlisted')
    const dancer = await addStudent(app, waitlisted.userId, 'Waiting Child', 7)
    await app.payload.create({
      collection: 'waitlist-entries',
      data: { class: cls.id, student: dancer, family: waitlisted.userId, status: 'waiting' },
      overrideAccess: true,
    })
    expect((await waitlisted.client.post('/api/household/invites', { email: 'waitlisted.invitee@example.com', access: 'view' })).status).toBe(201)

    await app.payload.create({
      collection: 'enrollments',
      data: { student: child, class: home.id, enrollmentDate: addDays(todayIso(), 14) },
      overrideAccess: true,
    })
    expect((await fresh.client.post('/api/household/invites', { email: 'bare.invitee@example.com', access: 'full' })).status).toBe(201)
    await smtp.waitFor((m) => m.to.includes('bare.invitee@example.com'))
  })

  it('mails a fixed subject with nothing the inviter typed, and their name once, as plain text in a fixed sentence', async () => {
    const inviter = await dancingFamily('hh-phisher')
    const typed = '<a href="https://evil.example/login">Your account is locked</a> call 1-800-555-0100 or help@evil.example'
    await app.payload.update({ collection: 'users', id: inviter.userId, data: { fullName: typed }, overrideAccess: true })
    const email = 'phished@example.com'
    expect((await inviter.client.post('/api/household/invites', { email, access: 'full' })).status).toBe(201)
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.text.includes('/household/join?token='))

    expect(mail.subject).toMatch(/^An invitation to join a household at \S/)
    expect(mail.subject).not.toMatch(/evil|locked|800|href|</i)
    // Cut to a name's length (60), with nothing of a link, an address or a number left.
    const shown = 'a href https evil example login Your account is locked a cal'
    expect(mail.text).toContain(`who gave their name as ${shown}, invited this email address to join the household`)
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('evil.example')
      expect(part).not.toContain('help@')
      expect(part).not.toContain('1-800')
      expect(part).not.toContain('<a href="https://evil')
    }
    // The HTML part's one link is the academy's own join link.
    expect(mail.html.match(/href=/g)).toHaveLength(1)
    expect(mail.html).toMatch(/href="http[^"]+\/household\/join\?token=[A-Za-z0-9_-]+"/)
  })

  it('escapes the inviter’s name in the HTML part', async () => {
    const inviter = await dancingFamily('hh-escaped')
    await app.payload.update({ collection: 'users', id: inviter.userId, data: { fullName: "Zoë O'Brien-Smith" }, overrideAccess: true })
    expect((await inviter.client.post('/api/household/invites', { email: 'escaped@example.com', access: 'view' })).status).toBe(201)
    const mail = await smtp.waitFor((m) => m.to.includes('escaped@example.com') && m.text.includes('token='))
    expect(mail.text).toContain("who gave their name as Zoë O'Brien-Smith, invited")
    expect(mail.html).toContain('who gave their name as Zoë O&#39;Brien-Smith, invited')
  })

  it('sends at most 5 a day from a household, with a clear message after', async () => {
    const busy = await dancingFamily('hh-busy')
    for (const n of [1, 2, 3, 4, 5])
      expect((await busy.client.post('/api/household/invites', { email: `busy.${n}@example.com`, access: 'view' })).status).toBe(201)
    const sixth = await busy.client.post('/api/household/invites', { email: 'busy.6@example.com', access: 'view' })
    expect([sixth.status, sixth.body.message]).toEqual([429, HOUSEHOLD_MESSAGES.tooManyInvitesToday])
    expect(await pendingTo('busy.6@example.com')).toBe(0)
  })
})

describe('accepting an invitation', () => {
  it('refuses a signed-in account with another address, a teacher or an administrator, changing nothing, and the invitee then joins', async () => {
    const inviter = await dancingFamily('hh-holder')
    const email = 'the.invitee@example.com'
    const token = await invite(inviter, email)
    const other = await createFamily(app, 'hh-link-holder')
    const teacher = await createTeacher(app, 'hh-teacher')
    for (const [client, status, message] of [
      [other.client, 403, HOUSEHOLD_MESSAGES.otherAddress],
      [teacher.client, 409, HOUSEHOLD_MESSAGES.staffAccount],
      [admin, 409, HOUSEHOLD_MESSAGES.staffAccount],
    ] as const) {
      // The new account's details beside a session change nothing: the session is who accepts.
      const refused = await client.post('/api/household-invites/accept', { token, account: NEW_GUARDIAN('hh-not-made') })
      expect([refused.status, refused.body.message]).toEqual([status, message])
    }
    for (const account of [other, teacher]) expect((await account.client.get('/api/user')).body.householdId).toBe(account.userId)
    const row = (await app.payload.find({ collection: 'household-invites', where: { email: { equals: email } }, overrideAccess: true })).docs[0]!
    expect(row.status).toBe('pending')
    expect((await app.payload.count({ collection: 'users', where: { username: { equals: 'hh-not-made' } }, overrideAccess: true })).totalDocs).toBe(0)

    const invitee = await joinWithNewAccount(token, 'hh-the-invitee')
    expect((await invitee.get('/api/user')).body).toMatchObject({ email, householdId: inviter.userId })
  })

  it('never lets a staff account join, even one invited at its own address', async () => {
    const inviter = await dancingFamily('hh-invites-staff')
    const teacher = await createTeacher(app, 'hh-own-teacher')
    const token = await invite(inviter, teacher.email)
    const refused = await teacher.client.post('/api/household-invites/accept', { token })
    expect([refused.status, refused.body.message]).toEqual([409, HOUSEHOLD_MESSAGES.staffAccount])
    expect((await teacher.client.get('/api/user')).body.householdId).toBe(teacher.userId)
  })
})
