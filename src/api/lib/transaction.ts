import type { PostgresAdapter, sql } from '@payloadcms/db-postgres'
import { commitTransaction, initTransaction, killTransaction, type Payload, type PayloadRequest } from 'payload'

type SQL = ReturnType<typeof sql>
type Session = {
  db: { execute(query: SQL): Promise<{ rows?: unknown[] } | unknown[]> }
  resolve: () => Promise<void>
}

function sessionOf(req: PayloadRequest, transactionID: unknown): Session | undefined {
  if (!transactionID || transactionID instanceof Promise) return undefined
  return (req.payload.db as unknown as { sessions?: Record<string, Session | undefined> }).sessions?.[String(transactionID)]
}

/**
 * Runs `work` in one database transaction on `req`: every Local API call that is passed `req`
 * joins it. When the request already has one open (a hook inside an operation), `work` joins
 * it and the outer owner commits.
 */
export async function inTransaction<T>(req: PayloadRequest, work: () => Promise<T>): Promise<T> {
  const owner = await initTransaction(req)
  try {
    const result = await work()
    if (owner) await commitTransaction(req)
    return result
  } catch (error) {
    if (owner) await killTransaction(req)
    throw error
  }
}

/**
 * Runs a statement inside the request's open transaction (row or advisory locks that must last
 * until it commits) and returns its rows. Without an open transaction nothing would hold the
 * lock, so it refuses.
 */
export async function queryInTransaction<Row = Record<string, unknown>>(req: PayloadRequest, query: SQL): Promise<Row[]> {
  const session = sessionOf(req, await req.transactionID)
  if (!session) throw new Error('queryInTransaction needs an open transaction on the request')
  const result = await session.db.execute(query)
  return (Array.isArray(result) ? result : (result.rows ?? [])) as Row[]
}

/**
 * Runs a read: inside the request's open transaction when it has one (so it sees what the
 * transaction wrote and waits behind its locks), else on the pool.
 */
export async function queryRows<Row = Record<string, unknown>>(on: PayloadRequest | Payload, query: SQL): Promise<Row[]> {
  const req = 'payload' in on ? on : undefined
  const session = req ? sessionOf(req, await req.transactionID) : undefined
  const payload = req ? req.payload : (on as Payload)
  const result = await (session ? session.db : (payload.db as unknown as PostgresAdapter).drizzle).execute(query)
  return (Array.isArray(result) ? result : (result.rows ?? [])) as Row[]
}

/**
 * Runs `callback` once the request's transaction has committed (caches must not be refilled
 * from rows another connection cannot see yet), or now when no transaction is open.
 */
export function afterCommit(req: PayloadRequest, callback: () => void): void {
  const session = sessionOf(req, req.transactionID)
  if (!session) {
    callback()
    return
  }
  const commit = session.resolve
  session.resolve = async () => {
    await commit()
    callback()
  }
}
