import { randomUUID } from 'node:crypto'

import pg from 'pg'

import { installBroadcastTransport, receiveInvalidation } from '#server/cache-broadcast.server'

const CHANNEL = 'academy_cache'

/**
 * Carries cache invalidations between app processes over PostgreSQL LISTEN/NOTIFY, so an
 * edit or a logout handled by one process is seen by every other at once. One dedicated
 * connection listens; notifications are sent through a small separate pool.
 */
export async function startCacheBus(databaseUrl: string): Promise<{ stop(): Promise<void> }> {
  const origin = randomUUID()
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 })
  let listener: pg.Client | null = null
  let stopped = false

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl })
    client.on('notification', (message) => {
      const text = message.payload ?? ''
      const at = text.indexOf('|')
      if (at === -1 || text.slice(0, at) === origin) return
      receiveInvalidation(text.slice(at + 1))
    })
    client.on('error', () => {
      // Reconnect after a dropped connection; meanwhile caches still expire on their own.
      listener = null
      if (!stopped) setTimeout(() => void listen().catch(() => {}), 1000)
    })
    await client.connect()
    await client.query(`LISTEN ${CHANNEL}`)
    listener = client
  }
  await listen()

  installBroadcastTransport((message) => {
    if (stopped) return
    pool.query('SELECT pg_notify($1, $2)', [CHANNEL, `${origin}|${message}`]).catch((error: unknown) => {
      console.error('[cache-bus] could not broadcast an invalidation', error)
    })
  })

  return {
    async stop() {
      stopped = true
      await Promise.race([Promise.all([listener?.end(), pool.end()]), new Promise((r) => setTimeout(r, 2000))]).catch(() => {})
    },
  }
}
