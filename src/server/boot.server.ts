import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

import type { Payload, SanitizedConfig } from 'payload'

import { flushAllLocal } from './cache-broadcast.server'
import type { Env } from './env.server'
import { recordsChanged } from './records-generation.server'

let boots = 0

/** In demo mode the signing secret is generated once and kept in the data folder. */
export function demoSecret(dataDir: string): string {
  const file = path.resolve(dataDir, 'payload-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(path.dirname(file), { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, secret + '\n', { mode: 0o600 })
  return secret
}

/** Origins whose browsers may change state and send the session cookie. */
export function allowedOrigins(env: Env): string[] {
  const origins = new Set([env.publicOrigin])
  if (env.demoMode && !env.PUBLIC_ORIGIN) {
    const port = env.PORT
    for (const host of ['localhost', '127.0.0.1', '[::1]']) origins.add(`http://${host}:${port}`)
  }
  return [...origins]
}

/** The bucket exactly as loadEnv resolved it (a test may pass its settings in, not in process.env). */
function handOverObjectStorage(storage: Env['objectStorage']) {
  const values: Record<string, string | undefined> = {
    S3_BUCKET: storage?.bucket,
    S3_ENDPOINT: storage?.endpoint,
    S3_REGION: storage?.region,
    S3_ACCESS_KEY_ID: storage?.accessKeyId,
    S3_SECRET_ACCESS_KEY: storage?.secretAccessKey,
    S3_FORCE_PATH_STYLE: storage ? String(storage.forcePathStyle) : undefined,
  }
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
}

/**
 * Hands the resolved settings to payload.config.ts (read back by loadCmsSettings) (and to the Next build that bundles it),
 * then initialises Payload: migrations run here, before the server reports ready.
 */
export async function bootPayload(env: Env, databaseUrl: string): Promise<{ payload: Payload; config: SanitizedConfig; key?: string }> {
  process.env.PAYLOAD_DATABASE_URL = databaseUrl
  process.env.PAYLOAD_SECRET = env.demoMode ? env.PAYLOAD_SECRET || demoSecret(env.ACADEMY_DATA_DIR) : env.PAYLOAD_SECRET
  process.env.PUBLIC_ORIGIN = env.publicOrigin
  process.env.ACADEMY_ALLOWED_ORIGINS = allowedOrigins(env).join(',')
  process.env.DATABASE_POOL_MAX = String(env.DATABASE_POOL_MAX)
  process.env.JOBS_AUTORUN = env.JOBS_AUTORUN
  process.env.JOBS_RUNNER_CRON = env.JOBS_RUNNER_CRON
  process.env.ACADEMY_DATA_DIR = path.resolve(env.ACADEMY_DATA_DIR)
  handOverObjectStorage(env.objectStorage)
  // prodMigrations run only in production mode; development uses `payload migrate` explicitly.
  ;(process.env as Record<string, string | undefined>).NODE_ENV ??= 'production'

  const [{ getPayload }, { default: configPromise, academyConfig }] = await Promise.all([import('payload'), import('#payload-config')])
  // The first boot of a process takes the config its module built (the one Next's panel shares);
  // a later one (a test worker moving to its next file's database) builds one of its own, gets a
  // Payload of its own, and trusts nothing cached on the database before.
  const key = boots++ > 0 ? `boot-${boots}` : undefined
  if (key) {
    flushAllLocal()
    recordsChanged()
  }
  const config = await (key ? academyConfig() : configPromise)
  // With JOBS_AUTORUN the runner starts now rather than on the first request (cms/jobs.ts).
  const payload = await getPayload({ config, cron: env.JOBS_AUTORUN === 'true', key })
  if (process.env.NODE_ENV !== 'production') {
    // Development never pushes the schema: it applies the same committed migrations.
    const { migrations } = await import('#cms/migrations/index')
    // Generated migrations type their args with the adapter's own drizzle types (see scripts/migrate-create.mjs).
    await payload.db.migrate({ migrations: migrations as never })
  }
  return { payload, config, key }
}
