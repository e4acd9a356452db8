/**
 * The admin console's real-size data set (issue 23: 150 households, 300 students, 1,200
 * invoices) in a development database, to look at the console as an academy will use it:
 *
 *   node --import tsx scripts/seed-console-scale.ts [prefix]            adds it (about a second)
 *   node --import tsx scripts/seed-console-scale.ts --remove [prefix]   takes it away again
 *
 * On DATABASE_URL, or else the embedded database of the running app (ACADEMY_DATA_DIR). The
 * accounts cannot sign in; everything it makes is named after `prefix` (default `scale`). It
 * refuses to run with NODE_ENV=production: it writes SQL past every hook.
 */
import pg from 'pg'

import { runningEmbeddedUrl } from '#server/database.server'
import { loadDatabaseEnv } from '#server/env.server'
import { removeConsoleScale, seedConsoleScale } from '#tests/support/console-scale'

async function main(): Promise<void> {
  if (process.env.NODE_ENV === 'production') throw new Error('Not with NODE_ENV=production: this writes test data straight into the database.')
  const args = process.argv.slice(2)
  const remove = args.includes('--remove')
  const prefix = args.find((arg) => !arg.startsWith('--')) ?? 'scale'
  const env = loadDatabaseEnv()
  const url = env.DATABASE_URL ?? runningEmbeddedUrl(env.ACADEMY_DATA_DIR)
  if (!url) throw new Error(`Start the app first (npm run dev): no database is running in ${env.ACADEMY_DATA_DIR}, and DATABASE_URL is not set.`)
  const db = new pg.Client({ connectionString: url })
  await db.connect()
  try {
    const started = performance.now()
    if (remove) {
      await removeConsoleScale(db, prefix)
      console.log(`[seed] removed the households named ${prefix}-* in ${Math.round(performance.now() - started)} ms`)
    } else {
      const ids = await seedConsoleScale(db, prefix)
      console.log(`[seed] ${ids.length} households with their students and invoices (${prefix}-001…) in ${Math.round(performance.now() - started)} ms`)
    }
  } finally {
    await db.end()
  }
}

main().catch((error: unknown) => {
  console.error(`[seed] ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
