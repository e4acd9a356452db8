import pg from 'pg'

import { runningEmbeddedUrl } from '#server/database.server'
import { removeConsoleScale, seedConsoleScale } from '#tests/support/console-scale'

/** Where playwright.config.ts keeps the journeys' embedded database (ACADEMY_DATA_DIR of its app). */
const E2E_DATA_DIR = '.data/e2e'

/**
 * The admin console's real-size data set (150 households, 300 students, 1,200 invoices) in the
 * journeys' own database, written with SQL straight into the embedded PostgreSQL the app under
 * test runs: test-only, no endpoint of the app seeds anything. `remove` deletes it again, so
 * the worker's row count (./fixtures.ts) ends as it began.
 */
export async function seedRealSizeConsole(prefix: string): Promise<{ remove(): Promise<void> }> {
  const url = runningEmbeddedUrl(E2E_DATA_DIR)
  if (!url) throw new Error(`the journeys' database in ${E2E_DATA_DIR} is not running`)
  const db = new pg.Client({ connectionString: url })
  await db.connect()
  try {
    await seedConsoleScale(db, prefix)
  } catch (error) {
    await removeConsoleScale(db, prefix).finally(() => db.end())
    throw error
  }
  return {
    async remove() {
      try {
        await removeConsoleScale(db, prefix)
      } finally {
        await db.end()
      }
    },
  }
}
