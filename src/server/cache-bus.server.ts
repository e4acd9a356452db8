import { randomUUID } from 'node:crypto'

import pg from 'pg'

import { flushAllLocal, installBroadcastTransport, receiveInvalidation } from '#server/cache-broadcast.server'

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

  // An idle connection that the database drops (restart, failover) must not crash the process.
  pool.on('error', () => {})

  /** Connects the listening client; after a dropped connection, retries with backoff until the database is back. */
  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl })
    client.on('notification', (message) => {
      const text = message.payload ?? ''
      const at = text.indexOf('|')
      if (at === -1 || text.slice(0, at) === origin) return
      receiveInvalidation(text.slice(at + 1))
    })
    client.on('error', () => {
      // Meanwhile caches still expire on their own.
      if (listener !== client) return
      listener = null
      client.end().catch(() => {})
      if (!stopped) void reconnect()
    })
    try {
      await client.connect()
      await client.query(`LISTEN ${CHANNEL}`)
    } catch (error) {
      client.end().catch(() => {})
      throw error
    }
    listener = client
  }

  async function reconnect(): Promise<void> {
    for (let attempt = 0; !stopped; attempt++) {
      await new Promise((r) => setTimeout(r, Math.min(250 * 2 ** attempt, 5000)))
      if (stopped) return
      try {
        await listen()
        // Invalidations other processes sent while this one was not listening are lost.
        flushAllLocal()
        return
      } catch {
        // still unreachable: try again
      }
    }
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
