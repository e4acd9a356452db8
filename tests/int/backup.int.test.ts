import { execFile } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { gunzipSync, gzipSync } from 'node:zlib'
import { createHash } from 'node:crypto'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest'

import { startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily } from '#tests/support/families'
import { adminQuery, databaseUrl, uniqueName } from '#tests/support/postgres'
import { startServerProcess, stopAllServerProcesses } from '#tests/support/server-process'

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

const tsx = import.meta.resolve('tsx')
const script = path.resolve('scripts/db.ts')

/**
 * The scripts as an operator runs them (`npm run db:backup` / `db:restore`), against `url`, or
 * with `env` in place of DATABASE_URL; `umask` and `cwd` as the operator's shell has them.
 */
async function db(url: string | Record<string, string | undefined>, ...args: string[]): Promise<{ code: number; output: string }> {
  return dbWith({}, url, ...args)
}

async function dbWith(
  shell: { umask?: string; cwd?: string },
  url: string | Record<string, string | undefined>,
  ...args: string[]
): Promise<{ code: number; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...(typeof url === 'string' ? { DATABASE_URL: url } : url) }
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key]
  const node = [process.execPath, '--import', tsx, script, ...args].map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(' ')
  try {
    const { stdout, stderr } = await run('/bin/sh', ['-c', `umask ${shell.umask ?? '022'} && exec ${node}`], { env, cwd: shell.cwd })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }
  }
}

/** A backup's lines (JSON), and the file written back from changed lines with a fresh checksum. */
function backupLines(file: string): unknown[] {
  return gunzipSync(readFileSync(file))
    .toString('utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line))
}
function writeBackup(file: string, lines: unknown[]): void {
  const body = lines
    .filter((line) => !(line && typeof line === 'object' && 'sha256' in line))
    .map((line) => `${JSON.stringify(line)}\n`)
    .join('')
  writeFileSync(file, gzipSync(`${body}${JSON.stringify({ sha256: createHash('sha256').update(body).digest('hex') })}\n`))
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

// Each test runs the backup command as its own processes, several times: on a busy 2-core CI
// machine (the other worker on a heavy file) one took 90 s that takes 17 s alone.
describe('npm run db:backup / db:restore', { timeout: 180_000 }, () => {
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

  it('round-trips names in every script and separator, and a job of a task added by a later migration, into this PostgreSQL', async () => {
    // Registration takes any of these names; each is stored as it was typed.
    const names = ['Ana\u2028Lucía\u2029Pérez', 'Nguyễn Thị Łucja 王芳', 'Zoë 😀 𝄞 𠜎', `L${'\u2028é王😀'.repeat(23)}`]
    for (const [index, fullName] of names.entries()) {
      const username = uniqueName(`sep${index}`).replace(/_/g, '-').slice(0, 30)
      const res = await new ApiClient(app.url).post('/api/register', {
        username,
        password: 'grand-jete-2026',
        fullName,
        email: `${username}@example.com`,
        phone: '555-0100',
      })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
    }
    // The default install queues this task's runs; its value was added to the enum by a later migration.
    await app.payload.jobs.queue({ task: 'scheduledNotices', input: {} })
    const server = new pg.Client({ connectionString: app.databaseUrl })
    await server.connect()
    const major = Math.floor(Number((await server.query<{ v: string }>(`SELECT current_setting('server_version_num') AS v`)).rows[0]!.v) / 10000)
    const stored = (await server.query<{ full_name: string }>(`SELECT full_name FROM users WHERE full_name = ANY($1::text[])`, [names])).rows
    await server.end()
    expect(stored.map((row) => row.full_name).sort()).toEqual([...names].sort())

    const file = path.join(dir, 'every-script.backup')
    const backup = await db(app.databaseUrl, 'backup', file)
    expect(backup.code, backup.output).toBe(0)
    expect(gunzipSync(readFileSync(file)).toString('utf8')).not.toMatch(/[\u2028\u2029]/)

    const target = await emptyDatabase()
    const restore = await db(target, 'restore', file)
    expect(restore.code, `PostgreSQL ${major}: ${restore.output}`).toBe(0)
    const [original, restored] = await Promise.all([contents(app.databaseUrl), contents(target)])
    expect(restored).toEqual(original)
    const client = new pg.Client({ connectionString: target })
    await client.connect()
    const back = (await client.query<{ full_name: string }>(`SELECT full_name FROM users WHERE full_name = ANY($1::text[])`, [names])).rows
    const jobs = (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM payload_jobs WHERE task_slug = 'scheduledNotices'`)).rows
    // The restored schema takes the next migration's enum values as the app's own would.
    await client.query(`INSERT INTO payload_jobs (task_slug) VALUES ('scheduledNotices')`)
    await client.end()
    expect(back.map((row) => row.full_name).sort()).toEqual([...names].sort())
    expect(jobs[0]!.n).toBeGreaterThan(0)
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

  it('a damaged, incomplete or foreign backup changes nothing and says why', async () => {
    const good = path.join(dir, 'good.backup')
    expect((await db(app.databaseUrl, 'backup', good)).code).toBe(0)
    const target = await emptyDatabase()
    const refused = async (file: string, reason: string | RegExp) => {
      const result = await db(target, 'restore', file)
      expect(result.code, result.output).toBe(1)
      expect(result.output).toContain('The backup cannot be restored (nothing was changed)')
      expect(result.output).toMatch(reason)
      expect(await contents(target)).toEqual({})
    }

    const cut = path.join(dir, 'cut.backup')
    writeFileSync(cut, readFileSync(good).subarray(0, Math.floor(statSync(good).size / 2)))
    await refused(cut, /The backup is (damaged|incomplete)/)

    // One row changed after the backup was written: the checksum no longer matches.
    const lines = backupLines(good)
    const tampered = lines.map((line) => (Array.isArray(line) && line.includes('admin') ? line.map((v) => (v === 'admin' ? 'intruder' : v)) : line))
    expect(tampered).not.toEqual(lines)
    const changed = path.join(dir, 'changed.backup')
    writeFileSync(changed, gzipSync(tampered.map((line) => `${JSON.stringify(line)}\n`).join('')))
    await refused(changed, 'its checksum does not match its contents')

    // A backup of a newer app: a format or a migration this version does not know.
    const [header, ...rest] = lines as [{ version: number; migrations: string[] }, ...unknown[]]
    const newerFormat = path.join(dir, 'newer-format.backup')
    writeBackup(newerFormat, [{ ...header, version: header.version + 1 }, ...rest])
    await refused(newerFormat, 'written by a newer version of the app')
    const newerSchema = path.join(dir, 'newer-schema.backup')
    writeBackup(newerSchema, [{ ...header, migrations: [...header.migrations, '20991231_000000_from_the_future'] }, ...rest])
    await refused(newerSchema, 'This backup comes from a newer version of the app (its schema has migration 20991231_000000_from_the_future')

    const oldKind = path.join(dir, 'old.dump')
    writeFileSync(oldKind, 'PGDMP this is not a backup')
    await refused(oldKind, 'This is a pg_dump file')

    const missing = await db(target, 'restore', path.join(dir, 'no-such.backup'))
    expect(missing.code).toBe(1)
    expect(missing.output).toContain('No backup file at')
  })

  it('keeps the backups private whatever the umask: the folder 0700 (tightened when looser), the file 0600', async () => {
    const operator = path.join(dir, 'operator')
    mkdirSync(path.join(operator, 'backups'), { recursive: true })
    chmodSync(path.join(operator, 'backups'), 0o777)
    const made = await dbWith({ umask: '000', cwd: operator }, app.databaseUrl, 'backup')
    expect(made.code, made.output).toBe(0)
    const written = /backup written to (\S+)/.exec(made.output)![1]!
    expect(statSync(path.join(operator, 'backups')).mode & 0o777).toBe(0o700)
    expect(statSync(path.resolve(operator, written)).mode & 0o777).toBe(0o600)

    const named = path.join(dir, 'new-folder', 'nested', 'academy.backup')
    expect((await dbWith({ umask: '000' }, app.databaseUrl, 'backup', named)).code).toBe(0)
    expect(statSync(path.dirname(named)).mode & 0o777).toBe(0o700)
    expect(statSync(named).mode & 0o777).toBe(0o600)
  })
})

describe('the default install (demo mode, embedded PostgreSQL 18), restored into PostgreSQL 18 and 15', () => {
  const dataDir = path.join('/var/tmp', `academy-backup-demo-${process.pid}`)
  afterAll(async () => {
    await stopAllServerProcesses()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("backs up the demo database and restores it into a fresh database of the embedded server and of the machine's own with every table equal, no client tools needed", async () => {
    rmSync(dataDir, { recursive: true, force: true })
    const demo = { DATABASE_URL: undefined, ACADEMY_DATA_DIR: dataDir }
    const server = await startServerProcess({ ...demo, SEED_DEMO_DATA: 'true', PAYLOAD_SECRET: undefined, PUBLIC_ORIGIN: undefined, HOST: undefined })
    onTestFailed(() => console.log(`[backup] the demo app's log:\n${server.output().slice(-4000)}`))
    const embedded = /postgres:\/\/postgres:postgres@127\.0\.0\.1:\d+\/postgres/
    const { runningEmbeddedUrl } = await import('#server/database.server')
    const url = runningEmbeddedUrl(dataDir)!
    expect(url).toMatch(embedded)
    const version = new pg.Client({ connectionString: url })
    await version.connect()
    const major = Number((await version.query<{ server_version_num: string }>('SHOW server_version_num')).rows[0]!.server_version_num) / 10000
    await version.end()
    expect(Math.floor(major)).toBe(18)
    // The install's scheduler queues a run of the scheduled notices (a task whose enum value a later
    // migration added); the test's server runs no scheduler, so the row is written as it writes it.
    await adminQuery(url, `INSERT INTO payload_jobs (task_slug, queue, meta) VALUES ('scheduledNotices', 'messages', '{"scheduled": true}')`)

    const file = path.join(dir, 'demo.backup')
    const backup = await db(demo, 'backup', file)
    expect(backup.code, backup.output).toBe(0)

    // Into the embedded PostgreSQL 18 and into this machine's server (PostgreSQL 15 here).
    const fresh = databaseUrl(url, uniqueName('academy_demo_restore'))
    await adminQuery(url, `CREATE DATABASE ${new URL(fresh).pathname.slice(1)}`)
    const other = await emptyDatabase()
    const [restore, otherRestore] = [await db(fresh, 'restore', file), await db(other, 'restore', file)]
    expect(restore.code, restore.output).toBe(0)
    expect(otherRestore.code, otherRestore.output).toBe(0)

    const [original, restored, restoredOther] = await Promise.all([contents(url), contents(fresh), contents(other)])
    expect(original['classes']).toMatch(/^[1-9]\d*:/)
    expect(original['users']).toMatch(/^[1-9]\d*:/)
    expect(original['invoices']).toMatch(/^[1-9]\d*:/)
    expect(restored).toEqual(original)
    expect(restoredOther).toEqual(original)
    await server.stop()
  }, 180_000)
})
