import { connect } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { HASHING_BUSY_MESSAGE } from '#server/app.server'
import { ConcurrencyGate } from '#server/concurrency-gate.server'
import { passwordHashingPaths } from '#server/password-hashing.server'
import { ADMIN, FAMILY, startTestApp, type TestApp } from '#tests/support/app'

/**
 * Password hashing waits at the router's gate: here one hash at a time and one in line, so a
 * burst of logins is partly turned away with 503 while reads of the site go on unhindered.
 */
let app: TestApp
const gate = new ConcurrencyGate(1, 1, 10_000)

beforeAll(async () => {
  app = await startTestApp({}, { hashingGate: gate })
})
afterAll(async () => {
  await app?.close()
})

const login = (password: string) =>
  fetch(`${app.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify({ username: FAMILY.username, password }),
  })

describe('the password-hashing gate', () => {
  it('turns a burst of logins beyond its line away with 503 and a clear message, and serves reads meanwhile', async () => {
    const burst = Array.from({ length: 6 }, (_, i) => login(i === 0 ? FAMILY.password : `wrong-${i}`))
    // While the burst is hashed one at a time, a public read does not wait for it.
    const started = performance.now()
    const classes = await fetch(`${app.url}/api/classes`)
    const readMs = performance.now() - started
    expect(classes.status).toBe(200)
    const answers = await Promise.all(burst)
    const burstMs = performance.now() - started
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(3)
    expect(statuses.filter((s) => s !== 503).length).toBeGreaterThanOrEqual(1)
    const busy = answers.find((r) => r.status === 503)!
    expect(busy.headers.get('retry-after')).toBe('2')
    expect(await busy.json()).toEqual({ message: HASHING_BUSY_MESSAGE })
    // Had the read waited in the hashing line it would have taken about as long as the burst; on a
    // loaded machine it may pass a second, but never half the burst's time.
    expect(readMs).toBeLessThan(Math.max(1000, burstMs / 2))
    expect([gate.active, gate.queued]).toEqual([0, 0])
  })

  it('holds an invitation’s acceptance, which may make an account, as it holds a login: a full gate answers 503', async () => {
    // One hash running and one in line: the gate is full until `release`.
    let release = () => {}
    const opened = new Promise<void>((resolve) => (release = resolve))
    const held = [0, 1].map(() => gate.run(() => opened))
    try {
      const accept = await fetch(`${app.url}/api/household-invites/accept`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.url },
        body: JSON.stringify({
          token: 'x'.repeat(43),
          account: { fullName: 'Gate Guardian', username: 'gate-guardian', password: 'a-long-password-26', phone: null },
        }),
      })
      expect([accept.status, await accept.json()]).toEqual([503, { message: HASHING_BUSY_MESSAGE }])
      // A read of the same slice is not held.
      expect((await fetch(`${app.url}/api/classes`)).status).toBe(200)
    } finally {
      release()
      await Promise.all(held)
    }
  })

  it('lets no client hold the gate by trickling the body of a Payload sign-in: the body is read before its turn', async () => {
    // Headers and half a body to /cms-api/users/login, then nothing more, the socket left open.
    const { host, port } = new URL(app.url)
    const socket = connect(Number(port), host.split(':')[0]!)
    await new Promise<void>((resolve) => socket.once('connect', resolve))
    socket.write(
      `POST /cms-api/users/login HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${app.url}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"username":"adm`,
    )
    try {
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect([gate.active, gate.queued]).toEqual([0, 0])
      const started = performance.now()
      const family = await login(FAMILY.password)
      expect(family.status).toBe(200)
      expect(performance.now() - started).toBeLessThan(5_000)
      // Payload's own sign-in, answered by the router, still signs an administrator in.
      const cms = await fetch(`${app.url}/cms-api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.url },
        body: JSON.stringify(ADMIN),
      })
      expect(cms.status).toBe(200)
      expect(cms.headers.get('set-cookie')).toMatch(/payload-token=/)
      expect(cms.headers.get('cache-control')).toBe('no-store')
      const wrong = await fetch(`${app.url}/cms-api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.url },
        body: JSON.stringify({ ...ADMIN, password: 'not-the-password' }),
      })
      expect(wrong.status).toBe(401)
    } finally {
      socket.destroy()
    }
  })

  it('knows the hashing calls from their endpoints’ own declaration, not from a list kept in the router', () => {
    expect(passwordHashingPaths()).toEqual(['/household-invites/accept', '/login', '/register', '/reset-password', '/user/password', '/user/profile'])
  })
})
