/**
 * Run as its own process by the global setup: migrates (and seeds) the template database,
 * then exits so that no connection holds it (a template in use cannot be cloned).
 */
import { ensureAdministrator } from '#cms/seed/administrator'
import { seedDemoData } from '#cms/seed/index'
import { bootPayload } from '#server/boot.server'
import { loadEnv } from '#server/env.server'

const url = process.argv[2]
if (!url) throw new Error('usage: prepare-template.ts <database url>')

const env = loadEnv({ ...process.env, DATABASE_URL: url, PAYLOAD_SECRET: 'test-secret-that-is-long-enough-for-the-check', NODE_ENV: 'production' })
const { payload } = await bootPayload(env, url)
await ensureAdministrator(payload, { password: 'admin-password-1', generateIfMissing: false, log: () => {} })
await seedDemoData(payload, { log: () => {} })
// Exiting closes every connection (pool.end() waits for one Payload keeps checked out).
process.exit(0)
