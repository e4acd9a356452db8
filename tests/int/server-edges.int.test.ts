import http, { type IncomingMessage, type ServerResponse } from 'node:http'

import { handleEndpoints } from 'payload'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { NUL_MESSAGE } from '#api/http'
import { poolOf } from '#api/lib/database'
import type { User } from '#cms/payload-types'
import { readLimitedBody, sendFetchResponse, toFetchHeaders } from '#server/node-fetch-bridge.server'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'
import { familyIn } from '#tests/support/messages'
import { addPolicy } from '#tests/support/policies'
import { cmsRest, sessionCookie } from '#tests/support/cms-rest'

/**
 * The server's edges (round three): a NUL in any text, methods nobody serves, a 404's path,
 * Payload's REST exceptions and server functions, staff reads of medical notes through Payload,
 * and what a failed query leaves in the log.
 *
 * The stand-in for Next does what cms/admin-app does for /cms-api (Payload's own REST handler);
 * any other path is "a Next page", so a request that reached it is seen in `reachedNext`.
 */
let app: TestApp
let admin: ApiClient
let adminUser: User
let family: Family
const reachedNext: string[] = []

async function nextStandIn(req: IncomingMessage, res: ServerResponse): Promise<void> {
  reachedNext.push(`${req.method} ${req.url}`)
  const { pathname, search } = new URL(`http://n${req.url}`)
  if (!pathname.startsWith('/cms-api/')) {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('a Next page')
    return
  }
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readLimitedBody(req, 1024 * 1024)
  const request = new Request(`${app.url}${pathname}${search}`, {
    method: req.method,
    headers: toFetchHeaders(req),
    body: body ? new Uint8Array(body) : undefined,
  })
  await sendFetchResponse(res, await handleEndpoints({ config: app.payload.config, request, path: pathname, payloadInstanceCacheKey: app.payloadKey }))
}

beforeAll(async () => {
  app = await startTestApp(
    {},
    {
      next: nextStandIn,
      authenticate: async (headers) => (await app.payload.auth({ headers })).user as { username?: string; isAdmin?: boolean } | null,
    },
  )
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  adminUser = (await app.payload.find({ collection: 'users', where: { username: { equals: ADMIN.username } }, overrideAccess: true })).docs[0] as User
  family = await createFamily(app, 'edges-family')
}, 120_000)
afterAll(async () => {
  await app?.close()
})

type Raw = { status: number; headers: http.IncomingHttpHeaders; text: string; message: unknown }

/** A request sent as written, with any method (fetch refuses TRACE). */
function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Raw> {
  const { port } = new URL(app.url)
  const all: Record<string, string> = { origin: app.url, ...headers }
  if (body !== undefined) all['content-length'] = String(Buffer.byteLength(body))
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: all }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        let message: unknown
        try {
          message = (JSON.parse(text) as { message?: unknown }).message
        } catch {
          // not JSON
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, message })
      })
    })
    req.on('error', reject)
    req.end(body)
  })
}

const count = async (collection: 'users' | 'students' | 'care-information' | 'inquiries' | 'policy-signatures') =>
  (await app.payload.count({ collection, overrideAccess: true })).totalDocs

describe('a NUL character in any text', () => {
  it('is refused with 400 and one message by every form: register, students, profile, care, reply, signature, and a query string', async () => {
    const cls = await addClass(app, { name: 'Edges NUL Class' })
    const parent = await familyIn(app, 'edges-nul', [cls.id])
    const sent = await admin.post('/api/admin/messages', { subject: 'Rehearsal', body: 'Saturday.', audience: { kind: 'classes', classIds: [cls.id] } })
    expect(sent.status).toBe(201)
    const policy = await addPolicy(app, { title: 'Edges waiver' })
    const before = await Promise.all((['users', 'students', 'care-information', 'inquiries', 'policy-signatures'] as const).map(count))
    const nul = (text: string) => `${text}\u0000${text}`

    const answers = {
      register: await new ApiClient(app.url).post('/api/register', {
        username: 'edges-nul-reg',
        password: 'grand-jete-2026',
        fullName: nul('Riley'),
        email: 'edges-nul-reg@example.com',
        phone: '555-0100',
      }),
      students: await parent.client.post('/api/students', { fullName: nul('Nina'), dateOfBirth: '2015-05-05', experienceLevel: 'Beginner' }),
      profile: await parent.client.patch('/api/user/profile', { fullName: nul('Morgan') }),
      care: await parent.client.put(`/api/students/${parent.studentId}/care`, {
        emergencyContacts: [{ name: 'Grandma Lee', relationship: 'Grandmother', phone: '+1 555 010 2030' }],
        allergies: 'Peanuts',
        medicalNotes: nul('Asthma'),
        doctor: { name: 'Dr Park', phone: '555 010 7777' },
        mayBePhotographed: 'no',
      }),
      reply: await parent.client.post(`/api/messages/${sent.body.id}/reply`, { message: nul('Ada will be there.') }),
      consent: await parent.client.post('/api/policies/consent', { fullName: nul('Pat') }),
      signature: await parent.client.post(`/api/policies/${policy.id}/sign`, {
        studentId: parent.studentId,
        versionId: policy.versionId,
        fullName: nul('Pat'),
      }),
      query: await admin.get(`/api/users?q=${encodeURIComponent(nul('ad'))}`),
    }
    for (const [form, res] of Object.entries(answers))
      expect({ form, status: res.status, message: res.body?.message }).toEqual({ form, status: 400, message: NUL_MESSAGE })
    expect(await Promise.all((['users', 'students', 'care-information', 'inquiries', 'policy-signatures'] as const).map(count))).toEqual(before)
  })
})

describe('a NUL character written through Payload or a multipart form', () => {
  const nul = (text: string) => `${text}\u0000${text}`
  const restMessage = (body: { errors?: Array<{ message?: string }> }) => body?.errors?.[0]?.message

  it('is refused with 400 and the same message in /cms-api, for an administrator too, collections and globals alike', async () => {
    const cookie = await sessionCookie(app, ADMIN.username, ADMIN.password)
    const student = { id: await addStudent(app, family.userId, 'Edges Cms Dancer') }
    const before = JSON.stringify(await app.payload.findByID({ collection: 'students', id: student.id, depth: 0, overrideAccess: true }))
    const inquiries = await count('inquiries')
    const settings = JSON.stringify(await app.payload.findGlobal({ slug: 'payment-config', overrideAccess: true }))
    const answers = {
      update: await cmsRest(app, 'PATCH', `/students/${student.id}`, { cookie, body: { fullName: nul('Nina') } }),
      create: await cmsRest(app, 'POST', '/inquiries', {
        cookie,
        body: { name: nul('Ada'), email: 'ada@example.com', subject: 'General Question', message: 'Hello' },
      }),
      global: await cmsRest(app, 'POST', '/globals/payment-config', { cookie, body: { publicKey: nul('pk_test') } }),
    }
    for (const [write, res] of Object.entries(answers))
      expect({ write, status: res.status, message: restMessage(res.body) }).toEqual({ write, status: 400, message: NUL_MESSAGE })
    expect(JSON.stringify(await app.payload.findByID({ collection: 'students', id: student.id, depth: 0, overrideAccess: true }))).toBe(before)
    expect(await count('inquiries')).toBe(inquiries)
    expect(JSON.stringify(await app.payload.findGlobal({ slug: 'payment-config', overrideAccess: true }))).toBe(settings)
    // The positive control: the same write without the NUL saves.
    expect((await cmsRest(app, 'PATCH', `/students/${student.id}`, { cookie, body: { fullName: 'Nina Edges' } })).status).toBe(200)
  })

  it("is refused in a site image's form fields before the image is read", async () => {
    const before = await app.payload.count({ collection: 'site-assets', overrideAccess: true })
    for (const [alt, name] of [
      [nul('Dancers'), 'hero.png'],
      ['Dancers', nul('hero') + '.png'],
    ]) {
      const form = new FormData()
      form.set('file', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), name)
      form.set('alt', alt!)
      const res = await fetch(`${app.url}/api/site-assets/edges.hero`, {
        method: 'POST',
        headers: { origin: app.url, cookie: admin.sessionCookie },
        body: form,
      })
      expect({ status: res.status, message: ((await res.json()) as { message?: string }).message }).toEqual({ status: 400, message: NUL_MESSAGE })
    }
    expect(await app.payload.count({ collection: 'site-assets', overrideAccess: true })).toEqual(before)
  })
})

describe('methods nobody serves', () => {
  it('answers TRACE, PROPFIND and others 405 with the methods allowed, on the contract, a page and the panel', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'MKCOL', 'PURGE']) {
      for (const path of ['/api/classes', '/api/login', '/', '/cms', '/cms-api/users/me']) {
        const res = await send(method, path)
        expect({ method, path, status: res.status, allow: res.headers.allow }).toEqual({
          method,
          path,
          status: 405,
          allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
        })
        expect(res.message).toBe('This request method is not allowed.')
      }
    }
    expect(reachedNext.filter((line) => /^(TRACE|PROPFIND|MKCOL|PURGE) /.test(line))).toEqual([])
  })
})

describe('a path of the contract that matches no endpoint', () => {
  it('is a 404 naming the path the caller used, never the internal one', async () => {
    for (const path of ['/api/policies/no-such/thing', '/api/nothing-here', '/api/app/x']) {
      const res = await send('GET', path)
      expect(res.status).toBe(404)
      expect(res.message).toBe(`Route not found "${path}"`)
      expect(res.text).not.toContain('/cms-api')
    }
    // A 404 of an endpoint itself keeps its own words.
    expect((await admin.get('/api/students/999999999')).body.message).not.toContain('/cms-api')
  })
})

describe("Payload REST's public exceptions", () => {
  it('open only the method the panel uses for each path: any other is an administrator’s call', async () => {
    reachedNext.length = 0
    const cookie = family.client.sessionCookie
    for (const [method, path] of [
      ['DELETE', '/cms-api/users/me'],
      ['PATCH', '/cms-api/users/me'],
      ['POST', '/cms-api/users/me'],
      ['GET', '/cms-api/users/login'],
      ['DELETE', '/cms-api/users/logout'],
      ['POST', '/cms-api/access'],
      ['PATCH', '/cms-api/users/init'],
    ] as const) {
      expect({ method, path, status: (await send(method, path, {}, method === 'GET' ? undefined : '{}')).status }).toEqual({ method, path, status: 401 })
      expect({ method, path, status: (await send(method, path, { cookie }, method === 'GET' ? undefined : '{}')).status }).toEqual({
        method,
        path,
        status: 403,
      })
    }
    expect(reachedNext).toEqual([])
  })

  it('still let a signed-out member of staff reach the sign-in and session checks', async () => {
    reachedNext.length = 0
    const json = { 'content-type': 'application/json' }
    expect((await send('GET', '/cms-api/users/me')).status).toBe(200)
    expect((await send('GET', '/cms-api/access')).status).toBe(200)
    expect((await send('GET', '/cms-api/users/init')).status).toBe(200)
    const login = await send('POST', '/cms-api/users/login', json, JSON.stringify({ username: ADMIN.username, password: ADMIN.password }))
    expect(login.status).toBe(200)
    await send('POST', '/cms-api/users/logout', json, '{}')
    // The sign-in hashes a password: the router answers it itself, its body read before the
    // hashing gate (Payload's REST handler, as Next's route would call it), so it never reaches Next.
    expect(reachedNext.map((line) => line.split('?')[0])).toEqual([
      'GET /cms-api/users/me',
      'GET /cms-api/access',
      'GET /cms-api/users/init',
      'POST /cms-api/users/logout',
    ])
  })
})

describe("Payload's server functions", () => {
  it('answer only administrators: a visitor 401, a family 403, before Next runs them', async () => {
    reachedNext.length = 0
    const action = { 'next-action': '7f0123456789abcdef0123456789abcdef012345', 'content-type': 'text/plain;charset=UTF-8' }
    const form = { 'content-type': 'multipart/form-data; boundary=x' }
    const body = '[{"name":"render-list","args":{"collectionSlug":"care-information"}}]'
    for (const path of ['/cms', '/cms/login', '/cms/collections/care-information']) {
      for (const headers of [action, form]) {
        expect((await send('POST', path, headers, body)).status).toBe(401)
        expect((await send('POST', path, { ...headers, cookie: family.client.sessionCookie }, body)).status).toBe(403)
      }
    }
    expect(reachedNext).toEqual([])
    expect((await send('POST', '/cms', { ...action, cookie: admin.sessionCookie }, body)).status).toBe(200)
    expect(reachedNext).toEqual(['POST /cms'])
  })

  it('leave the panel’s pages, its sign-in page included, to anyone who asks for them', async () => {
    reachedNext.length = 0
    expect((await send('GET', '/cms/login')).status).toBe(200)
    expect((await send('GET', '/cms', { cookie: family.client.sessionCookie })).status).toBe(200)
    expect(reachedNext).toEqual(['GET /cms/login', 'GET /cms'])
  })
})

describe('medical notes read through Payload', () => {
  let studentId: number
  const reads = async () =>
    (await app.payload.find({ collection: 'medical-note-reads', where: { student: { equals: studentId } }, overrideAccess: true, limit: 0, depth: 0 })).docs

  beforeAll(async () => {
    studentId = await addStudent(app, family.userId, 'Ivy Edges', 8)
    const saved = await family.client.put(`/api/students/${studentId}/care`, {
      emergencyContacts: [{ name: 'Grandma Lee', relationship: 'Grandmother', phone: '+1 555 010 2030' }],
      allergies: 'Peanuts',
      medicalNotes: 'Epilepsy: the rescue medicine is in the office',
      doctor: { name: 'Dr Park', phone: '555 010 7777' },
      mayBePhotographed: 'no',
    })
    expect(saved.status).toBe(200)
  })

  it('are recorded for an administrator reading them through /cms-api, once per document read', async () => {
    const before = (await reads()).length
    const one = await send('GET', `/cms-api/care-information?where[student][equals]=${studentId}&depth=0`, { cookie: admin.sessionCookie })
    expect(one.status).toBe(200)
    expect(one.text).toContain('Epilepsy')
    const after = await reads()
    expect(after).toHaveLength(before + 1)
    expect(after.at(-1)).toMatchObject({ reader: adminUser.id, readerRole: 'admin', student: studentId, studentName: 'Ivy Edges' })
  })

  it('are recorded for the admin panel’s reads (Payload’s Local API as the administrator)', async () => {
    const before = (await reads()).length
    const found = await app.payload.find({
      collection: 'care-information',
      where: { student: { equals: studentId } },
      user: adminUser,
      overrideAccess: false,
      depth: 0,
    })
    expect(found.docs[0]?.medicalNotes).toContain('Epilepsy')
    expect(await reads()).toHaveLength(before + 1)
  })

  it('are recorded once, not twice, when read through the academy’s own page; a family’s own read and a read without notes record nothing', async () => {
    const before = (await reads()).length
    expect((await admin.get(`/api/students/${studentId}/care`)).status).toBe(200)
    expect(await reads()).toHaveLength(before + 1)
    expect((await family.client.get(`/api/students/${studentId}/care`)).status).toBe(200)
    const noNotes = await send('GET', `/cms-api/care-information?where[student][equals]=${studentId}&select[allergies]=true`, { cookie: admin.sessionCookie })
    expect(noNotes.status).toBe(200)
    expect(noNotes.text).not.toContain('Epilepsy')
    expect(await reads()).toHaveLength(before + 1)
  })
})

describe('a failed query in the log', () => {
  it('shows the statement’s name and PostgreSQL’s code, never a value it carried', async () => {
    const studentId = await addStudent(app, family.userId, 'Leo Edges', 9)
    // addStudent stored its care information (the emergency contact).
    const care = (await app.payload.find({ collection: 'care-information', where: { student: { equals: studentId } }, overrideAccess: true, depth: 0 }))
      .docs[0]!
    // Payload's own logger, as payload.config.ts made it, written here instead of to the terminal.
    const lines: string[] = []
    const logger = app.payload.logger as unknown as Record<symbol, unknown>
    const stream = logger[pino.symbols.streamSym]
    logger[pino.symbols.streamSym] = { write: (line: string) => void lines.push(line) }
    const secret = 'Type-1-diabetes-insulin-pump-SECRET-7731'
    // A constraint that refuses the secret, so the statement carrying it fails in PostgreSQL
    // itself (a NUL, the one text PostgreSQL refused, no longer gets that far).
    const db = poolOf(app.payload)
    await db.query(`ALTER TABLE care_information ADD CONSTRAINT test_refuses_secret CHECK (allergies NOT LIKE '%SECRET%') NOT VALID`)
    try {
      const res = await send(
        'PATCH',
        `/cms-api/care-information/${care.id}`,
        { cookie: admin.sessionCookie, 'content-type': 'application/json' },
        JSON.stringify({ allergies: secret }),
      )
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(res.text).not.toContain(secret)
    } finally {
      logger[pino.symbols.streamSym] = stream
      await db.query('ALTER TABLE care_information DROP CONSTRAINT test_refuses_secret')
    }
    const log = lines.join('\n')
    const messages = lines.map((line) => (JSON.parse(line) as { msg?: string }).msg)
    // Payload writes the row as an upsert: the statement is named by its verb and table.
    expect(messages).toContainEqual(expect.stringMatching(/^Failed query \((?:insert into|update) "care_information"\): PostgreSQL error 23514$/))
    expect(log).not.toContain(secret)
    expect(log).not.toContain('params')
  })
})
