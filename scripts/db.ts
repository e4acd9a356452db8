/**
 * `npm run db:backup [-- file]` and `npm run db:restore -- file [--clean]`: the configured
 * database (DATABASE_URL), or the embedded one of the data folder, running or not.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'

import { privateFolder } from '#server/backup-file.server'
import { backupDatabase, BackupError, restoreDatabase } from '#server/backup.server'
import { embeddedDatabaseExists, runningEmbeddedUrl, startDatabase, type Database } from '#server/database.server'
import { EnvError, loadDatabaseEnv } from '#server/env.server'

const env = loadDatabaseEnv()

async function withDatabase<T>(use: (url: string) => Promise<T>): Promise<T> {
  if (env.DATABASE_URL) return use(env.DATABASE_URL)
  const running = runningEmbeddedUrl(env.ACADEMY_DATA_DIR)
  if (running) return use(running)
  if (!embeddedDatabaseExists(env.ACADEMY_DATA_DIR)) {
    throw new BackupError(`There is no embedded database in ${env.ACADEMY_DATA_DIR} yet: start the app once (npm start), or set DATABASE_URL.`)
  }
  let database: Database | undefined
  try {
    database = await startDatabase({ dataDir: env.ACADEMY_DATA_DIR })
    return await use(database.url)
  } finally {
    await database?.stop()
  }
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2)
  const clean = rest.includes('--clean')
  const file = rest.find((arg) => !arg.startsWith('--'))
  if (command === 'backup') {
    const target = file ?? path.join('backups', `academy-${new Date().toISOString().replace(/[:.]/g, '-')}.backup`)
    // The backups' own folder is private (0700, tightened if it is looser); a folder the operator
    // names and that exists already is theirs to keep as it is: the file itself is 0600 anyway.
    const folder = path.dirname(path.resolve(target))
    if (!file || !existsSync(folder)) privateFolder(folder)
    const bytes = await withDatabase((url) => backupDatabase(url, target))
    console.log(`[db] backup written to ${target} (${(bytes / 1024).toFixed(1)} KiB)`)
  } else if (command === 'restore') {
    if (!file) throw new BackupError('Name the backup file: npm run db:restore -- <file> [--clean]')
    await withDatabase((url) => restoreDatabase(url, file, { clean }))
    console.log(`[db] restored ${file}; start the app to apply any newer migrations`)
  } else {
    throw new BackupError('Usage: db.ts backup [file] | db.ts restore <file> [--clean]')
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof EnvError) console.error(`[db] ${error.message}`)
    else console.error('[db] failed', error)
    process.exit(1)
  },
)
