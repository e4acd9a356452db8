import http, { type IncomingMessage, type ServerResponse } from 'node:http'

import { handleEndpoints } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { HASHING_BUSY_MESSAGE } from '#server/app.server'
import { ConcurrencyGate } from '#server/concurrency-gate.server'
import { readLimitedBody, sendFetchResponse, toFetchHeaders } from '#server/node-fetch-bridge.server'
import { normaliseRequestTarget } from '#server/request-path.server'
import { ADMIN, FAMILY, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'

/**
 * One spelling of every path (docs/decisions/003): a path written another way — dot segments,
 * escaped or twice-escaped dots and slashes, backslashes, doubled slashes, trailing dots, another
 * case — is refused (400) or answered exactly as its plain spelling, on every guarded prefix.
 *
 * Payload's REST is served by Next in production (cms/admin-app's /cms-api/[...slug] route). The
 * stand-in for Next below does what that route does: it resolves req.url as a WHATWG URL (Next's
 * parseUrl), and for /cms-api/… hands the decoded, re-encoded segments to Payload's own
 * handleEndpoints, so a request the router let through really reaches Payload's REST.
 */
let app: TestApp
const gate = new ConcurrencyGate(1, 0, 10_000)
/** Every req.url that reached Next, as Next received it. */
const reachedNext: string[] = []
const GUARD_MESSAGE = 'The content API is for administrators only.'

async function nextStandIn(req: IncomingMessage, res: ServerResponse): Promise<void> {
  reachedNext.push(req.url ?? '')
  const { pathname, search } = new URL(`http://n${req.url}`)
  if (!pathname.startsWith('/cms-api/')) {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('a Next page')
    return
  }
  const slug = pathname.slice('/cms-api/'.length).split('/').filter(Boolean).map(decodeURIComponent)
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readLimitedBody(req, 1024 * 1024)
  const request = new Request(`${app.url}${pathname}${search}`, {
    method: req.method,
    headers: toFetchHeaders(req),
    body: body ? new Uint8Array(body) : undefined,
  })
  const response = await handleEndpoints({
    config: app.payload.config,
    request,
    path: `/cms-api/${slug.map(encodeURIComponent).join('/')}`,
    payloadInstanceCacheKey: app.payloadKey,
  })
  await sendFetchResponse(res, response)
}

let family: { id: number; email: string; cookie: string }
let adminCookie = ''

beforeAll(async () => {
  app = await startTestApp(
    {},
    {
      next: nextStandIn,
      hashingGate: gate,
      authenticate: async (headers) => (await app.payload.auth({ headers })).user as { username?: string; isAdmin?: boolean } | null,
    },
  )
  const client = await new ApiClient(app.url).login(FAMILY.username, FAMILY.password)
  const { docs } = await app.payload.find({ collection: 'users', where: { username: { equals: FAMILY.username } } })
  family = { id: docs[0]!.id as number, email: docs[0]!.email as string, cookie: client.sessionCookie }
  adminCookie = (await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)).sessionCookie
}, 120_000)
afterAll(async () => {
  await app?.close()
})

type Answer = { status: number; message: unknown }

/** A request sent exactly as written: fetch would resolve the path before it left. */
function send(method: string, path: string, body?: unknown, cookie?: string): Promise<Answer> {
  const text = body === undefined ? undefined : JSON.stringify(body)
  const headers: Record<string, string> = { origin: app.url }
  if (text !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) })
  if (cookie) headers.cookie = cookie
  const { port } = new URL(app.url)
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        let message: unknown = raw
        try {
          message = (JSON.parse(raw) as { message?: unknown }).message
        } catch {
          // a page, not JSON
        }
        resolve({ status: res.statusCode ?? 0, message })
      })
    })
    req.on('error', reject)
    req.end(text)
  })
}

/** Other ways to write `path` (`/first/rest…`), each of which some component could read as it. */
function spellings(path: string): string[] {
  const [first, ...restParts] = path.slice(1).split('/')
  const rest = restParts.join('/')
  const tail = rest ? `/${rest}` : ''
  const upper = first!.toUpperCase()
  const capital = first![0]!.toUpperCase() + first!.slice(1)
  return [
    `/cms/..${path}`,
    `/cms/%2e%2e${path}`,
    `/cms/%2E%2E${path}`,
    `/cms/.%2e${path}`,
    `/_next/..${path}`,
    `/_next/static/%2e%2e/%2E%2E${path}`,
    `/cms/%252e%252e${path}`,
    `/cms/%25%32%65%25%32%65${path}`,
    `/cms%2f..%2f${first}${tail}`,
    `/cms%2F..%2F${first}${tail}`,
    `/cms%252f..%252f${first}${tail}`,
    `/${first}%2f${rest}`,
    `/cms\\..\\${first}\\${rest.replaceAll('/', '\\')}`,
    `/cms/..%5c${first}${tail}`,
    `/cms/..%5C${first}${tail}`,
    `/${path}`,
    `/${first}//${rest}`,
    `/${first}/./${rest}`,
    `/${first}./${rest}`,
    `/${first}%2e/${rest}`,
    `${path}.`,
    `/${upper}${tail}`,
    `/${capital}${tail}`,
    `/cms/../${upper}${tail}`,
    `/%${first!.charCodeAt(0).toString(16)}${first!.slice(1)}${tail}`,
  ]
}

type Case = { method: string; path: string; body?: unknown; cookie?: () => string }

/** Each spelling of each case answers 400 or exactly what its plain spelling answers. */
async function sweep(cases: Case[], extra: (path: string) => string[] = () => []): Promise<string[]> {
  const failures: string[] = []
  for (const c of cases) {
    const canonical = await send(c.method, c.path, c.body, c.cookie?.())
    for (const spelling of [...spellings(c.path), ...extra(c.path)]) {
      const answer = await send(c.method, spelling, c.body, c.cookie?.())
      const refused = answer.status === 400 && typeof answer.message === 'string' && answer.message.length > 0
      const same = answer.status === canonical.status && answer.message === canonical.message
      if (!refused && !same) failures.push(`${c.method} ${spelling}: ${answer.status} ${JSON.stringify(answer.message)} (plain: ${canonical.status})`)
    }
  }
  return failures
}

const userCount = async () => (await app.payload.count({ collection: 'users', overrideAccess: true })).totalDocs

describe("Payload's REST (/cms-api), administrators only, however the path is written", () => {
  it('answers a visitor 401 or 400 on every spelling, creates no account, changes nobody, and never reaches Next', { timeout: 300_000 }, async () => {
    const usersBefore = await userCount()
    const nextBefore = reachedNext.length
    const account = (n: number) => ({
      username: `path-visitor-${n}`,
      email: `path-visitor-${n}@example.com`,
      password: 'a-long-visitor-pass',
      fullName: 'Path Visitor',
    })
    let n = 0
    const failures = await sweep([
      {
        method: 'POST',
        path: '/cms-api/users',
        get body() {
          return account(n++)
        },
      },
      { method: 'PATCH', path: `/cms-api/users/${family.id}`, body: { email: 'taken-over@example.com', password: 'taken-over-pass' } },
      { method: 'POST', path: '/cms-api/users/forgot-password', body: { email: family.email } },
      { method: 'POST', path: '/cms-api/users/unlock', body: { username: FAMILY.username } },
      { method: 'GET', path: '/cms-api/payload-jobs/run' },
      { method: 'GET', path: '/cms-api/notification-preferences' },
    ])
    expect(failures).toEqual([])
    expect(await userCount()).toBe(usersBefore)
    const after = await app.payload.findByID({ collection: 'users', id: family.id, overrideAccess: true })
    expect(after.email).toBe(family.email)
    expect(reachedNext.slice(nextBefore)).toEqual([])
  })

  it('answers a family 403 or 400 on every spelling: its email and password stay as they were', { timeout: 300_000 }, async () => {
    const usersBefore = await userCount()
    const nextBefore = reachedNext.length
    const failures = await sweep([
      {
        method: 'PATCH',
        path: `/cms-api/users/${family.id}`,
        body: { email: 'moved-away@example.com', password: 'moved-away-pass' },
        cookie: () => family.cookie,
      },
      {
        method: 'POST',
        path: '/cms-api/users',
        body: { username: 'path-family-made', email: 'path-family-made@example.com', password: 'a-long-family-pass' },
        cookie: () => family.cookie,
      },
    ])
    expect(failures).toEqual([])
    expect(await userCount()).toBe(usersBefore)
    expect((await app.payload.findByID({ collection: 'users', id: family.id, overrideAccess: true })).email).toBe(family.email)
    expect((await new ApiClient(app.url).login(FAMILY.username, FAMILY.password)).sessionCookie).not.toBe('')
    expect(reachedNext.slice(nextBefore)).toEqual([])
  })

  it('hands Next only the normalised path, after the guard, for an administrator too', { timeout: 120_000 }, async () => {
    const nextBefore = reachedNext.length
    for (const spelling of [`/cms-api/users/${family.id}`, `/cms/%2e%2e/cms-api/users/${family.id}`, `/_next/../cms-api//users/./${family.id}`]) {
      const answer = await send('PATCH', spelling, { fullName: 'Renamed Through REST' }, adminCookie)
      expect([spelling, answer.status]).toEqual([spelling, 200])
    }
    expect(reachedNext.slice(nextBefore)).toEqual(Array(3).fill(`/cms-api/users/${family.id}`))
    // A segment no URL parser resolves stays a page of the panel: it reaches Next as written, and no REST
    // (a POST to the panel is a server function: an administrator's, server-edges.int.test.ts).
    expect((await send('POST', '/cms/..;/cms-api/users', { username: 'semicolon' })).status).toBe(401)
    expect((await send('POST', '/cms/..;/cms-api/users', { username: 'semicolon' }, adminCookie)).status).toBe(200)
    expect(reachedNext.at(-1)).toBe('/cms/..;/cms-api/users')
    for (const url of reachedNext) expect(normaliseRequestTarget(url)).toMatchObject({ ok: true, pathname: url.split('?')[0] })
    // Nothing else of Payload's REST was ever reached, by anyone, in this file.
    expect(reachedNext.filter((url) => url.startsWith('/cms-api') && url !== `/cms-api/users/${family.id}`)).toEqual([])
  })
})

describe("Next's image optimizer", () => {
  it('is not served: its url parameter would have Next fetch any path of ours past the guard', async () => {
    const nextBefore = reachedNext.length
    for (const path of [
      '/_next/image?url=%2Fcms-api%2Fpayload-jobs%2Frun&w=64&q=75',
      '/_next/image/?url=/cms-api/users&w=64&q=75',
      '/_next/static/../image?url=/cms-api/users&w=64&q=75',
    ])
      expect([path, await send('GET', path)]).toEqual([path, { status: 404, message: 'Not found.' }])
    expect(reachedNext.slice(nextBefore)).toEqual([])
  })
})

describe('the /api contract, however the path is written', () => {
  it('answers each spelling as the plain one or 400, signed out and as a family', { timeout: 300_000 }, async () => {
    const usersBefore = await userCount()
    const nextBefore = reachedNext.length
    const failures = await sweep([
      { method: 'GET', path: '/api/user' },
      { method: 'GET', path: '/api/users' },
      { method: 'GET', path: '/api/users', cookie: () => family.cookie },
      { method: 'POST', path: '/api/classes', body: { name: 'Path Class' }, cookie: () => family.cookie },
      { method: 'DELETE', path: `/api/users/${family.id}`, cookie: () => family.cookie },
    ])
    expect(failures).toEqual([])
    expect(await userCount()).toBe(usersBefore)
    expect(reachedNext.slice(nextBefore)).toEqual([])
  })
})

describe('the password-hashing gate, however the path is written', () => {
  it('holds every spelling of a sign-in: a full gate answers 503 (or the path is refused), never a hash', { timeout: 300_000 }, async () => {
    let release = () => {}
    const held = gate.run(() => new Promise<void>((resolve) => (release = resolve)))
    try {
      const credentials = { username: FAMILY.username, password: 'not-the-password' }
      const variants = (path: string) => [
        path.replace(/\/([a-z-]+)$/, (_, last: string) => `/${last.toUpperCase()}`),
        path.replace(/\/([a-z])/g, (_, c: string) => `/${c.toUpperCase()}`).replace(/^\/Api/, '/api'),
        `${path}/`,
      ]
      const failures = await sweep(
        [
          { method: 'POST', path: '/api/login', body: credentials },
          {
            method: 'POST',
            path: '/api/register',
            body: { username: 'path-gate', email: 'path-gate@example.com', password: 'path-gate-pass', fullName: 'Gate' },
          },
          { method: 'POST', path: '/api/user/password', body: { currentPassword: 'x', newPassword: 'y-long-enough' }, cookie: () => family.cookie },
          {
            method: 'POST',
            path: '/api/household-invites/accept',
            body: { token: 'x'.repeat(43), account: { fullName: 'Gate', username: 'path-gate-invite', password: 'path-gate-pass', phone: null } },
          },
        ],
        variants,
      )
      expect(failures).toEqual([])
      const canonical = await send('POST', '/api/login', credentials)
      expect(canonical).toEqual({ status: 503, message: HASHING_BUSY_MESSAGE })
      expect(await send('POST', '/api/Household-Invites/ACCEPT/', { token: 'x'.repeat(43) })).toEqual({ status: 503, message: HASHING_BUSY_MESSAGE })
      // Payload's own sign-in, in another case, is not the public login: it meets the administrators' guard.
      expect(await send('POST', '/cms-api/users/LOGIN', credentials)).toEqual({ status: 401, message: GUARD_MESSAGE })
    } finally {
      release()
      await held
    }
  })
})
