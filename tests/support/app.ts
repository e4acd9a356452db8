import http from 'node:http'
import type { AddressInfo } from 'node:net'

import type { Payload } from 'payload'
import { inject } from 'vitest'

import { setAcademyClock } from '#api/lib/academy-clock'
import { endPool } from '#api/lib/database'
import { createApp, type AppOptions } from '#server/app.server'
import { allowedOrigins, bootPayload } from '#server/boot.server'
import { clearAppContext, setAppContext } from '#server/context.server'
import { loadEnv } from '#server/env.server'
import { createMailer } from '#server/mailer.server'
import { adminQuery, databaseUrl, uniqueName } from './postgres'

export const ADMIN = { username: 'admin', password: 'admin-password-1' }
export const FAMILY = { username: 'family', password: 'ballet-family-2026' }

export type TestApp = {
  url: string
  payload: Payload
  /** Which of the worker's Payloads this is, for a call straight into Payload's handlers (bootPayload's `key`). */
  payloadKey: string | undefined
  databaseUrl: string
  /** Requests the router answered with a promise, rather than at once (its fast paths make none). */
  deferredAnswers(): number
  close(): Promise<void>
}

/**
 * The real request pipeline (server.ts's router, Payload, the contract) on a fresh copy of
 * the template database, listening on a free port of this test process.
 */
export async function startTestApp(extraEnv: Record<string, string> = {}, appOptions: Partial<AppOptions> = {}): Promise<TestApp> {
  // bootPayload hands its settings over in process.env; close() gives the worker's next file the environment this one found.
  const environment = { ...process.env }
  const server = inject('pgServer')
  const database = uniqueName('academy_t')
  await adminQuery(server, `CREATE DATABASE ${database} TEMPLATE ${inject('pgTemplate')}`)
  // The database is dropped after the file: its commits need not wait for the disk.
  await adminQuery(server, `ALTER DATABASE ${database} SET synchronous_commit = off`)
  const dbUrl = databaseUrl(server, database)

  let handler: http.RequestListener = (_req, res) => res.writeHead(503).end()
  const httpServer = http.createServer((req, res) => handler(req, res))
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve))
  const { port } = httpServer.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`

  const env = loadEnv({
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: dbUrl,
    PAYLOAD_SECRET: 'test-secret-that-is-long-enough-for-the-check',
    PUBLIC_ORIGIN: url,
    PORT: String(port),
    // The billing calendar's runner stays off unless a test asks for it (it would bill months by the machine's clock).
    JOBS_AUTORUN: 'false',
    ...extraEnv,
  })
  const { payload, config, key } = await bootPayload(env, dbUrl)
  setAppContext({ payload, env, mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log: () => {} }) })
  const app = createApp({ config, payloadKey: key, allowedOrigins: allowedOrigins(env), https: false, ...appOptions })
  let deferred = 0
  handler = (req, res) => {
    if (app(req, res) instanceof Promise) deferred++
  }

  return {
    url,
    payload,
    payloadKey: key,
    databaseUrl: dbUrl,
    deferredAnswers: () => deferred,
    async close() {
      httpServer.closeAllConnections()
      await new Promise((resolve) => httpServer.close(resolve))
      // The worker runs its next file in this process (vitest.config.ts): nothing of this one ticks on.
      clearAppContext()
      for (const cron of payload.crons.splice(0)) cron.stop()
      setAcademyClock(null)
      await endPool(payload, 2000)
      await adminQuery(server, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {})
      for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name]
      Object.assign(process.env, environment)
    },
  }
}
