import type { IncomingMessage, ServerResponse } from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'

/**
 * The router's guard on Payload's REST fails closed: a process given Next but no way to resolve
 * sessions (no `authenticate`) treats nobody as an administrator, rather than letting everyone by.
 */
let app: TestApp
const reachedNext: string[] = []

function nextStandIn(req: IncomingMessage, res: ServerResponse): void {
  reachedNext.push(req.url ?? '')
  res.writeHead(200, { 'content-type': 'text/plain' }).end('a Next page')
}

beforeAll(async () => {
  app = await startTestApp({}, { next: nextStandIn })
})
afterAll(async () => {
  await app?.close()
})

describe("the administrators' guard without a session resolver", () => {
  it("refuses Payload's REST even to an administrator, and still lets the panel's public calls through", async () => {
    const admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
    const created = await admin.post('/cms-api/users', { username: 'closed-guard', email: 'closed-guard@example.com', password: 'closed-guard-pass' })
    expect([created.status, created.body.message]).toEqual([401, 'The content API is for administrators only.'])
    expect(reachedNext).toEqual([])
    expect((await admin.get('/cms-api/users/me')).status).toBe(200)
    expect(reachedNext).toEqual(['/cms-api/users/me'])
  })
})
