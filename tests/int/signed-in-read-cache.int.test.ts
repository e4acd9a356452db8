import type { Endpoint } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { poolOf } from '#api/lib/database'
import { startCacheBus } from '#server/cache-bus.server'
import { CONTRACT_PREFIX } from '#server/contract-prefix.server'
import { SIGNED_IN_REPLAY_TTL_MS } from '#server/signed-in-read-cache.server'
import { startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addStudent, createFamily, type Family } from '#tests/support/families'
import { startServerProcess, stopAllServerProcesses, type ServerProcess } from '#tests/support/server-process'
import { eventually } from '#tests/support/eventually'

/**
 * The fast path of a family's own reads (src/server/signed-in-read-cache.server.ts, ADR 019):
 * a repeated read is answered from memory to the same account, byte for byte, and never after a
 * write (through Payload, a raw statement, or another process), a sign-out or a deactivation.
 * "Went through Payload" is observed by counting calls of the endpoint's handler.
 */
const SECRET = 'signed-in-read-test-secret-long-enough-for-the-check'
const PEER_ORIGIN = 'http://academy-peer.test'

let app: TestApp
let bus: { stop(): Promise<void> }
let peer: ServerProcess
let handled = 0

/** Counts the calls of GET /api/students's handler (the normal path). */
function countStudentReads(): void {
  const endpoint = (app.payload.config.endpoints as Endpoint[]).find((e) => e.method === 'get' && e.path === `${CONTRACT_PREFIX}/students`)
  if (!endpoint) throw new Error('no GET /students')
  const handler = endpoint.handler
  endpoint.handler = (req) => {
    handled++
    return handler(req)
  }
}

const names = async (family: Family) => {
  const answer = await family.client.get<{ fullName: string }[]>('/api/students')
  expect(answer.status).toBe(200)
  return answer.body.map((student) => student.fullName)
}

beforeAll(async () => {
  app = await startTestApp({ PAYLOAD_SECRET: SECRET })
  bus = await startCacheBus(app.databaseUrl)
  countStudentReads()
  peer = await startServerProcess({
    DATABASE_URL: app.databaseUrl,
    PAYLOAD_SECRET: SECRET,
    PUBLIC_ORIGIN: PEER_ORIGIN,
    SEED_DEMO_DATA: 'false',
    JOBS_AUTORUN: 'false',
  })
}, 120_000)

afterAll(async () => {
  await stopAllServerProcesses()
  await bus?.stop()
  await app?.close()
})

describe('a family reads its own records from memory', () => {
  it('replays a repeated read to the same account byte for byte, and to no other account', async () => {
    const ana = await createFamily(app, 'replay_ana')
    const ben = await createFamily(app, 'replay_ben')
    await addStudent(app, ana.userId, 'Ana Child')
    await addStudent(app, ben.userId, 'Ben Child')

    // The first read after signing in confirms the new session through the database.
    await ana.client.get('/api/user')
    const before = handled
    const first = await ana.client.get('/api/students')
    const again = await ana.client.get('/api/students')
    expect(handled, 'the second read is answered from memory').toBe(before + 1)
    expect(again.status).toBe(200)
    expect(JSON.stringify(again.body)).toBe(JSON.stringify(first.body))
    expect([...again.headers.keys()].sort()).toEqual([...first.headers.keys()].sort())

    // Another family's session gets its own list, through Payload.
    expect(await names(ben)).toEqual(['Ben Child'])
    expect(handled).toBe(before + 2)
    expect(await names(ana)).toEqual(['Ana Child'])
  })

  it('is fresh after a write through the contract, through Payload, or by a raw statement', async () => {
    const family = await createFamily(app, 'replay_fresh')
    await names(family)
    await names(family)

    const created = await family.client.post('/api/students', { fullName: 'Fresh Contract', dateOfBirth: '2018-03-01', experienceLevel: 'Beginner' })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(await names(family)).toContain('Fresh Contract')

    await names(family)
    await addStudent(app, family.userId, 'Fresh Local API')
    expect(await names(family)).toContain('Fresh Local API')

    await names(family)
    await poolOf(app.payload).query('UPDATE students SET full_name = $1 WHERE id = $2', ['Fresh Raw SQL', created.body.id])
    expect(await names(family)).toContain('Fresh Raw SQL')
  })

  it('is fresh after another process writes (cache bus)', async () => {
    const family = await createFamily(app, 'replay_peer')
    await names(family)
    await names(family)
    const before = handled
    await names(family)
    expect(handled).toBe(before)

    const onPeer = new ApiClient(peer.url)
    const request = onPeer.request.bind(onPeer)
    onPeer.request = (method, path, body, init = {}) => request(method, path, body, { ...init, headers: { origin: PEER_ORIGIN, ...init.headers } })
    await onPeer.login(family.username, 'a-long-test-password')
    const created = await onPeer.post('/api/students', { fullName: 'Peer Child', dateOfBirth: '2018-03-01', experienceLevel: 'Beginner' })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(await eventually(async () => (await names(family)).includes('Peer Child'))).toBe(true)
  })

  it('stops answering a session that signed out, or an account that was deactivated', async () => {
    const leaving = await createFamily(app, 'replay_logout')
    const kept = new ApiClient(app.url)
    Object.assign(kept, { cookie: leaving.client.sessionCookie })
    await names(leaving)
    expect((await kept.get('/api/students')).status).toBe(200)
    expect((await leaving.client.post('/api/logout')).status).toBe(200)
    expect((await kept.get('/api/students')).status, 'the old cookie is signed out').toBe(401)

    const closed = await createFamily(app, 'replay_closed')
    await names(closed)
    await names(closed)
    await app.payload.update({ collection: 'users', id: closed.userId, data: { isActive: false }, overrideAccess: true })
    expect((await closed.client.get('/api/students')).status).toBe(401)
  })

  it('goes the normal way again once the time limit has passed, with nothing written', async () => {
    const family = await createFamily(app, 'replay_time')
    await names(family)
    await names(family)
    const before = handled
    await names(family)
    expect(handled, 'answered from memory within the limit').toBe(before)
    await new Promise((r) => setTimeout(r, SIGNED_IN_REPLAY_TTL_MS + 100))
    await names(family)
    expect(handled).toBe(before + 1)
  })
})
