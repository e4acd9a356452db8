/**
 * The one process (architecture: "The shape"): Payload's admin panel and REST under /cms,
 * the /api/* contract, Astro's pages and their assets, all on one port. Started by server.ts,
 * once Node's tick shape is kept (src/server/tick-shape.server.ts).
 */
import { existsSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { endPool, maybePoolOf } from '#api/lib/database'
import { stopScheduledJobs } from '#cms/jobs'
import { migrations } from '#cms/migrations/index'
import { ensureAdministrator } from '#cms/seed/administrator'
import { seedDemoData } from '#cms/seed/index'
import { createApp } from '#server/app.server'
import { setAppContext } from '#server/context.server'
import { allowedOrigins, bootPayload } from '#server/boot.server'
import { startCacheBus } from '#server/cache-bus.server'
import { startDatabase } from '#server/database.server'
import { holdStartupLock } from '#server/startup-lock.server'
import { EnvError, loadEnv } from '#server/env.server'
import { createLogger } from '#server/logger.server'
import { createMailer } from '#server/mailer.server'
import { createReadinessCheck } from '#server/readiness.server'
import { createStaticHandler } from '#server/static.server'

/** The repository's root: the built site and admin panel are found from here. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

const startedAt = performance.now()
/** How long a SIGTERM waits for requests in flight before it ends their connections. */
const DRAIN_MS = 10_000

async function main() {
  const env = loadEnv()
  const database = await startDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.ACADEMY_DATA_DIR })
  let server: http.Server | undefined
  let stopping = false

  // Migrations (in bootPayload) and the first records below run one process at a time.
  const releaseStartup = await holdStartupLock(database.url, (message) => console.log(message)).catch(async (error) => {
    await database.stop()
    throw error
  })
  const { payload, config } = await bootPayload(env, database.url).catch(async (error) => {
    await releaseStartup()
    await database.stop()
    throw error
  })

  const cacheBus = await startCacheBus(database.url)

  async function shutdown(signal: string) {
    if (stopping) return
    stopping = true
    console.log(`[server] ${signal}: shutting down`)
    const force = setTimeout(() => process.exit(1), DRAIN_MS + 4000)
    force.unref()
    // No new job starts; a tuition run in progress stops after its current family and records
    // itself `interrupted` (resumed by the next tick on any process), alongside the HTTP drain.
    const jobsStopped = stopScheduledJobs(payload, DRAIN_MS)
    if (server) {
      // Stop accepting and let requests in flight finish (bounded). A kept-alive connection is
      // closed once it is idle, so the server closes when the last answer is out (no count of
      // requests is kept while serving); at the bound, what is left is ended.
      const closed = new Promise<void>((resolve) => server!.close(() => resolve()))
      const idleSweep = setInterval(() => server!.closeIdleConnections(), 50)
      const bound = setTimeout(() => server!.closeAllConnections(), DRAIN_MS)
      await closed
      clearInterval(idleSweep)
      clearTimeout(bound)
    }
    await jobsStopped
    await cacheBus.stop()
    // payload.db.destroy() leaves a checked-out connection behind; end the pool itself.
    await endPool(payload, 500)
    await database.stop()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  if (!env.demoMode && !env.SMTP_URL) console.warn('[mail] SMTP_URL is not set: no mail is sent, and the log shows only its recipient and subject')
  setAppContext({ payload, env, mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, redact: !env.demoMode, keepOutbox: env.demoMode }) })

  const seedLog = (message: string) => console.log(`[seed] ${message}`)
  await ensureAdministrator(payload, { password: env.ADMIN_PASSWORD, generateIfMissing: env.SEED_DEMO_DATA === 'true', log: seedLog })
  if (env.SEED_DEMO_DATA === 'true') await seedDemoData(payload, { log: seedLog })
  await releaseStartup()

  const nextDir = path.join(root, 'cms/admin-app')
  let nextHandler: ((req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>) | undefined
  if (existsSync(path.join(nextDir, '.next/BUILD_ID'))) {
    const { default: next } = await import('next')
    const nextApp = next({ dev: false, dir: nextDir })
    await nextApp.prepare()
    nextHandler = nextApp.getRequestHandler()
  } else {
    console.warn('[server] the CMS admin panel is not built (npm run build): /cms is unavailable')
  }

  const siteDir = path.join(root, 'dist')
  const astroEntry = path.join(siteDir, 'server/entry.mjs')
  let astroHandler: ((req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>) | undefined
  if (existsSync(astroEntry)) {
    const { handler } = await import(astroEntry)
    astroHandler = (req, res) => handler(req, res)
  } else {
    console.warn('[server] the site is not built (npm run build): pages are unavailable')
  }

  const app = createApp({
    config,
    allowedOrigins: allowedOrigins(env),
    https: env.publicOrigin.startsWith('https://'),
    trustedProxies: env.TRUST_PROXY,
    authenticate: async (headers) => (await payload.auth({ headers })).user as { username?: string; isAdmin?: boolean } | null,
    next: nextHandler,
    astro: astroHandler,
    serveStatic: createStaticHandler(path.join(siteDir, 'client')),
    logger: createLogger(),
    logRequests: env.LOG_REQUESTS === 'true',
    readiness: createReadinessCheck(
      () => maybePoolOf(payload),
      migrations.map((migration) => migration.name),
    ),
  })

  server = http.createServer((req, res) => {
    if (stopping) res.setHeader('connection', 'close')
    void app(req, res)
  })
  server.keepAliveTimeout = 65_000
  await new Promise<void>((resolve) => server!.listen(env.PORT, env.HOST, resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : env.PORT
  const mode = env.demoMode ? 'demo mode (embedded PostgreSQL, mail to the log)' : 'production mode'
  console.log(`[server] academy ready in ${Math.round(performance.now() - startedAt)} ms on http://localhost:${port} · ${mode}`)
}

main().catch((error) => {
  if (error instanceof EnvError) console.error(`[server] ${error.message}`)
  else console.error('[server] failed to start', error)
  process.exit(1)
})
