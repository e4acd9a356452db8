import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { contractEndpoints } from '#api/contract'
import { CONTRACT_PREFIX } from '#server/contract-prefix.server'
import { ADMIN, FAMILY, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { eventually } from '#tests/support/eventually'

/**
 * Every endpoint of the contract, taken from its definitions (a new one is swept too), called
 * with hostile input as a visitor, a family and an administrator: malformed JSON, wrong types,
 * huge strings, odd ids, unicode and control characters. No answer may be a 5xx, and a refusal
 * (4xx) must leave the database exactly as it was (no row written, counted by triggers).
 */
let app: TestApp
let db: pg.Client
const callers: Record<string, ApiClient> = {}

beforeAll(async () => {
  app = await startTestApp()
  db = new pg.Client({ connectionString: app.databaseUrl })
  await db.connect()
  await watchWrites()
  callers.visitor = new ApiClient(app.url)
  callers.family = await new ApiClient(app.url).login(FAMILY.username, FAMILY.password)
  callers.admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
})
afterAll(async () => {
  await db?.end()
  await app?.close()
})

/** Tables a refused call may still write: rate-limit counters and sessions (and the migrations' own). */
const UNWATCHED = ['rate_limits', 'users_sessions', 'payload_migrations']

/**
 * Counts, in the database itself, every row a committed statement inserts, changes or deletes in
 * the tables a refused call could have touched: a trigger on each adds to one counter, inside the
 * writer's transaction, so what rolls back is not counted and an update that changes nothing is
 * not either. Comparing the counter before and after a call costs two tiny reads, where a digest
 * of every table cost a scan of each.
 */
async function watchWrites(): Promise<void> {
  await db.query(`CREATE TABLE hostile_writes (n bigint NOT NULL); INSERT INTO hostile_writes VALUES (0);
    CREATE FUNCTION hostile_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND OLD IS NOT DISTINCT FROM NEW THEN RETURN NULL; END IF;
      UPDATE hostile_writes SET n = n + 1;
      RETURN NULL;
    END $$;`)
  const { rows } = await db.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'hostile_writes' AND NOT (tablename = ANY($1::text[]))`,
    [UNWATCHED],
  )
  for (const { tablename } of rows)
    await db.query(`CREATE TRIGGER hostile_count AFTER INSERT OR UPDATE OR DELETE ON "${tablename}" FOR EACH ROW EXECUTE FUNCTION hostile_count()`)
}

async function writes(): Promise<string> {
  const { rows } = await db.query<{ n: string }>('SELECT n FROM hostile_writes')
  return rows[0]!.n
}

const ODD_IDS = ['-1', '0', '1e99', '99999999999999999999', 'abc', '%2e%2e%2f', '%00', '%F0%9F%A9%B0', "1'%20OR%201=1"]
const HUGE = 'x'.repeat(200_000)
const WEIRD = 'ballet\u0000\u0007\r\n\u202e\ud83e\ude70<script>'

/** Raw bodies: not JSON, or JSON of the wrong shape and types. */
const BODIES: Array<{ name: string; raw: string }> = [
  { name: 'malformed JSON', raw: '{"name": ' },
  { name: 'a JSON string', raw: '"hello"' },
  { name: 'a JSON array', raw: '[1,2,3]' },
  { name: 'null', raw: 'null' },
  { name: 'wrong types', raw: JSON.stringify({ name: 42, email: [], studentId: 'one', classId: { $gt: 1 }, amount: 'lots', isActive: 'yes', price: -1 }) },
  { name: 'huge strings', raw: JSON.stringify({ name: HUGE, fullName: HUGE, message: HUGE, content: HUGE, email: `${HUGE}@example.com` }) },
  { name: 'control characters and unicode', raw: JSON.stringify({ name: WEIRD, fullName: WEIRD, username: WEIRD, email: WEIRD, message: WEIRD, key: WEIRD }) },
  { name: 'prototype keys', raw: '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"isAdmin": true}}}' },
]

/**
 * The calls made to one endpoint by one caller: the path with each odd id in its route
 * parameters, and, for a method with a body, each hostile body. Every odd id and every body is
 * sent, but not every pairing of the two: a path's ids are parsed before and apart from the body
 * (defineEndpoint), so the first odd id carries every body and the other ids carry the first
 * body (the sweep took five minutes of the suite's time when it sent all 72 pairings).
 */
function attemptsOf(template: string, method: string): Array<{ path: string; label: string; body?: string }> {
  const path = `/api${template.slice(CONTRACT_PREFIX.length)}`
  const withId = (id: string) => path.replace(/:[A-Za-z]+/g, id)
  const ids = path.includes('/:') ? ODD_IDS : [ODD_IDS[0]!]
  if (method === 'GET' || method === 'DELETE') return ids.map((id) => ({ path: withId(id), label: 'no body' }))
  return [
    ...BODIES.map((body) => ({ path: withId(ids[0]!), label: body.name, body: body.raw })),
    ...ids.slice(1).map((id) => ({ path: withId(id), label: BODIES[0]!.name, body: BODIES[0]!.raw })),
  ]
}

const endpoints = contractEndpoints.filter((endpoint) => endpoint.path.startsWith(CONTRACT_PREFIX))

describe('hostile input to every endpoint', () => {
  it('finds the contract endpoints to sweep', () => {
    expect(endpoints.length).toBeGreaterThan(40)
  })

  it('sees a write the app commits, and not a refusal', async () => {
    const before = await writes()
    const refused = await callers.visitor!.post('/api/inquiries', { name: 'x', email: 'nobody', message: '' })
    expect(refused.status).toBe(400)
    expect(await writes()).toBe(before)
    const sent = await callers.visitor!.post('/api/inquiries', {
      name: 'Write Check',
      email: 'write.check@example.com',
      subject: 'Class Information',
      message: 'Is there a class on Saturdays?',
    })
    expect(sent.status).toBe(201)
    expect(Number(await writes())).toBeGreaterThan(Number(before))
    // The inquiry's notice mail is sent after the commit and writes its job's bookkeeping then:
    // the sweep starts once nothing moves any more, or it would count that write as a refusal's.
    const settled = await eventually(async () => {
      const seen = await writes()
      await new Promise((resolve) => setTimeout(resolve, 250))
      return (await writes()) === seen
    }, 15_000)
    expect(settled).toBe(true)
  })

  for (const endpoint of endpoints) {
    const method = endpoint.method.toUpperCase()
    // The webhook verifies a signature over the raw body: swept too, it must only refuse.
    it(`${method} ${endpoint.path.slice(CONTRACT_PREFIX.length)} answers no 5xx and changes nothing when it refuses`, { timeout: 120_000 }, async () => {
      const failures: string[] = []
      for (const [role, client] of Object.entries(callers)) {
        for (const { path, ...attempt } of attemptsOf(endpoint.path, method)) {
          const before = await writes()
          const query = method === 'GET' ? `?ageGroup=${encodeURIComponent(WEIRD)}&id=${encodeURIComponent(HUGE.slice(0, 5000))}` : ''
          const res = await client.request(method, path + query, undefined, {
            headers: attempt.body === undefined ? {} : { 'content-type': 'application/json' },
            rawBody: attempt.body,
          })
          if (res.status >= 500) failures.push(`${role} ${method} ${path} (${attempt.label}): ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
          else if (res.status >= 400) {
            if (typeof res.body?.message !== 'string' || !res.body.message)
              failures.push(`${role} ${method} ${path} (${attempt.label}): ${res.status} without a message`)
            if ((await writes()) !== before) failures.push(`${role} ${method} ${path} (${attempt.label}): refused with ${res.status} but changed the database`)
          }
        }
      }
      expect(failures).toEqual([])
    })
  }
})
