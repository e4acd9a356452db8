import { pbkdf2Sync } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { handleEndpoints } from 'payload'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { createApp } from '#server/app.server'
import { HASHING_BUSY_MESSAGE } from '#server/hashing-gate.server'
import { startTestApp, ADMIN, FAMILY, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'

type Pool = { query(sql: string, params?: unknown[]): Promise<{ rows: any[] }> }

let app: TestApp
let pool: Pool

beforeAll(async () => {
  app = await startTestApp()
  pool = (app.payload.db as unknown as { pool: Pool }).pool
})
afterAll(async () => {
  await app?.close()
})
beforeEach(async () => {
  await pool.query('DELETE FROM rate_limits')
})

let counter = 0
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${counter++}`

type Account = { id: number; username: string; email: string; password: string }

async function createAccount(password = 'first-position-1'): Promise<Account> {
  const username = unique('hard')
  const email = `${username}@example.com`
  const user = await app.payload.create({ collection: 'users', overrideAccess: true, data: { username, email, fullName: 'Test Parent', password } })
  return { id: user.id, username, email, password }
}

const signedIn = (account: Account, password = account.password) => new ApiClient(app.url).login(account.username, password)

async function sessionIds(userId: number): Promise<string[]> {
  const { rows } = await pool.query('SELECT id FROM users_sessions WHERE _parent_id = $1 ORDER BY id', [userId])
  return rows.map((row) => String(row.id))
}

describe('password change and reset end the other sessions', () => {
  it('a change keeps exactly the caller session: the check of the current password leaves no session behind', async () => {
    const account = await createAccount()
    const here = await signedIn(account)
    const elsewhere = await signedIn(account)
    expect(await sessionIds(account.id)).toHaveLength(2)

    const res = await here.patch('/api/user/password', { currentPassword: account.password, newPassword: 'second-position-2' })
    expect(res.status).toBe(200)
    expect(await sessionIds(account.id)).toHaveLength(1)
    expect((await here.get('/api/user')).status).toBe(200)
    expect((await elsewhere.get('/api/user')).status).toBe(401)
  })

  it('a signed-in owner can change the password while strangers have locked the account by failed logins', async () => {
    const account = await createAccount()
    const here = await signedIn(account)
    for (let i = 0; i < 8; i++) await new ApiClient(app.url).post('/api/login', { username: account.username, password: 'not-the-password' })
    const res = await here.patch('/api/user/password', { currentPassword: account.password, newPassword: 'third-position-3' })
    expect(res.status).toBe(200)
    expect((await here.get('/api/user')).status).toBe(200)
  })

  it('a reset ends every session, the one that asked included, and the cached user is forgotten', async () => {
    const account = await createAccount()
    const first = await signedIn(account)
    const second = await signedIn(account)
    // Both sessions are served from the memory cache now.
    expect((await first.get('/api/user')).status).toBe(200)
    expect((await second.get('/api/user')).status).toBe(200)
    const token = 'a'.repeat(43)
    const { createHash } = await import('node:crypto')
    await pool.query("UPDATE users SET reset_token_hash = $1, reset_token_expiry = now() + interval '1 hour' WHERE id = $2", [
      createHash('sha256').update(token).digest('hex'),
      account.id,
    ])
    const res = await first.post('/api/reset-password', { token, newPassword: 'fourth-position-4' })
    expect(res.status).toBe(200)
    expect(await sessionIds(account.id)).toEqual([])
    expect((await first.get('/api/user')).status).toBe(401)
    expect((await second.get('/api/user')).status).toBe(401)
  })
})

/** Payload's own REST login, as the admin panel calls it (/cms-api/users/login). */
async function cmsLogin(body: Record<string, string>): Promise<{ status: number; body: any; headers: Headers }> {
  const request = new Request(`${app.url}/cms-api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-academy-client-ip': '127.0.0.1' },
    body: JSON.stringify(body),
  })
  const response = await handleEndpoints({ config: app.payload.config, request })
  return { status: response.status, body: await response.json(), headers: response.headers }
}

describe('every login path shares the throttles', () => {
  it('/cms-api/users/login answers a real and an unknown account alike once the failures are used up', async () => {
    const account = await createAccount()
    const real: Array<[number, string]> = []
    const unknown: Array<[number, string]> = []
    for (let i = 0; i < 9; i++) {
      const a = await cmsLogin({ username: account.username, password: 'not-the-password' })
      real.push([a.status, a.body.errors?.[0]?.message])
      const b = await cmsLogin({ username: `${account.username}-nobody`, password: 'not-the-password' })
      unknown.push([b.status, b.body.errors?.[0]?.message])
    }
    expect(unknown).toEqual(real)
    expect(real[8]![1]).toMatch(/locked/i)
  })

  it('failures through /cms-api count for POST /api/login too', async () => {
    const account = await createAccount()
    for (let i = 0; i < 8; i++) await cmsLogin({ username: `${account.username}-nobody`, password: 'not-the-password' })
    const res = await new ApiClient(app.url).post('/api/login', { username: `${account.username}-nobody`, password: 'not-the-password' })
    expect([res.status, res.body.message]).toEqual([429, 'Too many failed login attempts. Please try again in a few minutes.'])
  })

  it('no login answer carries the JWT: the session travels in the HttpOnly cookie only', async () => {
    const cms = await cmsLogin(ADMIN)
    expect(cms.status).toBe(200)
    expect(cms.body.token).toBeUndefined()
    expect(cms.headers.getSetCookie().join(';')).toMatch(/payload-token=.+HttpOnly/i)
    const contract = new ApiClient(app.url)
    const res = await contract.post('/api/login', FAMILY)
    expect(res.status).toBe(200)
    expect(JSON.stringify(res.body)).not.toMatch(/token/i)
    expect((await contract.get('/api/user')).status).toBe(200)
  })

  it('limits successful logins per account', async () => {
    const account = await createAccount()
    await signedIn(account)
    await pool.query("UPDATE rate_limits SET hits = 60 WHERE key = 'logins-per-account:' || $1", [String(account.id)])
    const res = await new ApiClient(app.url).post('/api/login', { username: account.username, password: account.password })
    expect([res.status, res.body.message]).toEqual([429, 'Too many sign-ins to this account. Please wait a few minutes and try again.'])
    // No session was left behind by the refused login.
    expect(await sessionIds(account.id)).toHaveLength(1)
  })
})

describe('login cost and timing', () => {
  it('stores passwords as Payload 3.90 does: PBKDF2-SHA256, 600,000 iterations, 32-byte salt and key', async () => {
    const account = await createAccount('pinned-hash-format-1')
    const { rows } = await pool.query('SELECT salt, hash FROM users WHERE id = $1', [account.id])
    const { salt, hash } = rows[0]
    expect(salt).toMatch(/^[0-9a-f]{64}$/)
    expect(hash).toMatch(/^pbkdf2-sha256-v1:[0-9a-f]{64}$/)
    expect(pbkdf2Sync('pinned-hash-format-1', salt, 600_000, 32, 'sha256').toString('hex')).toBe(hash.slice('pbkdf2-sha256-v1:'.length))
  })

  it('takes as long to refuse an unknown account as a wrong password', async () => {
    const account = await createAccount()
    const time = async (username: string) => {
      const started = performance.now()
      const res = await new ApiClient(app.url).post('/api/login', { username, password: 'not-the-password' })
      expect(res.status).toBe(401)
      return performance.now() - started
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[1]!
    const known = median([await time(account.username), await time(account.username), await time(account.username)])
    const unknown = median([await time(`${account.username}-x`), await time(`${account.username}-y`), await time(`${account.username}-z`)])
    expect(unknown).toBeGreaterThan(known * 0.6)
  })
})

describe('the router in front of every door', () => {
  let server: http.Server
  let url: string
  const seenByCms: Array<{ method?: string; clientIp?: string | string[] }> = []

  beforeAll(async () => {
    const router = createApp({
      config: app.payload.config,
      allowedOrigins: ['http://academy.test'],
      https: false,
      hashing: { concurrency: 1, queue: 1 },
      next: (req, res) => {
        seenByCms.push({ method: req.method, clientIp: req.headers['x-academy-client-ip'] })
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
      },
    })
    server = http.createServer((req, res) => void router(req, res))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server?.closeAllConnections()
    await new Promise((resolve) => server?.close(resolve))
  })

  it('refuses a cross-site state-changing request to /cms and /cms-api before Payload sees it', async () => {
    const crossSite: Array<Record<string, string>> = [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }]
    for (const headers of crossSite) {
      for (const path of ['/cms-api/users/login', '/cms/login']) {
        const res = await fetch(url + path, { method: 'POST', headers: { ...headers, 'content-type': 'multipart/form-data; boundary=x' }, body: '--x--' })
        expect([path, res.status]).toEqual([path, 403])
      }
    }
    expect(seenByCms).toEqual([])
    const same = await fetch(`${url}/cms/login`, { method: 'POST', headers: { origin: 'http://academy.test' } })
    expect(same.status).toBe(200)
    expect((await fetch(`${url}/cms`)).status).toBe(200)
  })

  it('gives Payload the client address from the socket, not from a header the client wrote', async () => {
    seenByCms.length = 0
    await fetch(`${url}/cms`, { headers: { 'x-academy-client-ip': '203.0.113.9' } })
    expect(seenByCms).toEqual([{ method: 'GET', clientIp: '127.0.0.1' }])
  })

  it('bounds the logins hashing at once: past the queue a clear 503, and the rest of the site keeps answering', async () => {
    const login = () =>
      fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { origin: 'http://academy.test', 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'nobody-at-all', password: 'not-the-password' }),
      })
    const logins = Array.from({ length: 6 }, login)
    const classes = await fetch(`${url}/api/classes`)
    expect(classes.status).toBe(200)
    const answers = await Promise.all(logins)
    const statuses = answers.map((res) => res.status).sort()
    expect(statuses.filter((status) => status === 401)).toHaveLength(2)
    expect(statuses.filter((status) => status === 503)).toHaveLength(4)
    const busy = answers.find((res) => res.status === 503)!
    expect(busy.headers.get('retry-after')).toBe('5')
    expect((await busy.json()).message).toBe(HASHING_BUSY_MESSAGE)
  })
})
