import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'

/**
 * HEAD on the contract: it answers what GET would (status and headers, with the same rules on
 * who may ask), without a body. Uptime monitors and link checkers ask this way.
 */

let app: TestApp
let family: Family

beforeAll(async () => {
  app = await startTestApp()
  family = await createFamily(app, 'head')
  await addStudent(app, family.userId, 'Head Child')
  await addClass(app, { name: 'Head Ballet' })
}, 60_000)

afterAll(async () => {
  await app?.close()
})

/** The GET and the HEAD of one path, as one client. */
async function both(client: ApiClient, path: string) {
  const get = await client.get(path)
  const head = await client.request('HEAD', path)
  return { get, head }
}

describe('HEAD /api/*', () => {
  it("answers a visitor's public read as GET does, with no body", async () => {
    const { get, head } = await both(new ApiClient(app.url), '/api/classes')
    expect(get.status).toBe(200)
    expect(head.status).toBe(200)
    expect(head.body).toBeNull()
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'))
    expect(head.headers.get('cache-control')).toBe('no-store')
  })

  it('keeps the rules of GET: a visitor is refused a family read, the family is answered', async () => {
    const visitor = await both(new ApiClient(app.url), '/api/students')
    expect(visitor.get.status).toBe(401)
    expect(visitor.head.status).toBe(401)
    expect(visitor.head.body).toBeNull()

    const own = await both(family.client, '/api/students')
    expect(own.get.status).toBe(200)
    expect(own.head.status).toBe(200)
    expect(own.head.headers.get('content-length')).toBe(String(Buffer.byteLength(JSON.stringify(own.get.body))))
    expect(own.head.body).toBeNull()
  })

  it('answers 404 where GET has no endpoint either', async () => {
    const { get, head } = await both(new ApiClient(app.url), '/api/no-such-call')
    expect(get.status).toBe(404)
    expect(head.status).toBe(404)
  })

  it('never runs a write: HEAD on a path only POST serves signs nobody out', async () => {
    const head = await family.client.request('HEAD', '/api/logout')
    expect(head.status).toBe(404)
    expect((await family.client.get('/api/students')).status).toBe(200)
  })
})
