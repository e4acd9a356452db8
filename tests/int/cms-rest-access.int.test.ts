import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { cmsRest, createAccount, sessionCookie, type Account } from '#tests/support/cms-rest'
import { eventually } from '#tests/support/eventually'
import { uniqueName } from '#tests/support/postgres'
import { startSmtpListener } from '#tests/support/smtp'

/**
 * Accounts and Payload's own operations are safe on their own (issue 21): these calls go to
 * Payload's REST handler directly, as if the router's admin-only guard in front of /cms-api did
 * not exist, with a visitor, a family, a teacher and an administrator (the positive control).
 */
let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let db: pg.Client
let adminCookie: string
let family: Account
let other: Account
let teacher: Account
/** The wrong users: a visitor (no cookie), a family and a teacher. */
let wrongUsers: Array<[string, string | undefined]>

const refused = (status: number) => expect([401, 403]).toContain(status)

async function accountRow(id: number) {
  const { rows } = await db.query('SELECT username, email, hash, reset_password_token, lock_until, login_attempts, is_admin FROM users WHERE id = $1', [id])
  return rows[0]
}

async function usersNamed(username: string): Promise<number> {
  const { rows } = await db.query('SELECT id FROM users WHERE username = $1', [username])
  return rows.length
}

const newAccount = (username: string) => ({
  username,
  email: `${username}@example.com`,
  fullName: 'Intruder',
  password: 'intruder-password-2026',
  isAdmin: true,
})

beforeAll(async () => {
  smtp = await startSmtpListener()
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Academy Tests <tests@academy.example>' })
  db = new pg.Client({ connectionString: app.databaseUrl })
  await db.connect()
  adminCookie = await sessionCookie(app, ADMIN.username, ADMIN.password)
  family = await createAccount(app, 'rest-family')
  other = await createAccount(app, 'rest-other')
  teacher = await createAccount(app, 'rest-teacher', { isTeacher: true })
  wrongUsers = [
    ['visitor', undefined],
    ['family', family.cookie],
    ['teacher', teacher.cookie],
  ]
}, 120_000)

afterAll(async () => {
  await db?.end()
  await app?.close()
  await smtp?.close()
})

describe('Payload REST for accounts, past the router', () => {
  it('creates accounts for administrators only', async () => {
    for (const [who, cookie] of wrongUsers) {
      const username = uniqueName(`made-by-${who}`).toLowerCase().replace(/_/g, '-')
      const res = await cmsRest(app, 'POST', '/users', { cookie, body: newAccount(username) })
      refused(res.status)
      expect(await usersNamed(username), who).toBe(0)
    }
    const username = uniqueName('made-by-admin').toLowerCase().replace(/_/g, '-')
    const res = await cmsRest(app, 'POST', '/users', { cookie: adminCookie, body: { ...newAccount(username), isAdmin: false } })
    expect(res.status).toBe(201)
    expect(await usersNamed(username)).toBe(1)
  })

  it("never lets anyone take the reserved username 'admin', even while it is free", async () => {
    const { rows } = await db.query(`SELECT id FROM users WHERE username = 'admin'`)
    const builtIn = rows[0].id as number
    // The built-in account moves aside (it keeps its flag), so only the reserved-name rule is left to refuse.
    await db.query(`UPDATE users SET username = 'admin-aside' WHERE id = $1`, [builtIn])
    try {
      for (const [who, cookie] of [...wrongUsers, ['admin', adminCookie] as [string, string]]) {
        const res = await cmsRest(app, 'POST', '/users', { cookie, body: newAccount('admin') })
        expect(res.status, who).toBeGreaterThanOrEqual(400)
        expect(res.status, who).toBeLessThan(500)
        expect(await usersNamed('admin'), who).toBe(0)
      }
      // Renaming oneself (any spelling) is refused too: the name alone would make a family an administrator.
      for (const name of ['admin', ' Admin ']) {
        const res = await cmsRest(app, 'PATCH', `/users/${family.id}`, { cookie: family.cookie, body: { username: name } })
        expect(res.status).toBeGreaterThanOrEqual(400)
        expect(res.status).toBeLessThan(500)
        expect((await accountRow(family.id)).username).toBe(family.username)
      }
      const renamed = await cmsRest(app, 'PATCH', `/users/${other.id}`, { cookie: adminCookie, body: { username: 'admin' } })
      expect(renamed.status).toBe(400)
      expect((await accountRow(other.id)).username).toBe(other.username)
      // Server code is held to it as well: only the seed's first administrator may carry the name.
      await expect(app.payload.create({ collection: 'users', overrideAccess: true, data: newAccount('admin') })).rejects.toThrow()
      expect(await usersNamed('admin')).toBe(0)
    } finally {
      await db.query(`UPDATE users SET username = 'intruder-' || id WHERE username = 'admin'`)
      await db.query(`UPDATE users SET username = 'admin' WHERE id = $1`, [builtIn])
    }
  })

  it('lets only an administrator change an email, a username or a password through Payload REST', async () => {
    const before = await accountRow(family.id)
    for (const [who, cookie, id] of [
      ['family', family.cookie, family.id],
      ['teacher', teacher.cookie, teacher.id],
    ] as const) {
      for (const data of [{ email: `taken-over-${id}@example.net` }, { username: `renamed-${id}` }, { password: 'taken-over-password-9' }]) {
        const res = await cmsRest(app, 'PATCH', `/users/${id}`, { cookie, body: data })
        expect(res.status, `${who} ${Object.keys(data)[0]}`).toBe(403)
      }
    }
    const after = await accountRow(family.id)
    expect([after.email, after.username, after.hash]).toEqual([before.email, before.username, before.hash])
    // Their own name stays theirs to change.
    const renamed = await cmsRest(app, 'PATCH', `/users/${family.id}`, { cookie: family.cookie, body: { fullName: 'Renamed Parent' } })
    expect(renamed.status).toBe(200)

    const byAdmin = await cmsRest(app, 'PATCH', `/users/${other.id}`, { cookie: adminCookie, body: { email: `moved-${other.id}@example.com` } })
    expect(byAdmin.status).toBe(200)
    expect((await accountRow(other.id)).email).toBe(`moved-${other.id}@example.com`)
    other.email = `moved-${other.id}@example.com`
  })

  it('sends Payload’s forgot-password mail at an administrator’s request only', async () => {
    for (const [who, cookie] of wrongUsers) {
      const res = await cmsRest(app, 'POST', '/users/forgot-password', { cookie, body: { email: other.email } })
      refused(res.status)
      expect((await accountRow(other.id)).reset_password_token, who).toBeNull()
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(smtp.messages.filter((m) => m.to.includes(other.email))).toHaveLength(0)

    const res = await cmsRest(app, 'POST', '/users/forgot-password', { cookie: adminCookie, body: { email: other.email } })
    expect(res.status).toBe(200)
    await smtp.waitFor((m) => m.to.includes(other.email))
    expect((await accountRow(other.id)).reset_password_token).not.toBeNull()
  })

  it('unlocks a locked account at an administrator’s request only', async () => {
    const until = new Date(Date.now() + 10 * 60 * 1000)
    await db.query('UPDATE users SET login_attempts = 8, lock_until = $2 WHERE id = $1', [teacher.id, until])
    for (const [who, cookie] of [wrongUsers[0]!, wrongUsers[1]!]) {
      const res = await cmsRest(app, 'POST', '/users/unlock', { cookie, body: { email: teacher.email } })
      refused(res.status)
      expect((await accountRow(teacher.id)).lock_until, who).not.toBeNull()
    }
    const res = await cmsRest(app, 'POST', '/users/unlock', { cookie: adminCookie, body: { email: teacher.email } })
    expect(res.status).toBe(200)
    expect((await accountRow(teacher.id)).lock_until).toBeNull()
  })

  it('runs and schedules the jobs queue for administrators only', async () => {
    const jobs = async () => (await db.query('SELECT count(*)::int AS n FROM payload_jobs')).rows[0].n as number
    // The mail the test before queued may still be finishing (its job row goes when it is sent): start from a settled queue.
    const mailJobs = async () => (await db.query(`SELECT count(*)::int AS n FROM payload_jobs WHERE task_slug = 'sendEmail'`)).rows[0].n as number
    expect(await eventually(async () => (await mailJobs()) === 0, 10_000)).toBe(true)
    const before = await jobs()
    for (const [who, cookie] of wrongUsers) {
      for (const path of ['/payload-jobs/run', '/payload-jobs/handle-schedules']) {
        const res = await cmsRest(app, 'GET', path, { cookie })
        expect([401, 403], `${who} ${path}`).toContain(res.status)
      }
    }
    expect(await jobs()).toBe(before)
    const res = await cmsRest(app, 'GET', '/payload-jobs/run?disableScheduling=true', { cookie: adminCookie })
    expect(res.status).toBe(200)
  })

  // Last: it empties the accounts table, the one state in which Payload offers a first registration.
  it('never registers a first user through Payload REST, even on an empty database', async () => {
    await db.query('TRUNCATE users CASCADE')
    const res = await cmsRest(app, 'POST', '/users/first-register', { body: newAccount('first-intruder') })
    expect(res.status).toBe(403)
    expect(await usersNamed('first-intruder')).toBe(0)
  })
})
