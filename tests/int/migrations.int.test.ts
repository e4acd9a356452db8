import { execFileSync } from 'node:child_process'
import { readdirSync, rmSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, inject, it } from 'vitest'

import { databaseUrl } from '#tests/support/postgres'

/**
 * A collection changed without a migration gives no warning at start: the first query fails
 * with "column … does not exist". Payload's migrate:create diffs the collections against the
 * last committed snapshot; with --skip-empty it must find nothing to write.
 */
describe('committed migrations', () => {
  it('describe the current collections exactly (no schema change is missing a migration)', { timeout: 120_000 }, () => {
    const dir = path.resolve('cms/migrations')
    const before = new Set(readdirSync(dir))
    let output = ''
    try {
      output = execFileSync(path.resolve('node_modules/.bin/payload'), ['migrate:create', 'drift_check', '--skip-empty'], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATABASE_URL: databaseUrl(inject('pgServer'), inject('pgTemplate')),
          PAYLOAD_SECRET: 'migration-check-secret-long-enough-for-the-check',
        },
        encoding: 'utf8',
      })
    } finally {
      const created = readdirSync(dir).filter((name) => !before.has(name))
      for (const name of created) rmSync(path.join(dir, name))
      if (created.length) execFileSync('git', ['checkout', '--', 'cms/migrations/index.ts'])
      expect(created, `schema drift, migration needed: run npm run db:migrate:create <name>\n${output}`).toEqual([])
    }
  })
})
