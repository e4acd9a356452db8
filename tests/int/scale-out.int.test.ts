import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'

import { adminQuery, databaseUrl, uniqueName } from '#tests/support/postgres'
import { ApiClient } from '#tests/support/client'
import { startServerProcess, stopAllServerProcesses, type ServerProcess } from '#tests/support/server-process'

/**
 * Two app processes on one database, as behind a load balancer: a change handled by one
 * must be seen by the other at once (caches are invalidated over LISTEN/NOTIFY).
 */
const ORIGIN = 'http://academy.test'
let database = ''
let a: ServerProcess
let b: ServerProcess

function clientFor(server: ServerProcess, cookie = ''): ApiClient {
  const client = new ApiClient(server.url)
  // Both processes serve the same public origin; the browser's Origin is that one.
  const request = client.request.bind(client)
  client.request = (method, path, body, init = {}) =>
    request(method, path, body, { ...init, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...init.headers } })
  return client
}

beforeAll(async () => {
  database = uniqueName('academy_scale')
  await adminQuery(inject('pgServer'), `CREATE DATABASE ${database} TEMPLATE ${inject('pgTemplate')}`)
  const env = {
    DATABASE_URL: databaseUrl(inject('pgServer'), database),
    PAYLOAD_SECRET: 'scale-out-test-secret-long-enough-for-the-check',
    PUBLIC_ORIGIN: ORIGIN,
    SEED_DEMO_DATA: 'false',
  }
  ;[a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)])
}, 120_000)

afterAll(async () => {
  await stopAllServerProcesses()
  await adminQuery(inject('pgServer'), `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {})
})

async function loginCookie(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ username: 'family', password: 'ballet-family-2026' }),
  })
  expect(res.status).toBe(200)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 2000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return true
    await new Promise((r) => setTimeout(r, 25))
  }
  return false
}

describe('two processes on one database', () => {
  it('a session started on one process works on the other', async () => {
    const cookie = await loginCookie(a)
    expect((await clientFor(b, cookie).get('/api/user')).status).toBe(200)
  })

  it('a logout on one process ends the session on the other at once, though it had the user cached', async () => {
    const cookie = await loginCookie(a)
    expect((await clientFor(b, cookie).get('/api/user')).status).toBe(200)
    expect((await clientFor(a, cookie).post('/api/logout')).status).toBe(200)
    expect(await eventually(async () => (await clientFor(b, cookie).get('/api/user')).status === 401, 1000)).toBe(true)
  })

  it('both processes stop cleanly', async () => {
    expect(await a.stop()).toBe(0)
    expect(await b.stop()).toBe(0)
  })
})
