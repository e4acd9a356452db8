import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import { startTestApp, type TestApp } from '#tests/support/app'
import { addClass, addStudent, createFamily } from '#tests/support/families'
import { adminQuery, databaseUrl, uniqueName } from '#tests/support/postgres'

const run = promisify(execFile)

let app: TestApp
let dir: string
const databases: string[] = []

beforeAll(async () => {
  app = await startTestApp()
  dir = mkdtempSync(path.join(os.tmpdir(), 'academy-backup-'))
})
afterAll(async () => {
  await app?.close()
  for (const name of databases) await adminQuery(inject('pgServer'), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {})
  rmSync(dir, { recursive: true, force: true })
})

async function emptyDatabase(): Promise<string> {
  const name = uniqueName('academy_restore')
  await adminQuery(inject('pgServer'), `CREATE DATABASE ${name}`)
  databases.push(name)
  return databaseUrl(inject('pgServer'), name)
}

/** The scripts as an operator runs them (`npm run db:backup` / `db:restore`). */
async function db(url: string, ...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/db.ts', ...args], {
      env: { ...process.env, DATABASE_URL: url },
    })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }
  }
}

/** Every table of the database and a digest of all its rows: equal digests, equal data. */
async function contents(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows: tables } = await client.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)
    const digest: Record<string, string> = {}
    for (const { tablename } of tables) {
      const { rows } = await client.query<{ n: string; md5: string }>(
        `SELECT count(*) AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS md5 FROM "${tablename}" t`,
      )
      digest[tablename] = `${rows[0]!.n}:${rows[0]!.md5}`
    }
    const { rows: sequences } = await client.query<{ name: string; last: string }>(
      `SELECT sequencename AS name, coalesce(last_value, 0)::text AS last FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`,
    )
    for (const { name, last } of sequences) digest[`sequence ${name}`] = last
    return digest
  } finally {
    await client.end()
  }
}

describe('npm run db:backup / db:restore', () => {
  it('round-trips a populated database: every table, row and sequence', async () => {
    const family = await createFamily(app, 'backup')
    const student = await addStudent(app, family.userId, 'Mila Backup', 7)
    const cls = await addClass(app, { ageGroup: '6-8', capacity: 8 })
    expect((await family.client.post('/api/enrollments', { studentId: student, classId: cls.id })).status).toBe(201)

    const file = path.join(dir, 'academy.dump')
    const backup = await db(app.databaseUrl, 'backup', file)
    expect(backup.code, backup.output).toBe(0)
    expect(backup.output).toMatch(/backup written to .*academy\.dump \(\d+\.\d KiB\)/)

    const target = await emptyDatabase()
    const restore = await db(target, 'restore', file)
    expect(restore.code, restore.output).toBe(0)

    const [original, restored] = await Promise.all([contents(app.databaseUrl), contents(target)])
    expect(Object.keys(original)).toContain('enrollments')
    expect(original['enrollments']).not.toMatch(/^0:/)
    expect(restored).toEqual(original)
  })

  it('refuses to restore over a database that holds data, unless told to replace it, and then replaces it whole', async () => {
    const file = path.join(dir, 'before-change.dump')
    expect((await db(app.databaseUrl, 'backup', file)).code).toBe(0)
    const saved = await contents(app.databaseUrl)

    await createFamily(app, 'after-backup')
    const changed = await contents(app.databaseUrl)
    expect(changed).not.toEqual(saved)

    const refused = await db(app.databaseUrl, 'restore', file)
    expect(refused.code).toBe(1)
    expect(refused.output).toContain('The database is not empty.')
    expect(await contents(app.databaseUrl)).toEqual(changed)

    const copy = await emptyDatabase()
    expect((await db(copy, 'restore', file)).code).toBe(0)
    await adminQuery(copy, `UPDATE users SET full_name = 'Changed After The Backup'`)
    const replaced = await db(copy, 'restore', file, '--clean')
    expect(replaced.code, replaced.output).toBe(0)
    expect(await contents(copy)).toEqual(saved)
  })

  it('a damaged backup changes nothing and says why', async () => {
    const damaged = path.join(dir, 'damaged.dump')
    writeFileSync(damaged, 'PGDMP this is not a backup')
    const target = await emptyDatabase()
    const result = await db(target, 'restore', damaged)
    expect(result.code).toBe(1)
    expect(result.output).toContain('pg_restore failed (nothing was changed)')
    expect(await contents(target)).toEqual({})

    const missing = await db(target, 'restore', path.join(dir, 'no-such.dump'))
    expect(missing.code).toBe(1)
    expect(missing.output).toContain('No backup file at')
  })
})
