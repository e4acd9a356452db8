import net from 'node:net'

import pg from 'pg'

/** The PostgreSQL server the test run uses: TEST_DATABASE_URL, the local one, or an embedded one. */
export const DEFAULT_TEST_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres'

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return url.toString()
}

export async function canConnect(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(port || 5432), hostname)
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
    socket.setTimeout(1000, () => (socket.destroy(), resolve(false)))
  })
  if (!reachable) return false
  const client = new pg.Client({ connectionString: url })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

export async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
}
