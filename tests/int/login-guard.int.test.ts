import http from 'node:http'
import { pbkdf2Sync } from 'node:crypto'

import pg from 'pg'
import { handleEndpoints } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { LOGINS_PER_ACCOUNT, TOO_MANY_LOGINS } from '#api/accounts'
import { startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { uniqueName } from '#tests/support/postgres'
import { useProductionPasswordCost, useTestPasswordCost } from '#tests/support/fast-password-hash.mjs'

// This file proves production's hashing cost: the two describes about the hash and its timing make
// and check their accounts at 600,000 iterations; the limits around them need not pay it.
function atProductionCost(): void {
  beforeAll(useProductionPasswordCost)
  afterAll(useTestPasswordCost)
}

/**
 * Every door to a session shares one set of rules: the contract's POST /api/login and Payload's
 * own REST login behind /cms (called here exactly as Next's route handler calls it).
 */
let app: TestApp
let db: pg.Client

beforeAll(async () => {
  app = await startTestApp()
  db = new pg.Client({ connectionString: app.databaseUrl })
  await db.connect()
})
afterAll(async () => {
  await db?.end()
  await app?.close()
})

type Account = { id: number; username: string; email: string; password: string }

async function createAccount(label = 'guard'): Promise<Account> {
  const username = uniqueName(label).replace(/_/g, '-').toLowerCase().slice(0, 40)
  const account = { username, email: `${username}@example.com`, password: `pw-${username}-long` }
  const user = await app.payload.create({ collection: 'users', overrideAccess: true, data: { ...account, fullName: 'Guard Parent', isActive: true } })
  return { id: user.id as number, ...account }
}

/** Payload's REST login, as the admin panel at /cms calls it. */
async function cmsLogin(body: Record<string, string>): Promise<{ status: number; body: any; setCookie: string[] }> {
  const config = app.payload.config
  const request = new Request(`${app.url}/cms-api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url, 'x-academy-client-ip': '198.51.100.20' },
    body: JSON.stringify(body),
  })
  const response = await handleEndpoints({ config, request, path: '/cms-api/users/login', payloadInstanceCacheKey: app.payloadKey })
  return { status: response.status, body: await response.json(), setCookie: response.headers.getSetCookie() }
}

const apiLogin = (username: string, password: string) => new ApiClient(app.url).post('/api/login', { username, password })

describe('the stored password', () => {
  atProductionCost()
  it('is PBKDF2-SHA256 with 600,000 iterations in the current format, checkable by hand', async () => {
    const account = await createAccount('hash')
    const { rows } = await db.query('SELECT salt, hash FROM users WHERE id = $1', [account.id])
    const { salt, hash } = rows[0] as { salt: string; hash: string }
    expect(salt).toMatch(/^[0-9a-f]{64}$/)
    expect(hash).toMatch(/^pbkdf2-sha256-v1:[0-9a-f]{64}$/)
    expect(hash.slice('pbkdf2-sha256-v1:'.length)).toBe(pbkdf2Sync(account.password, salt, 600_000, 32, 'sha256').toString('hex'))
  })
})

describe("Payload's REST login (/cms-api/users/login)", () => {
  it('signs an account in with the cookie only: no token in the answer', async () => {
    const account = await createAccount('cms')
    const res = await cmsLogin({ username: account.username, password: account.password })
    expect(res.status).toBe(200)
    expect(res.body.token).toBeUndefined()
    expect(JSON.stringify(res.body)).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/)
    expect(res.setCookie.join(';')).toMatch(/payload-token=/)
  })

  it('shares the failure limit with /api/login, and answers a real and an unknown account alike', async () => {
    const account = await createAccount('shared')
    const unknown = `nobody-${Date.now()}`
    for (const username of [account.username, unknown]) {
      for (let i = 0; i < 4; i++) expect((await apiLogin(username, `wrong-${i}`)).status).toBe(401)
      for (let i = 0; i < 4; i++) expect((await cmsLogin({ username, password: `wrong-${i}` })).status).toBe(401)
    }
    const answers = []
    for (const username of [account.username, unknown]) {
      const api = await apiLogin(username, 'wrong-again')
      const cms = await cmsLogin({ username, password: 'wrong-again' })
      answers.push([api.status, api.body.message, cms.status, cms.body.errors?.[0]?.message])
    }
    expect(answers).toEqual([
      [429, TOO_MANY_LOGINS, 429, TOO_MANY_LOGINS],
      [429, TOO_MANY_LOGINS, 429, TOO_MANY_LOGINS],
    ])
    // Even the right password waits for the window to pass.
    expect((await apiLogin(account.username, account.password)).status).toBe(429)
  })
})

describe("Payload's REST login", () => {
  it('words a wrong password and an unknown account the same', async () => {
    const account = await createAccount('wording')
    const wrong = await cmsLogin({ username: account.username, password: 'not-the-password' })
    const unknown = await cmsLogin({ username: `${account.username}-nobody`, password: 'not-the-password' })
    const byEmail = await cmsLogin({ email: account.email, password: 'not-the-password' })
    const unknownEmail = await cmsLogin({ email: `nobody-${account.email}`, password: 'not-the-password' })
    const answers = [wrong, unknown, byEmail, unknownEmail].map((res) => [res.status, JSON.stringify(res.body)])
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1)
    expect(answers[0]).toEqual([401, JSON.stringify({ errors: [{ message: 'The username or password provided is incorrect.' }] })])
  })
})

describe('login cost and timing', () => {
  atProductionCost()
  it('takes as long for an unknown account as for a wrong password of a real one', async () => {
    const account = await createAccount('timing')
    const time = async (username: string) => {
      const started = performance.now()
      expect((await apiLogin(username, 'not-the-password')).status).toBe(401)
      return performance.now() - started
    }
    // Medians of interleaved tries, so that a busy machine slows both kinds alike.
    const real: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 5; i++) {
      real.push(await time(account.username))
      unknown.push(await time(`ghost-${Date.now()}-${i}`))
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[2]!
    // A password hash costs some hundred milliseconds here; an answer without one, a few.
    expect(median(real)).toBeGreaterThan(50)
    expect(median(unknown) / median(real)).toBeGreaterThan(0.3)
  })
})

describe('successful logins', () => {
  it('are limited per account', async () => {
    const account = await createAccount('often')
    for (let i = 0; i < LOGINS_PER_ACCOUNT.limit; i++) expect((await apiLogin(account.username, account.password)).status).toBe(200)
    const refused = await apiLogin(account.username, account.password)
    expect([refused.status, refused.body.message]).toEqual([429, TOO_MANY_LOGINS])
  }, 60_000)
})

describe('the Origin rule covers /cms too', () => {
  it('refuses a cross-site state change to the CMS before it reaches the panel', async () => {
    for (const path of ['/cms-api/users/login', '/cms/login', '/cms-api/site-content']) {
      const res = await fetch(`${app.url}${path}`, {
        method: 'POST',
        headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'x' }),
      })
      expect([path, res.status, ((await res.json()) as { message: string }).message]).toEqual([path, 403, 'Cross-origin requests are not allowed.'])
    }
    const siteForm = await fetch(`${app.url}/cms-api/users/login`, { method: 'POST', headers: { 'sec-fetch-site': 'cross-site' }, body: 'x' })
    expect(siteForm.status).toBe(403)
  })
})

describe('request bodies to /cms are bounded', () => {
  function rawPost(path: string, headers: Record<string, string>, chunks: string[]): Promise<{ status: number; body: string }> {
    const { hostname, port } = new URL(app.url)
    return new Promise((resolve, reject) => {
      const req = http.request({ host: hostname, port, path, method: 'POST', headers: { origin: app.url, ...headers } }, (res) => {
        let body = ''
        res.on('data', (chunk: Buffer) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      })
      req.on('error', reject)
      for (const chunk of chunks) req.write(chunk)
      req.end()
    })
  }

  it('refuses a declared length over the limit with 413 before reading it', async () => {
    const res = await rawPost('/cms-api/site-assets', { 'content-type': 'application/json', 'content-length': String(7 * 1024 * 1024) }, [])
    expect(res.status).toBe(413)
    expect(JSON.parse(res.body)).toEqual({ message: 'The request is too large.' })
  })

  it('asks for the length of a body sent without one (chunked), so no body is unbounded', async () => {
    const res = await rawPost('/cms-api/users/login', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, ['{"username":', '"admin"}'])
    expect(res.status).toBe(411)
    expect(JSON.parse(res.body)).toEqual({ message: 'Please send the length of the request body.' })
  })
})
