import net from 'node:net'

import type { Endpoint } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startCacheBus } from '#server/cache-bus.server'
import { CONTRACT_PREFIX } from '#server/contract-prefix.server'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { startServerProcess, stopAllServerProcesses, type ServerProcess } from '#tests/support/server-process'
import { eventually } from '#tests/support/eventually'

/**
 * The fast path of public reads (src/server/public-read-cache.server.ts): GET /api/classes and
 * GET /api/site-content are answered from memory, without a Payload request, with exactly the
 * bytes the normal path sends, and never after a change that invalidated their caches, in this
 * process or in another one on the same database (cache bus).
 *
 * "Went through Payload" is observed by counting calls of the endpoints' handlers.
 */
const PEER_ORIGIN = 'http://academy.test'
const SECRET = 'public-read-test-secret-long-enough-for-the-check'

let app: TestApp
let bus: { stop(): Promise<void> }
let peer: ServerProcess
let admin: ApiClient
let peerAdmin: ApiClient
const handled = { classes: 0, siteContent: 0 }

/** Counts the calls of a contract endpoint's handler (the normal path). */
function countCalls(path: string, counter: keyof typeof handled): void {
  const endpoint = (app.payload.config.endpoints as Endpoint[]).find((e) => e.method === 'get' && e.path === `${CONTRACT_PREFIX}${path}`)
  if (!endpoint) throw new Error(`no GET ${path}`)
  const handler = endpoint.handler
  endpoint.handler = (req) => {
    handled[counter]++
    return handler(req)
  }
}

/** The whole response as it crossed the wire, with its Date line blanked. */
async function rawGet(url: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string; body: string }> {
  const { hostname, port } = new URL(url)
  const lines = [`GET ${path} HTTP/1.1`, `Host: ${hostname}:${port}`, 'X-Request-Id: public-read-test', 'Connection: close']
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`)
  const bytes = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    const socket = net.connect(Number(port), hostname, () => socket.write(`${lines.join('\r\n')}\r\n\r\n`))
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('end', () => resolve(Buffer.concat(chunks)))
    socket.on('error', reject)
  })
  const text = bytes.toString('latin1').replace(/^Date: .*$/m, 'Date: -')
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1])
  return { status, text, body: text.slice(text.indexOf('\r\n\r\n') + 4) }
}

const newClass = (name: string) => ({
  name,
  description: 'A class for the fast path of public reads.',
  ageGroup: '9-11',
  level: 'Beginner',
  days: 'Thursday',
  time: '4:00-5:00pm',
  location: 'Studio C',
  instructor: 'Ms. Fast',
  price: 5000,
  capacity: 8,
})

let seq = 0
const uniqueKey = () => `home.fast_${Date.now().toString(36)}_${++seq}`

beforeAll(async () => {
  app = await startTestApp({ PAYLOAD_SECRET: SECRET })
  bus = await startCacheBus(app.databaseUrl)
  countCalls('/classes', 'classes')
  countCalls('/site-content', 'siteContent')
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  peer = await startServerProcess({ DATABASE_URL: app.databaseUrl, PAYLOAD_SECRET: SECRET, PUBLIC_ORIGIN: PEER_ORIGIN, SEED_DEMO_DATA: 'false' })
  peerAdmin = new ApiClient(peer.url)
  const request = peerAdmin.request.bind(peerAdmin)
  peerAdmin.request = (method, path, body, init = {}) => request(method, path, body, { ...init, headers: { origin: PEER_ORIGIN, ...init.headers } })
  await peerAdmin.login(ADMIN.username, ADMIN.password)
}, 120_000)

afterAll(async () => {
  await stopAllServerProcesses()
  await bus?.stop()
  await app?.close()
})

describe('GET /api/classes from memory', () => {
  it('shares one kept answer between queries that parse alike, and odd queries cannot crowd the real ones out', async () => {
    expect((await admin.post('/api/classes', newClass(`Fast Path Variants ${Date.now()}`))).status).toBe(201)
    for (let i = 20; i < 90; i++) await rawGet(app.url, `/api/classes?ageGroup=${i}-${i + 1}`)
    const before = handled.classes
    const first = await rawGet(app.url, '/api/classes?ageGroup=9-11')
    const sameQuery = await rawGet(app.url, '/api/classes?ageGroup=9-11&')
    expect(handled.classes, 'the filter is kept even after 70 other ones').toBe(before + 1)
    expect(sameQuery.body).toBe(first.body)
  })

  it('answers a repeated visitor read without Payload, byte for byte as the normal path did', async () => {
    // A change first, so the next read certainly goes the normal way.
    const created = await admin.post('/api/classes', newClass(`Fast Path Ballet ${Date.now()}`))
    expect(created.status).toBe(201)
    const variants: { path: string; headers: Record<string, string> }[] = [
      { path: '/api/classes', headers: {} },
      { path: '/api/classes?ageGroup=9-11', headers: {} },
      { path: '/api/classes', headers: { Origin: app.url } },
      { path: '/api/site-content', headers: {} },
    ]
    for (const variant of variants) {
      const counter = variant.path.startsWith('/api/classes') ? 'classes' : 'siteContent'
      const before = handled[counter]
      const normal = await rawGet(app.url, variant.path, variant.headers)
      expect(handled[counter], `${variant.path}: the first read goes through Payload`).toBe(before + 1)
      const fast = await rawGet(app.url, variant.path, variant.headers)
      const again = await rawGet(app.url, variant.path, variant.headers)
      expect(handled[counter], `${variant.path}: repeated reads are answered from memory`).toBe(before + 1)
      expect(normal.status).toBe(200)
      expect(fast.text).toBe(normal.text)
      expect(again.text).toBe(normal.text)
    }
    // The filtered list and the CORS answer are not the plain one.
    const plain = await rawGet(app.url, '/api/classes')
    const filtered = await rawGet(app.url, '/api/classes?ageGroup=9-11')
    const withOrigin = await rawGet(app.url, '/api/classes', { Origin: app.url })
    expect(JSON.parse(filtered.body).length).toBeLessThan(JSON.parse(plain.body).length)
    expect(withOrigin.text).toMatch(/^access-control-allow-origin: /im)
    expect(plain.text).not.toMatch(/^access-control-allow-origin: /im)
    // The security headers of every /api answer are there.
    expect(plain.text).toMatch(/^Content-Security-Policy: default-src 'none'/m)
    expect(plain.text).toMatch(/^cache-control: no-store/m)
  })

  it('answers a kept read and a liveness probe at once, with no promise made', async () => {
    await rawGet(app.url, '/api/classes')
    const before = { deferred: app.deferredAnswers(), handled: handled.classes }
    for (const path of ['/api/classes', '/healthz']) expect((await rawGet(app.url, path)).status).toBe(200)
    expect(handled.classes, 'answered from memory').toBe(before.handled)
    expect(app.deferredAnswers(), 'no promise for either').toBe(before.deferred)
    // The control: a readiness check waits for its answer, and is counted.
    expect((await rawGet(app.url, '/readyz')).status).toBe(200)
    expect(app.deferredAnswers()).toBe(before.deferred + 1)
  })

  it('sends signed-in reads, foreign origins, unknown or invalid parameters the normal way, with the same list', async () => {
    const fast = await rawGet(app.url, '/api/classes')
    await rawGet(app.url, '/api/classes')
    const before = handled.classes
    const signedIn = await rawGet(app.url, '/api/classes', { Cookie: admin.sessionCookie })
    const bearer = await rawGet(app.url, '/api/classes', { Authorization: 'Bearer not-a-token' })
    const foreign = await rawGet(app.url, '/api/classes', { Origin: 'https://elsewhere.example' })
    const unknown = await rawGet(app.url, '/api/classes?sort=-name')
    const twice = await rawGet(app.url, '/api/classes?ageGroup=9-11&ageGroup=6-8')
    const invalid = await rawGet(app.url, '/api/classes?ageGroup=nine')
    expect(handled.classes).toBe(before + 6)
    for (const answer of [signedIn, bearer, foreign, unknown]) expect([answer.status, answer.body]).toEqual([200, fast.body])
    expect(JSON.parse(twice.body).every((c: { ageGroup: string }) => c.ageGroup === '6-8')).toBe(true)
    expect(invalid.status).toBe(400)
    // Refusals are never kept: the same invalid read goes the normal way again.
    await rawGet(app.url, '/api/classes?ageGroup=nine')
    expect(handled.classes).toBe(before + 7)
  })

  it('serves the list fresh after an administrator creates, updates or deletes a class', async () => {
    const name = `Fresh Ballet ${Date.now()}`
    const names = async () => (JSON.parse((await rawGet(app.url, '/api/classes')).body) as { id: number; name: string }[]).map((c) => c.name)
    const warm = async () => {
      await names()
      await names()
    }
    await warm()
    const created = await admin.post('/api/classes', newClass(name))
    expect(created.status).toBe(201)
    expect(await names()).toContain(name)
    await warm()
    expect((await admin.patch(`/api/classes/${created.body.id}`, { name: `${name} (renamed)` })).status).toBe(200)
    expect(await names()).toContain(`${name} (renamed)`)
    await warm()
    expect((await admin.delete(`/api/classes/${created.body.id}`)).status).toBe(200)
    const after = await names()
    expect(after).not.toContain(`${name} (renamed)`)
    expect(after).not.toContain(name)
  })

  it('serves the list fresh after a class changes on another process (cache bus)', async () => {
    const name = `Peer Ballet ${Date.now()}`
    const names = async (url: string) => (JSON.parse((await rawGet(url, '/api/classes')).body) as { name: string }[]).map((c) => c.name)
    await names(app.url)
    const before = handled.classes
    await names(app.url)
    expect(handled.classes).toBe(before)
    await names(peer.url)
    await names(peer.url)

    const created = await peerAdmin.post('/api/classes', newClass(name))
    expect(created.status).toBe(201)
    expect(await eventually(async () => (await names(app.url)).includes(name))).toBe(true)
    // And the other way round: a change here reaches the peer's memory.
    expect((await admin.patch(`/api/classes/${created.body.id}`, { name: `${name} (renamed)` })).status).toBe(200)
    expect(await eventually(async () => (await names(peer.url)).includes(`${name} (renamed)`))).toBe(true)
    expect((await peerAdmin.delete(`/api/classes/${created.body.id}`)).status).toBe(200)
    expect(await eventually(async () => !(await names(app.url)).includes(`${name} (renamed)`))).toBe(true)
  })
})

describe('GET /api/site-content from memory', () => {
  const texts = async (url: string) => JSON.parse((await rawGet(url, '/api/site-content')).body) as { key: string; content: string }[]

  it('lists exactly what the database holds, published texts only, by key', async () => {
    const hidden = uniqueKey()
    expect((await admin.post('/api/site-content', { key: hidden, title: 'Hidden text', content: 'Not yet', section: 'home', isPublished: false })).status).toBe(
      201,
    )
    const listed = await texts(app.url)
    const stored = await app.payload.find({ collection: 'site-content', where: { isPublished: { equals: true } }, sort: 'key', limit: 0, depth: 0 })
    expect(listed.map((t) => t.key)).toEqual(stored.docs.map((d) => d.key))
    expect(listed.map((t) => t.key)).not.toContain(hidden)
    // An administrator's ?all=true still lists every text.
    const all = (await admin.get('/api/site-content?all=true')).body as { key: string }[]
    expect(all.map((t) => t.key)).toContain(hidden)
  })

  it('serves the texts fresh after an administrator creates, updates or deletes one, here and on another process', async () => {
    const key = uniqueKey()
    const content = async (url: string) => (await texts(url)).find((t) => t.key === key)?.content
    for (const url of [app.url, peer.url]) {
      await texts(url)
      await texts(url)
    }
    const before = handled.siteContent
    await texts(app.url)
    expect(handled.siteContent).toBe(before)

    expect((await admin.post('/api/site-content', { key, title: 'Fast text', content: 'First words', section: 'home' })).status).toBe(201)
    expect(await content(app.url)).toBe('First words')
    expect(await eventually(async () => (await content(peer.url)) === 'First words')).toBe(true)

    expect((await peerAdmin.patch(`/api/site-content/${key}`, { content: 'Second words' })).status).toBe(200)
    expect(await eventually(async () => (await content(app.url)) === 'Second words')).toBe(true)
    expect(await content(peer.url)).toBe('Second words')

    expect((await admin.patch(`/api/site-content/${key}`, { isPublished: false })).status).toBe(200)
    expect(await content(app.url)).toBeUndefined()
    expect(await eventually(async () => (await content(peer.url)) === undefined)).toBe(true)

    expect((await admin.delete(`/api/site-content/${key}`)).status).toBe(200)
    expect((await texts(app.url)).some((t) => t.key === key)).toBe(false)
  })
})
