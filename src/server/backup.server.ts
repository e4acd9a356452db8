import { execFile } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'

import pg from 'pg'

const run = promisify(execFile)

/**
 * Backups of the academy's database with PostgreSQL's own tools: `pg_dump --format=custom`
 * (schema and data, one consistent snapshot, compressed) and `pg_restore`. Used by
 * `npm run db:backup` / `npm run db:restore` (scripts/db.ts), documented in docs/operations.md.
 */
export class BackupError extends Error {}

async function serverMajor(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 })
  try {
    await client.connect()
    const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num')
    return Math.floor(Number(rows[0]!.server_version_num) / 10000)
  } catch (error) {
    throw new BackupError(`Cannot reach the database: ${(error as Error).message}`)
  } finally {
    await client.end().catch(() => {})
  }
}

async function toolMajor(binary: string): Promise<number | null> {
  try {
    const { stdout } = await run(binary, ['--version'])
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout)
    return match ? Number(match[1]) : null
  } catch {
    return null
  }
}

/** Where to look for pg_dump/pg_restore: PG_BIN_DIR, Debian's versioned folders (newest first), then PATH. */
function candidateDirs(binDir: string | undefined): string[] {
  const dirs: string[] = []
  if (binDir) dirs.push(binDir)
  const debian = '/usr/lib/postgresql'
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name) && statSync(path.join(debian, name)).isDirectory())
      .sort((a, b) => Number(b) - Number(a))
    for (const version of versions) dirs.push(path.join(debian, version, 'bin'))
  }
  dirs.push('')
  return dirs
}

/**
 * A pg_dump or pg_restore that can read this server: its major version must be at least the
 * server's (an older pg_dump refuses a newer server).
 */
export async function findTool(tool: 'pg_dump' | 'pg_restore', needMajor: number, binDir?: string): Promise<string> {
  const seen: string[] = []
  for (const dir of candidateDirs(binDir)) {
    const binary = dir ? path.join(dir, tool) : tool
    if (dir && !existsSync(binary)) continue
    const major = await toolMajor(binary)
    if (major === null) continue
    seen.push(`${binary} (${major})`)
    if (major >= needMajor) return binary
  }
  const found = seen.length ? `found only ${seen.join(', ')}` : 'none was found'
  throw new BackupError(
    `${tool} ${needMajor} or newer is needed for this PostgreSQL ${needMajor} server; ${found}. Install the PostgreSQL ${needMajor} client tools or set PG_BIN_DIR to their folder.`,
  )
}

/** The tools' connection: the password goes through the environment, never on a command line others can read. */
function toolConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password)
  url.password = ''
  const env: NodeJS.ProcessEnv = { ...process.env, PGCONNECT_TIMEOUT: '10' }
  if (password) env.PGPASSWORD = password
  return { dbname: url.toString(), env }
}

/** Writes a consistent backup of the database to `file` and returns its size in bytes. */
export async function backupDatabase(databaseUrl: string, file: string, options: { binDir?: string } = {}): Promise<number> {
  const pgDump = await findTool('pg_dump', await serverMajor(databaseUrl), options.binDir)
  const target = path.resolve(file)
  try {
    // --no-owner/--no-acl: the backup restores into a database owned by whichever role restores it.
    const { dbname, env } = toolConnection(databaseUrl)
    await run(pgDump, ['--format=custom', '--no-owner', '--no-acl', '--file', target, '--dbname', dbname], { env })
  } catch (error) {
    throw new BackupError(`pg_dump failed: ${String((error as { stderr?: string }).stderr || (error as Error).message).trim()}`)
  }
  return statSync(target).size
}

async function tableCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 })
  await client.connect()
  try {
    const { rows } = await client.query<{ count: string }>(`SELECT count(*) FROM pg_tables WHERE schemaname = 'public'`)
    return Number(rows[0]!.count)
  } finally {
    await client.end().catch(() => {})
  }
}

/**
 * Restores a backup made by `backupDatabase` in one transaction: all of it or nothing. Into a
 * database that already holds tables only with `clean` (they are replaced).
 */
export async function restoreDatabase(databaseUrl: string, file: string, options: { clean?: boolean; binDir?: string } = {}): Promise<void> {
  const source = path.resolve(file)
  if (!existsSync(source)) throw new BackupError(`No backup file at ${source}.`)
  const pgRestore = await findTool('pg_restore', await serverMajor(databaseUrl), options.binDir)
  if (!options.clean && (await tableCount(databaseUrl)) > 0) {
    throw new BackupError('The database is not empty. Restore into an empty database, or pass --clean to replace what it holds (stop the app first).')
  }
  const { dbname, env } = toolConnection(databaseUrl)
  const args = ['--no-owner', '--no-acl', '--single-transaction', '--exit-on-error', '--dbname', dbname]
  if (options.clean) args.push('--clean', '--if-exists')
  try {
    await run(pgRestore, [...args, source], { env })
  } catch (error) {
    throw new BackupError(`pg_restore failed (nothing was changed): ${String((error as { stderr?: string }).stderr || (error as Error).message).trim()}`)
  }
}
