import { createHash } from 'node:crypto'

import { createLocalReq } from 'payload'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { requestPasswordReset } from '#api/accounts'
import { poolOf, type Pool } from '#api/lib/database'
import { getAppContext, setAppContext } from '#server/context.server'
import { createMailer } from '#server/mailer.server'
import { startTestApp, FAMILY, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { startSmtpListener } from '#tests/support/smtp'

type Smtp = Awaited<ReturnType<typeof startSmtpListener>>

let app: TestApp
let smtp: Smtp
let pool: Pool

beforeAll(async () => {
  smtp = await startSmtpListener()
  app = await startTestApp({ SMTP_URL: smtp.url })
  pool = poolOf(app.payload)
})
afterAll(async () => {
  await app?.close()
  await smtp?.close()
})
// Every request of this file comes from 127.0.0.1: each test starts with fresh rate-limit counters.
beforeEach(async () => {
  await pool.query('DELETE FROM rate_limits')
})

let counter = 0
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${counter++}`

type Account = { id: number; username: string; email: string; password: string; fullName: string }

/** An account made directly through Payload (cheaper than the register call when that is not under test). */
async function createAccount(password = 'first-position-1'): Promise<Account> {
  const username = unique('acct')
  const email = `${username}@example.com`
  const fullName = 'Test Parent'
  const user = await app.payload.create({ collection: 'users', overrideAccess: true, data: { username, email, fullName, password } })
  return { id: user.id, username, email, password, fullName }
}

async function signedIn(account: Account): Promise<ApiClient> {
  return new ApiClient(app.url).login(account.username, account.password)
}

async function userRow(id: number) {
  const { rows } = await pool.query(
    'SELECT username, email, full_name, phone, is_admin, is_active, reset_token_hash, reset_token_expiry, login_attempts, lock_until FROM users WHERE id = $1',
    [id],
  )
  return rows[0]
}

async function countUsers(): Promise<number> {
  const { rows } = await pool.query('SELECT count(*)::int AS n FROM users')
  return rows[0].n
}

const tokenFrom = (text: string) => /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

async function requestResetMail(email: string): Promise<string> {
  const res = await new ApiClient(app.url).post('/api/request-password-reset', { email })
  expect(res.status).toBe(200)
  const mail = await smtp.waitFor((m) => m.to.includes(email) && !m.text.includes('__seen__'))
  const token = tokenFrom(mail.text)
  expect(token).not.toBeNull()
  // Mark it so that a later request for the same address waits for its own mail.
  mail.text += '__seen__'
  return token!
}

describe('POST /api/register', () => {
  const fields = () => {
    const name = unique('Reg')
    return { username: name, password: 'grand-jete-2026', fullName: 'Riley Registrant', email: `${name}@Example.com`, phone: '555-0100' }
  }

  it('creates the account, signs it in and answers the user without secrets', async () => {
    const client = new ApiClient(app.url)
    const input = fields()
    const res = await client.post('/api/register', input)
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      username: input.username.toLowerCase(),
      email: input.email.toLowerCase(),
      fullName: 'Riley Registrant',
      phone: '555-0100',
      isAdmin: false,
      isActive: true,
    })
    for (const secret of ['password', 'hash', 'salt', 'resetTokenHash', 'loginAttempts', 'sessions']) expect(res.body).not.toHaveProperty(secret)
    expect(res.headers.getSetCookie().join(';')).toMatch(/payload-token=.+HttpOnly/i)
    const me = await client.get('/api/user')
    expect(me.status).toBe(200)
    expect(me.body.id).toBe(res.body.id)
    const row = await userRow(res.body.id)
    expect(row.username).toBe(input.username.toLowerCase())
    expect(row.email).toBe(input.email.toLowerCase())
  })

  it('never lets a registrant make themselves an administrator or inactive', async () => {
    const res = await new ApiClient(app.url).post('/api/register', { ...fields(), isAdmin: true, isActive: false })
    expect(res.status).toBe(201)
    expect(res.body.isAdmin).toBe(false)
    const row = await userRow(res.body.id)
    expect(row.is_admin).toBe(false)
    expect(row.is_active).toBe(true)
  })

  it('answers every validation rule with the spec message and creates nothing', async () => {
    const before = await countUsers()
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ fullName: '' }, 'Full name is required'],
      [{ fullName: undefined }, 'Full name is required'],
      [{ email: '' }, 'Email is required'],
      [{ email: 'not-an-email' }, 'Please enter a valid email'],
      [{ username: 'ab' }, 'Username must be at least 3 characters'],
      [{ username: 'a'.repeat(51) }, 'Username must be at most 50 characters'],
      [{ password: '12345' }, 'Password must be at least 6 characters'],
      [{ password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
      [{ password: 'Password1' }, 'This password is too common. Please choose another.'],
      [{ password: 'qwerty123' }, 'This password is too common. Please choose another.'],
    ]
    for (const [change, message] of cases) {
      const res = await new ApiClient(app.url).post('/api/register', { ...fields(), ...change })
      expect(res.status, JSON.stringify(change)).toBe(400)
      expect(res.body.message).toBe(message)
    }
    expect(await countUsers()).toBe(before)
  })

  it('refuses a username or email that exists in another case with 409', async () => {
    const existing = await createAccount()
    const client = new ApiClient(app.url)
    const byName = await client.post('/api/register', { ...fields(), username: existing.username.toUpperCase() })
    expect(byName.status).toBe(409)
    expect(byName.body.message).toBe('That username is already taken.')
    const byEmail = await client.post('/api/register', { ...fields(), email: `  ${existing.email.toUpperCase()} ` })
    expect(byEmail.status).toBe(409)
    expect(byEmail.body.message).toBe('An account with that email already exists.')
    expect((await client.get('/api/user')).status).toBe(401)
  })

  it('keeps the username admin for the administrator', async () => {
    const res = await new ApiClient(app.url).post('/api/register', { ...fields(), username: 'Admin' })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('That username is already taken.')
  })

  it('limits registrations per address with 429', async () => {
    const existing = await createAccount()
    const client = new ApiClient(app.url)
    for (let i = 0; i < 10; i++) expect((await client.post('/api/register', { ...fields(), username: existing.username })).status).toBe(409)
    const res = await client.post('/api/register', fields())
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
  })
})

describe('POST /api/login limits', () => {
  it('answers an existing and an unknown username alike: 401 eight times, then 429', async () => {
    const account = await createAccount()
    const unknown = unique('ghost')
    for (let i = 0; i < 8; i++) {
      const real = await new ApiClient(app.url).post('/api/login', { username: account.username, password: 'wrong-password' })
      const ghost = await new ApiClient(app.url).post('/api/login', { username: unknown, password: 'wrong-password' })
      expect([real.status, ghost.status]).toEqual([401, 401])
      expect(real.body).toEqual(ghost.body)
    }
    const real = await new ApiClient(app.url).post('/api/login', { username: account.username, password: 'wrong-password' })
    const ghost = await new ApiClient(app.url).post('/api/login', { username: unknown, password: 'wrong-password' })
    expect([real.status, ghost.status]).toEqual([429, 429])
    expect(real.body).toEqual(ghost.body)
    expect(real.body.message).toBe('Too many failed login attempts. Please try again in a few minutes.')
    expect(real.headers.get('retry-after')).toBe(ghost.headers.get('retry-after'))
    // Locked means locked: the right password is refused too, until the lock passes.
    const right = await new ApiClient(app.url).post('/api/login', { username: account.username, password: account.password })
    expect(right.status).toBe(429)
  })

  it('limits failed logins per address, whatever the username', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await new ApiClient(app.url).post('/api/login', { username: unique('spray'), password: 'wrong-password' })).status).toBe(401)
    }
    const res = await new ApiClient(app.url).post('/api/login', FAMILY)
    expect(res.status).toBe(429)
  })

  it('does not count validation errors or successful logins as failures', async () => {
    const account = await createAccount()
    for (let i = 0; i < 7; i++)
      expect((await new ApiClient(app.url).post('/api/login', { username: account.username, password: 'wrong-password' })).status).toBe(401)
    expect((await new ApiClient(app.url).post('/api/login', { username: account.username, password: 'x' })).status).toBe(400)
    expect((await new ApiClient(app.url).post('/api/login', { username: account.username, password: account.password })).status).toBe(200)
    // The success cleared the account's failures: seven more are still plain 401s.
    for (let i = 0; i < 7; i++)
      expect((await new ApiClient(app.url).post('/api/login', { username: account.username, password: 'wrong-password' })).status).toBe(401)
  })
})

describe('POST /api/logout', () => {
  it('answers 200 when already signed out', async () => {
    const res = await new ApiClient(app.url).post('/api/logout')
    expect(res.status).toBe(200)
  })
})

describe('password reset', () => {
  it('sends a one-hour single-use link, stores only its hash, and the link sets a new password and ends every session', async () => {
    const account = await createAccount()
    const otherDevice = await signedIn(account)
    const before = Date.now()

    const res = await new ApiClient(app.url).post('/api/request-password-reset', { email: account.email.toUpperCase() })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'If an account exists for that email, we have sent a link to reset the password.' })

    const mail = await smtp.waitFor((m) => m.to.includes(account.email))
    expect(mail.subject).toMatch(/reset/i)
    expect(mail.text).toContain(`${app.url}/reset-password?token=`)
    const token = tokenFrom(mail.text)!
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)

    const row = await userRow(account.id)
    expect(row.reset_token_hash).toBe(sha256(token))
    expect(JSON.stringify(row)).not.toContain(token)
    const expiry = new Date(row.reset_token_expiry).getTime()
    expect(expiry).toBeGreaterThan(before + 59 * 60_000)
    expect(expiry).toBeLessThan(Date.now() + 61 * 60_000)

    const reset = await new ApiClient(app.url).post('/api/reset-password', { token, newPassword: 'brand-new-arabesque' })
    expect(reset.status).toBe(200)
    expect(reset.body).toEqual({ message: 'Password has been reset successfully' })

    expect((await otherDevice.get('/api/user')).status).toBe(401)
    expect((await new ApiClient(app.url).post('/api/login', { username: account.username, password: account.password })).status).toBe(401)
    expect((await new ApiClient(app.url).post('/api/login', { username: account.username, password: 'brand-new-arabesque' })).status).toBe(200)
    expect((await userRow(account.id)).reset_token_hash).toBeNull()

    const reuse = await new ApiClient(app.url).post('/api/reset-password', { token, newPassword: 'another-new-one-9' })
    expect(reuse.status).toBe(400)
    expect(reuse.body.message).toBe('This reset link is invalid or has expired. Please request a new password reset.')
  })

  it('gives an unknown email the identical answer and sends it nothing', async () => {
    const account = await createAccount()
    const nobody = `${unique('nobody')}@example.com`
    const unknown = await new ApiClient(app.url).post('/api/request-password-reset', { email: nobody })
    const known = await new ApiClient(app.url).post('/api/request-password-reset', { email: account.email })
    expect(unknown.status).toBe(200)
    expect(unknown.body).toEqual(known.body)
    expect(unknown.body).not.toHaveProperty('resetLink')
    await smtp.waitFor((m) => m.to.includes(account.email))
    expect(smtp.messages.some((m) => m.to.includes(nobody))).toBe(false)
  })

  it('sends nothing to a deactivated account', async () => {
    const inactive = await createAccount()
    await app.payload.update({ collection: 'users', id: inactive.id, overrideAccess: true, data: { isActive: false } })
    const active = await createAccount()
    const res = await new ApiClient(app.url).post('/api/request-password-reset', { email: inactive.email })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'If an account exists for that email, we have sent a link to reset the password.' })
    await requestResetMail(active.email)
    expect(smtp.messages.some((m) => m.to.includes(inactive.email))).toBe(false)
    expect((await userRow(inactive.id)).reset_token_hash).toBeNull()
  })

  it('refuses an expired link', async () => {
    const account = await createAccount()
    const token = await requestResetMail(account.email)
    await pool.query("UPDATE users SET reset_token_expiry = now() - interval '1 minute' WHERE id = $1", [account.id])
    const res = await new ApiClient(app.url).post('/api/reset-password', { token, newPassword: 'brand-new-arabesque' })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('This reset link is invalid or has expired. Please request a new password reset.')
    expect((await new ApiClient(app.url).post('/api/login', { username: account.username, password: account.password })).status).toBe(200)
  })

  it('honours only the latest link when two were requested', async () => {
    const account = await createAccount()
    const first = await requestResetMail(account.email)
    const second = await requestResetMail(account.email)
    expect(first).not.toBe(second)
    expect((await new ApiClient(app.url).post('/api/reset-password', { token: first, newPassword: 'brand-new-arabesque' })).status).toBe(400)
    expect((await new ApiClient(app.url).post('/api/reset-password', { token: second, newPassword: 'brand-new-arabesque' })).status).toBe(200)
  })

  it('validates both calls with the spec messages', async () => {
    const client = new ApiClient(app.url)
    expect((await client.post('/api/request-password-reset', {})).body.message).toBe('Email is required')
    expect((await client.post('/api/request-password-reset', { email: 'not-an-email' })).body.message).toBe('Please enter a valid email')
    const token = 'A'.repeat(43)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ newPassword: 'brand-new-arabesque' }, 'Invalid reset link. Please request a new password reset.'],
      [{ token: 'too-short', newPassword: 'brand-new-arabesque' }, 'Invalid reset token format. Please request a new password reset.'],
      [{ token: `${token}'; DROP TABLE users; --`, newPassword: 'brand-new-arabesque' }, 'Invalid reset token format. Please request a new password reset.'],
      [{ token, newPassword: '12345' }, 'Password must be at least 6 characters'],
      [{ token, newPassword: 'brand-new-arabesque' }, 'This reset link is invalid or has expired. Please request a new password reset.'],
    ]
    for (const [body, message] of cases) {
      const res = await client.post('/api/reset-password', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.message).toBe(message)
    }
  })

  it('refuses a common new password without using up the link', async () => {
    const account = await createAccount()
    const token = await requestResetMail(account.email)
    const common = await new ApiClient(app.url).post('/api/reset-password', { token, newPassword: 'sunshine' })
    expect(common.status).toBe(400)
    expect(common.body.message).toBe('This password is too common. Please choose another.')
    expect((await new ApiClient(app.url).post('/api/reset-password', { token, newPassword: 'brand-new-arabesque' })).status).toBe(200)
  })

  it('voids an outstanding link when the password is changed in the account', async () => {
    const account = await createAccount()
    const token = await requestResetMail(account.email)
    const client = await signedIn(account)
    expect((await client.patch('/api/user/password', { currentPassword: account.password, newPassword: 'changed-in-settings-1' })).status).toBe(200)
    expect((await userRow(account.id)).reset_token_hash).toBeNull()
    const res = await new ApiClient(app.url).post('/api/reset-password', { token, newPassword: 'brand-new-arabesque' })
    expect(res.status).toBe(400)
  })

  it('voids an outstanding link when the email is changed', async () => {
    const account = await createAccount()
    const token = await requestResetMail(account.email)
    const client = await signedIn(account)
    expect((await client.patch('/api/user/profile', { email: `${unique('moved')}@example.com`, currentPassword: account.password })).status).toBe(200)
    expect((await new ApiClient(app.url).post('/api/reset-password', { token, newPassword: 'brand-new-arabesque' })).status).toBe(400)
  })

  it('limits reset requests per email with 429', async () => {
    const email = `${unique('flood')}@example.com`
    for (let i = 0; i < 3; i++) expect((await new ApiClient(app.url).post('/api/request-password-reset', { email })).status).toBe(200)
    const res = await new ApiClient(app.url).post('/api/request-password-reset', { email })
    expect(res.status).toBe(429)
    expect(res.body.message).toBe('Too many password reset requests. Please try again later.')
  })

  it('limits reset attempts per address with 429', async () => {
    const client = new ApiClient(app.url)
    for (let i = 0; i < 20; i++)
      expect((await client.post('/api/reset-password', { token: 'B'.repeat(43), newPassword: 'brand-new-arabesque' })).status).toBe(400)
    const res = await client.post('/api/reset-password', { token: 'B'.repeat(43), newPassword: 'brand-new-arabesque' })
    expect(res.status).toBe(429)
  })

  it('returns the link in the answer in demo mode only', async () => {
    const account = await createAccount()
    const logged: string[] = []
    const mailer = createMailer({ from: 'Academy <no-reply@academy.local>', log: (line) => logged.push(line) })
    // The mail jobs send through the app's one mailer: this test's mailers stand in for it.
    const context = getAppContext()
    const { env } = context
    setAppContext({ ...context, mailer })
    try {
      const req = await createLocalReq({}, app.payload)
      // The router sets the caller's address; demo mode serves loopback callers only.
      req.headers = new Headers({ 'x-academy-client-ip': '127.0.0.1' })

      const demo = await requestPasswordReset(req, { email: account.email }, { env: { ...env, demoMode: true } })
      expect(demo.message).toBe('If an account exists for that email, we have sent a link to reset the password.')
      expect(demo.email).toBe(account.email)
      expect(demo.resetLink).toMatch(new RegExp(`^${env.publicOrigin}/reset-password\\?token=[A-Za-z0-9_-]{43}$`))
      const token = new URL(demo.resetLink!).searchParams.get('token')!
      expect((await userRow(account.id)).reset_token_hash).toBe(sha256(token))
      expect((await new ApiClient(app.url).post('/api/reset-password', { token, newPassword: 'demo-mode-reset-1' })).status).toBe(200)

      // A caller from the network never gets the link in the answer, even in demo mode.
      const remoteReq = await createLocalReq({}, app.payload)
      remoteReq.headers = new Headers({ 'x-academy-client-ip': '203.0.113.9' })
      const remote = await requestPasswordReset(remoteReq, { email: account.email }, { env: { ...env, demoMode: true } })
      expect(remote).toEqual({ message: demo.message, email: account.email })

      // A real deployment without SMTP: no link in the answer, and none in the log either (a link
      // in a log is a key to the account for whoever reads the logs): only who and what.
      const redacted: string[] = []
      const realMailer = createMailer({ from: 'Academy <no-reply@academy.local>', log: (line) => redacted.push(line), redact: true })
      setAppContext({ ...context, mailer: realMailer })
      const real = await requestPasswordReset(req, { email: account.email }, { env: { ...env, demoMode: false } })
      expect(real).toEqual({ message: demo.message })
      await expect.poll(() => redacted.join('\n')).toContain(`to=${account.email}`)
      expect(redacted.join('\n')).not.toContain('token=')
      expect(redacted.join('\n')).toContain('text withheld outside demo mode')
    } finally {
      setAppContext(context)
    }
  })
})

describe('PATCH /api/user/profile', () => {
  it('updates the caller and answers the updated user', async () => {
    const account = await createAccount()
    const client = await signedIn(account)
    const newEmail = `${unique('new')}@Example.com`
    const res = await client.patch('/api/user/profile', {
      fullName: '  Morgan Updated ',
      email: newEmail,
      phone: '555-0199',
      currentPassword: account.password,
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: account.id, fullName: 'Morgan Updated', email: newEmail.toLowerCase(), phone: '555-0199', username: account.username })
    expect((await client.get('/api/user')).body.email).toBe(newEmail.toLowerCase())
    const cleared = await client.patch('/api/user/profile', { phone: null })
    expect(cleared.body.phone).toBeNull()
    expect((await userRow(account.id)).phone).toBeNull()
  })

  it('answers the validation rules with the spec messages and changes nothing', async () => {
    const account = await createAccount()
    const client = await signedIn(account)
    const short = await client.patch('/api/user/profile', { fullName: 'A' })
    expect(short.status).toBe(400)
    expect(short.body.message).toBe('Full name must be at least 2 characters')
    const email = await client.patch('/api/user/profile', { email: 'not-an-email' })
    expect(email.status).toBe(400)
    expect(email.body.message).toBe('Please enter a valid email address')
    const row = await userRow(account.id)
    expect([row.full_name, row.email]).toEqual([account.fullName, account.email])
  })

  it('refuses an email another account has, in any case, with 409', async () => {
    const account = await createAccount()
    const other = await createAccount()
    const res = await (await signedIn(account)).patch('/api/user/profile', { email: other.email.toUpperCase(), currentPassword: account.password })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('An account with that email already exists.')
    expect((await userRow(account.id)).email).toBe(account.email)
  })

  it('changes the email only with the right current password, and tells the old address', async () => {
    const account = await createAccount()
    const client = await signedIn(account)
    const newEmail = `${unique('taken-over')}@example.com`
    const missing = await client.patch('/api/user/profile', { email: newEmail })
    expect([missing.status, missing.body.message]).toEqual([400, 'Please enter your current password to change your email'])
    expect(missing.body.errors).toEqual([{ path: 'currentPassword', message: 'Please enter your current password to change your email' }])
    const wrong = await client.patch('/api/user/profile', { email: newEmail, currentPassword: 'not-my-password' })
    expect([wrong.status, wrong.body.message]).toEqual([400, 'Current password is incorrect'])
    expect((await userRow(account.id)).email).toBe(account.email)
    // A wrong current password here does not count towards the login lock either.
    expect(Number((await userRow(account.id)).login_attempts)).toBe(0)

    const res = await client.patch('/api/user/profile', { email: newEmail, currentPassword: account.password })
    expect([res.status, res.body.email]).toEqual([200, newEmail])
    const notice = await smtp.waitFor((m) => m.to.includes(account.email) && /email address was changed/i.test(m.subject))
    expect(notice.text).toContain(newEmail)
    expect(notice.to).not.toContain(newEmail)
    // Name and phone still change without the password.
    expect((await client.patch('/api/user/profile', { fullName: 'Morgan Again' })).status).toBe(200)
  })

  it('limits the wrong current passwords of an email change', async () => {
    const account = await createAccount()
    const client = await signedIn(account)
    for (let i = 0; i < 5; i++) await client.patch('/api/user/profile', { email: `${unique('x')}@example.com`, currentPassword: 'not-my-password' })
    const limited = await client.patch('/api/user/profile', { email: `${unique('x')}@example.com`, currentPassword: account.password })
    expect(limited.status).toBe(429)
    expect((await userRow(account.id)).email).toBe(account.email)
  })

  it('limits the "already exists" answers of profile and registration together, per address', async () => {
    const account = await createAccount()
    const client = await signedIn(account)
    const others = await Promise.all(Array.from({ length: 6 }, () => createAccount()))
    for (const other of others) {
      const res = await client.patch('/api/user/profile', { email: other.email, currentPassword: account.password })
      expect(res.status).toBe(409)
    }
    for (const other of others.slice(0, 4)) {
      const res = await new ApiClient(app.url).post('/api/register', {
        username: unique('reg'),
        email: other.email,
        fullName: 'Curious Visitor',
        password: 'plie-and-releve-9',
      })
      expect(res.status).toBe(409)
    }
    const limited = await client.patch('/api/user/profile', { email: others[5]!.email, currentPassword: account.password })
    expect(limited.status).toBe(429)
    const registration = await new ApiClient(app.url).post('/api/register', {
      username: unique('reg'),
      email: others[0]!.email,
      fullName: 'Curious Visitor',
      password: 'plie-and-releve-9',
    })
    expect(registration.status).toBe(429)
  })

  it('cannot be used to become an administrator', async () => {
    const account = await createAccount()
    const res = await (await signedIn(account)).patch('/api/user/profile', { fullName: 'Sneaky Parent', isAdmin: true, username: 'admin' })
    expect(res.status).toBe(200)
    const row = await userRow(account.id)
    expect([row.is_admin, row.username]).toEqual([false, account.username])
  })

  it('answers 401 when signed out', async () => {
    const res = await new ApiClient(app.url).patch('/api/user/profile', { fullName: 'Nobody Here' })
    expect(res.status).toBe(401)
  })
})

describe('PATCH /api/user/password', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const account = await createAccount()
    const here = await signedIn(account)
    const elsewhere = await signedIn(account)
    const res = await here.patch('/api/user/password', { currentPassword: account.password, newPassword: 'second-position-2' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Password updated successfully' })
    expect((await here.get('/api/user')).status).toBe(200)
    expect((await elsewhere.get('/api/user')).status).toBe(401)
    expect((await new ApiClient(app.url).post('/api/login', { username: account.username, password: account.password })).status).toBe(401)
    expect((await new ApiClient(app.url).post('/api/login', { username: account.username, password: 'second-position-2' })).status).toBe(200)
  })

  it('refuses a wrong current password without counting towards the account lock, and limits the tries', async () => {
    const account = await createAccount()
    const client = await signedIn(account)
    for (let i = 0; i < 5; i++) {
      const res = await client.patch('/api/user/password', { currentPassword: 'not-my-password', newPassword: 'second-position-2' })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('Current password is incorrect')
    }
    const row = await userRow(account.id)
    expect(Number(row.login_attempts)).toBe(0)
    expect(row.lock_until).toBeNull()
    const limited = await client.patch('/api/user/password', { currentPassword: account.password, newPassword: 'second-position-2' })
    expect(limited.status).toBe(429)
    // The password is unchanged and the account can still sign in.
    expect((await new ApiClient(app.url).post('/api/login', { username: account.username, password: account.password })).status).toBe(200)
  })

  it('answers the validation rules with their messages', async () => {
    const account = await createAccount()
    const client = await signedIn(account)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ newPassword: 'second-position-2' }, 'Please fill in all password fields.'],
      [{ currentPassword: account.password }, 'Please fill in all password fields.'],
      [{ currentPassword: account.password, newPassword: '12345' }, 'Password must be at least 6 characters'],
      [{ currentPassword: account.password, newPassword: 'password123' }, 'This password is too common. Please choose another.'],
    ]
    for (const [body, message] of cases) {
      const res = await client.patch('/api/user/password', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.message).toBe(message)
    }
    expect((await new ApiClient(app.url).post('/api/login', { username: account.username, password: account.password })).status).toBe(200)
  })

  it('answers 401 when signed out', async () => {
    const res = await new ApiClient(app.url).patch('/api/user/password', { currentPassword: 'whatever-1', newPassword: 'whatever-2' })
    expect(res.status).toBe(401)
  })
})

describe('notification preferences', () => {
  it('creates the spec defaults on first read and answers the same row afterwards', async () => {
    const account = await createAccount()
    const client = await signedIn(account)
    const first = await client.get('/api/notification-preferences')
    expect(first.status).toBe(200)
    expect(first.body).toEqual({
      id: expect.any(Number),
      userId: account.id,
      emailNotifications: true,
      smsNotifications: false,
      classReminders: true,
      promotionalEmails: true,
      updatedAt: expect.any(String),
    })
    const second = await client.get('/api/notification-preferences')
    expect(second.body.id).toBe(first.body.id)
  })

  it('creates one row when the first reads arrive together', async () => {
    const account = await createAccount()
    const client = await signedIn(account)
    const answers = await Promise.all(Array.from({ length: 6 }, () => client.get('/api/notification-preferences')))
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200))
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1)
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM notification_preferences WHERE user_id = $1', [account.id])
    expect(rows[0].n).toBe(1)
  })

  it('updates the four booleans and ignores id, userId and updatedAt', async () => {
    const account = await createAccount()
    const other = await createAccount()
    const client = await signedIn(account)
    const res = await client.patch('/api/notification-preferences', {
      id: 999999,
      userId: other.id,
      updatedAt: '2000-01-01T00:00:00.000Z',
      emailNotifications: false,
      smsNotifications: true,
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ userId: account.id, emailNotifications: false, smsNotifications: true, classReminders: true, promotionalEmails: true })
    expect(res.body.updatedAt).not.toBe('2000-01-01T00:00:00.000Z')
    expect((await client.get('/api/notification-preferences')).body).toMatchObject({ emailNotifications: false, smsNotifications: true })
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM notification_preferences WHERE user_id = $1', [other.id])
    expect(rows[0].n).toBe(0)
  })

  it('refuses a value that is not a boolean and changes nothing', async () => {
    const account = await createAccount()
    const client = await signedIn(account)
    const res = await client.patch('/api/notification-preferences', { emailNotifications: 'no', smsNotifications: true })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('emailNotifications must be true or false')
    expect((await client.get('/api/notification-preferences')).body).toMatchObject({ emailNotifications: true, smsNotifications: false })
  })

  it('keeps each family to its own row', async () => {
    const a = await signedIn(await createAccount())
    const b = await signedIn(await createAccount())
    await a.patch('/api/notification-preferences', { promotionalEmails: false })
    const theirs = await b.get('/api/notification-preferences')
    expect(theirs.body.promotionalEmails).toBe(true)
    expect(theirs.body.id).not.toBe((await a.get('/api/notification-preferences')).body.id)
  })

  it('answers 401 when signed out', async () => {
    const client = new ApiClient(app.url)
    expect((await client.get('/api/notification-preferences')).status).toBe(401)
    expect((await client.patch('/api/notification-preferences', { smsNotifications: true })).status).toBe(401)
  })
})
