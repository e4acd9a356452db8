import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { HASHING_BUSY_MESSAGE } from '#server/app.server'
import { ConcurrencyGate } from '#server/concurrency-gate.server'
import { FAMILY, startTestApp, type TestApp } from '#tests/support/app'

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
})
