import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createLogger } from '#server/logger.server'

import { FAMILY, startTestApp, type TestApp } from '#tests/support/app'

/** LOG_REQUESTS: one JSON line per request, with nothing secret in it, and the request id passed through. */
const raw: string[] = []
const lines = () => raw.map((line) => JSON.parse(line) as Record<string, unknown>)
let app: TestApp

beforeAll(async () => {
  app = await startTestApp(
    {},
    {
      logger: createLogger({ write: (line: string) => void raw.push(line) }),
      logRequests: true,
      // A page renderer that fails: the error must reach the same logger.
      astro: () => {
        throw new Error('renderer failed')
      },
    },
  )
}, 60_000)

afterAll(async () => {
  await app?.close()
})

async function settle() {
  // The line is written when the response closes, right after the client has read it.
  await new Promise((resolve) => setImmediate(resolve))
}

describe('request logs', () => {
  it('writes method, path without its query, status, time and request id; never a cookie or a query string', async () => {
    raw.length = 0
    const res = await fetch(`${app.url}/api/classes?secret-query=abc123`, {
      headers: { cookie: 'payload-token=cookie-value-xyz', 'x-request-id': 'lb-req.42_A' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-request-id')).toBe('lb-req.42_A')
    await settle()
    const line = lines().find((entry) => entry.msg === 'request')
    expect(line).toMatchObject({ level: 'info', method: 'GET', path: '/api/classes', status: 200, reqId: 'lb-req.42_A' })
    expect(typeof line?.ms).toBe('number')
    const all = raw.join('\n')
    expect(all).not.toContain('cookie-value-xyz')
    expect(all).not.toContain('secret-query')
    expect(all).not.toContain('abc123')
  })

  it('never writes a request body or a password', async () => {
    raw.length = 0
    const res = await fetch(`${app.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify({ username: FAMILY.username, password: FAMILY.password }),
    })
    expect(res.status).toBe(200)
    await settle()
    expect(lines().find((entry) => entry.msg === 'request')).toMatchObject({ method: 'POST', path: '/api/login', status: 200 })
    expect(raw.join('\n')).not.toContain(FAMILY.password)
    expect(raw.join('\n')).not.toContain('payload-token')
  })

  it('replaces a request id that is not a plain short token with a fresh one', async () => {
    for (const bad of ['has space', 'x'.repeat(65), 'a\u00e9b']) {
      const res = await fetch(`${app.url}/healthz`, { headers: { 'x-request-id': encodeURI(bad) === bad ? bad : encodeURI(bad) } })
      const id = res.headers.get('x-request-id') ?? ''
      expect(id).not.toBe(bad)
      expect(id).toMatch(/^[0-9a-f-]{36}$/)
    }
    const res = await fetch(`${app.url}/healthz`)
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('keeps a calendar feed address (its secret) out of the log', async () => {
    raw.length = 0
    await fetch(`${app.url}/api/calendar/secret-feed-token.ics`)
    await settle()
    expect(raw.join('\n')).not.toContain('secret-feed-token')
    expect(lines().find((entry) => entry.msg === 'request')).toMatchObject({ path: '/api/calendar/:file', status: 404 })
  })

  it('logs an unhandled error through the same logger, with the request id', async () => {
    raw.length = 0
    const res = await fetch(`${app.url}/some-page?token=zzz`, { headers: { 'x-request-id': 'err-1' } })
    expect(res.status).toBe(500)
    await settle()
    const error = lines().find((entry) => entry.msg === 'unhandled error')
    expect(error).toMatchObject({ level: 'error', reqId: 'err-1', method: 'GET', path: '/some-page' })
    expect(JSON.stringify(error)).toContain('renderer failed')
    expect(raw.join('\n')).not.toContain('zzz')
  })
})
