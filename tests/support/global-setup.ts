import { execFileSync } from 'node:child_process'
import path from 'node:path'

import { startDatabase, type Database } from '#server/database.server'
import { adminQuery, canConnect, databaseUrl, DEFAULT_TEST_SERVER, uniqueName } from './postgres'

/**
 * Once per run: find a PostgreSQL, build a migrated and seeded template database, and let
 * every test file clone it (CREATE DATABASE … TEMPLATE, tens of milliseconds).
 */
export default async function globalSetup({ provide }: { provide: (key: string, value: string) => void }) {
  let server = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_SERVER
  let embedded: Database | undefined
  if (!(await canConnect(server))) {
    embedded = await startDatabase({ dataDir: path.resolve('.data/test') })
    server = embedded.url
  }
  const template = uniqueName('academy_tmpl')
  await adminQuery(server, `CREATE DATABASE ${template}`)
  execFileSync(process.execPath, ['--import', 'tsx', 'tests/support/prepare-template.ts', databaseUrl(server, template)], {
    stdio: 'inherit',
    // The seeded accounts' passwords at the test cost the workers check them with.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import=${path.resolve('tests/support/fast-password-hash.mjs')}`].filter(Boolean).join(' '),
    },
  })
  provide('pgServer', server)
  provide('pgTemplate', template)

  return async () => {
    await adminQuery(server, `DROP DATABASE IF EXISTS ${template}`).catch(() => {})
    await embedded?.stop()
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgServer: string
    pgTemplate: string
  }
}
