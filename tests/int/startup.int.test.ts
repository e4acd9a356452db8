import pg from 'pg'
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest'

import { DEMO_CLASSES } from '#cms/seed/classes'
import { migrations } from '#cms/migrations/index'

import { adminQuery, databaseUrl, uniqueName } from '#tests/support/postgres'
import { startServerProcess, stopAllServerProcesses, type ServerProcess } from '#tests/support/server-process'

/**
 * What a production start does on a database of its own: several replicas started at the
 * same moment migrate it once between them, and the first administrator comes from
 * ADMIN_PASSWORD (production seeds no demo data, and the academy still needs someone who
 * can sign in to the console).
 */
const ORIGIN = 'http://academy.test'
const databases: string[] = []

async function emptyDatabase(): Promise<string> {
  const name = uniqueName('academy_startup')
  databases.push(name)
  await adminQuery(inject('pgServer'), `CREATE DATABASE ${name}`)
  return databaseUrl(inject('pgServer'), name)
}

function productionEnv(url: string, extra: Record<string, string | undefined> = {}) {
  return {
    DATABASE_URL: url,
    PAYLOAD_SECRET: 'startup-test-secret-long-enough-for-the-check',
    PUBLIC_ORIGIN: ORIGIN,
    SEED_DEMO_DATA: 'false',
    ADMIN_PASSWORD: undefined,
    ...extra,
  }
}

async function rows<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(sql)).rows as T[]
  } finally {
    await client.end()
  }
}

async function loginStatus(server: ServerProcess, username: string, password: string): Promise<number> {
  const res = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ username, password }),
  })
  return res.status
}

afterEach(async () => {
  await stopAllServerProcesses()
})

afterAll(async () => {
  for (const name of databases) await adminQuery(inject('pgServer'), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {})
})

describe('replicas starting together on an empty database', () => {
  it('migrate it once between them and create the first records once', { timeout: 180_000 }, async () => {
    const url = await emptyDatabase()
    const env = productionEnv(url, { SEED_DEMO_DATA: 'true', ADMIN_PASSWORD: 'together-admin-pass' })
    const servers = await Promise.all([startServerProcess(env), startServerProcess(env), startServerProcess(env)])

    // Only the process holding the start-up lock found work to do; the others waited for it.
    expect(servers.filter((server) => /Migrating:/.test(server.output()))).toHaveLength(1)
    expect(servers.filter((server) => /Created the admin account/.test(server.output()))).toHaveLength(1)

    const applied = await rows<{ name: string; runs: number }>(url, `SELECT name, count(*)::int AS runs FROM payload_migrations GROUP BY name`)
    expect(applied.map((row) => row.name).sort()).toEqual(migrations.map((migration) => migration.name).sort())
    expect(applied.every((row) => row.runs === 1)).toBe(true)
    expect(await rows(url, `SELECT id FROM users WHERE username = 'admin'`)).toHaveLength(1)
    expect(await rows(url, `SELECT id FROM classes`)).toHaveLength(DEMO_CLASSES.length)

    for (const server of servers) {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
      expect(await loginStatus(server, 'admin', 'together-admin-pass')).toBe(200)
    }
  })
})

describe('the first administrator of a production database', () => {
  it('is created from ADMIN_PASSWORD, only while none exists, and never from a password in the log', { timeout: 180_000 }, async () => {
    const url = await emptyDatabase()

    const withoutPassword = await startServerProcess(productionEnv(url))
    expect(withoutPassword.output()).toMatch(/No administrator account exists yet: set ADMIN_PASSWORD and restart/)
    expect(await rows(url, `SELECT id FROM users`)).toHaveLength(0)
    expect(await withoutPassword.stop()).toBe(0)

    const withPassword = await startServerProcess(productionEnv(url, { ADMIN_PASSWORD: 'first-admin-pass-2026' }))
    expect(withPassword.output()).toMatch(/Created the admin account \(username admin, password from ADMIN_PASSWORD\)/)
    expect(withPassword.output()).not.toMatch(/first-admin-pass-2026/)
    expect(await loginStatus(withPassword, 'admin', 'first-admin-pass-2026')).toBe(200)
    // Production still seeds no demo family or classes.
    expect(await rows(url, `SELECT id FROM users`)).toHaveLength(1)
    expect(await rows(url, `SELECT id FROM classes`)).toHaveLength(0)
    expect(await withPassword.stop()).toBe(0)

    // A changed ADMIN_PASSWORD on a later start does not reset the administrator's password.
    const changed = await startServerProcess(productionEnv(url, { ADMIN_PASSWORD: 'another-password-2026' }))
    expect(changed.output()).not.toMatch(/Created the admin account|No administrator account/)
    expect(await loginStatus(changed, 'admin', 'another-password-2026')).toBe(401)
    expect(await loginStatus(changed, 'admin', 'first-admin-pass-2026')).toBe(200)
  })
})
