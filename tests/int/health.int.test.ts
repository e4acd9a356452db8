import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'

import { maybePoolOf } from '#api/lib/database'
import { migrations } from '#cms/migrations/index'
import { createReadinessCheck } from '#server/readiness.server'

import { startTestApp, type TestApp } from '#tests/support/app'
import { adminQuery } from '#tests/support/postgres'

/** GET /healthz and GET /readyz: what a load balancer asks before it sends a process traffic. */
const poolOf = (app: TestApp | undefined) => (app ? maybePoolOf(app.payload) : undefined)
const migrationNames = migrations.map((migration) => migration.name)

let app: TestApp
let database = ''

beforeAll(async () => {
  app = await startTestApp({}, { readiness: createReadinessCheck(() => poolOf(app), migrationNames) })
  database = new URL(app.databaseUrl).pathname.slice(1)
}, 60_000)

afterAll(async () => {
  await adminQuery(inject('pgServer'), `ALTER DATABASE ${database} ALLOW_CONNECTIONS true`).catch(() => {})
  await app?.close()
})

async function probe(path: string, init: RequestInit = {}) {
  const res = await fetch(`${app.url}${path}`, init)
  return { status: res.status, headers: res.headers, text: await res.text() }
}

/** Cuts this app off its database: no new connections, and the open ones ended. */
async function makeDatabaseUnreachable() {
  await adminQuery(inject('pgServer'), `ALTER DATABASE ${database} ALLOW_CONNECTIONS false`)
  await adminQuery(inject('pgServer'), `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database}' AND pid <> pg_backend_pid()`)
}

describe('GET /healthz', () => {
  it('answers 200 ok, uncached, without details', async () => {
    const res = await probe('/healthz')
    expect(res.status).toBe(200)
    expect(JSON.parse(res.text)).toEqual({ status: 'ok' })
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('needs no session and ignores a query string', async () => {
    expect((await probe('/healthz?verbose=1')).status).toBe(200)
  })

  it('refuses methods other than GET and HEAD', async () => {
    expect((await probe('/healthz', { method: 'POST' })).status).toBe(405)
    expect((await probe('/healthz', { method: 'HEAD' })).status).toBe(200)
  })
})

describe('GET /readyz', () => {
  it('answers 200 ready when the database answers and every migration is applied', async () => {
    const res = await probe('/readyz')
    expect(res.status).toBe(200)
    expect(JSON.parse(res.text)).toEqual({ status: 'ready' })
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('answers 503 unavailable, without details, while the database cannot be reached, and 200 again after', async () => {
    await makeDatabaseUnreachable()
    try {
      const started = Date.now()
      const res = await probe('/readyz')
      expect(res.status).toBe(503)
      expect(JSON.parse(res.text)).toEqual({ status: 'unavailable' })
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(Date.now() - started).toBeLessThan(3000)
      // Liveness is about the process, not its database.
      expect((await probe('/healthz')).status).toBe(200)
    } finally {
      await adminQuery(inject('pgServer'), `ALTER DATABASE ${database} ALLOW_CONNECTIONS true`)
    }
    expect((await probe('/readyz')).status).toBe(200)
  })

  it('is not ready while a committed migration is missing from the database', async () => {
    const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 1 })
    try {
      expect(await createReadinessCheck(() => pool, migrationNames)()).toBe(true)
      expect(await createReadinessCheck(() => pool, [...migrationNames, '29991231_000000_not_applied'])()).toBe(false)
      // A query that never answers in time counts as not ready.
      const slow = { query: () => new Promise<never>(() => {}) }
      expect(await createReadinessCheck(() => slow, migrationNames, 100)()).toBe(false)
    } finally {
      await pool.end()
    }
  })
})
