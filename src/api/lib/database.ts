import type { PostgresAdapter, sql } from '@payloadcms/db-postgres'
import { and, eq } from '@payloadcms/db-postgres/drizzle'
import { commitTransaction, initTransaction, killTransaction, type Payload, type PayloadRequest } from 'payload'
import type { Pool } from 'pg'

/*
 * The one way to the database below Payload's Local API: the typed connection pool, the
 * transaction helpers and raw statements in or out of a request's transaction. This is the only
 * file that reads the Postgres adapter's internals (`pool`, `drizzle`, `sessions`); every other
 * file calls it. tests/int/database-access.int.test.ts pins what it relies on to the installed
 * Payload version, so an upgrade that changes them fails loudly there rather than in production.
 */

export type SQL = ReturnType<typeof sql>
export type { Pool }

/** A transaction as @payloadcms/drizzle keeps it in `adapter.sessions[transactionID]`. */
type Session = {
  db: { execute(query: SQL): Promise<{ rows?: unknown[] } | unknown[]> }
  resolve: () => Promise<void>
  reject: () => Promise<void>
}

type AdapterInternals = Pick<PostgresAdapter, 'drizzle'> & { pool?: Pool; sessions?: Record<string, Session | undefined> }

const internals = (payload: Payload) => payload.db as unknown as AdapterInternals

/** Payload's own connection pool, or undefined before the adapter has connected (boot, readiness). */
export function maybePoolOf(payload: Payload): Pool | undefined {
  return internals(payload).pool
}

/** Payload's own connection pool (pg): for statements that need no transaction of a request. */
export function poolOf(payload: Payload): Pool {
  const pool = maybePoolOf(payload)
  if (!pool) throw new Error('The database is not connected: the Postgres adapter has no pool')
  return pool
}

/** The adapter's drizzle instance on the pool (what Payload hands a migration as `db`). */
export function drizzleOf(payload: Payload): AdapterInternals['drizzle'] {
  return internals(payload).drizzle
}

/** pg-pool's own lists (not its public API): every client it opened, and those idle now. */
type PoolLists = { _clients?: { release?: (error?: Error) => void }[]; _idle?: { client: unknown }[] }

/**
 * Payload's adapter checks out one client when it connects and never gives it back (db-postgres
 * connect.js): the pool runs one short of its size, and `pool.end()` waits for that client for
 * ever. Called once, in onInit, when the adapter's client is the pool's first and nobody else's;
 * afterwards the pool has its whole size and ends as soon as its work is done.
 */
export function returnAdapterClient(payload: Payload): boolean {
  const lists = maybePoolOf(payload) as (Pool & PoolLists) | undefined
  const first = lists?._clients?.[0]
  if (!first || typeof first.release !== 'function') return false
  if (lists?._idle?.some((idle) => idle.client === first)) return false
  first.release()
  return true
}

/** Ends Payload's pool, waiting at most `ms` for the requests still holding a client. */
export async function endPool(payload: Payload, ms: number): Promise<void> {
  const pool = maybePoolOf(payload)
  await Promise.race([pool?.end().catch(() => {}), new Promise((resolve) => setTimeout(resolve, ms))])
}

/** The adapter's open transaction `transactionID` (Payload's id on `req.transactionID`). */
export function sessionOf(payload: Payload, transactionID: unknown): Session | undefined {
  if (!transactionID || transactionID instanceof Promise) return undefined
  return internals(payload).sessions?.[String(transactionID)]
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
  const session = sessionOf(req.payload, await req.transactionID)
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
  const session = req ? sessionOf(req.payload, await req.transactionID) : undefined
  const payload = req ? req.payload : (on as Payload)
  const result = await (session ? session.db : internals(payload).drizzle).execute(query)
  return (Array.isArray(result) ? result : (result.rows ?? [])) as Row[]
}

/**
 * Runs `callback` once the request's transaction has committed (caches must not be refilled
 * from rows another connection cannot see yet), or now when no transaction is open.
 */
export function afterCommit(req: PayloadRequest, callback: () => void): void {
  const session = sessionOf(req.payload, req.transactionID)
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

type Query = (...args: unknown[]) => unknown
type WatchedClient = { query: Query; on(event: 'error', listener: (error: Error) => void): void; [WATCHED]?: { dirty: boolean } }
const WATCHED = Symbol.for('academy.watched-client')

/** The statement's text, whichever form pg's `query` was called with. */
function statementText(first: unknown): string | undefined {
  if (typeof first === 'string') return first
  const text = (first as { text?: unknown } | null)?.text
  return typeof text === 'string' ? text : undefined
}

const ENDS_TRANSACTION = /^\s*(commit|end|rollback|begin|start)\b/i
const COMMITS = /^\s*(commit|end)\b/i

/**
 * Sets what Payload's pool does beside Payload: `onError` hears of a pooled connection lost,
 * idle (pg re-emits it on the pool) or checked out (pg leaves such a client without a listener
 * while it is in use: the database going away mid-transaction would end the process; the
 * statement in flight fails on its own and its request answers 503), once per error; `onWrite` runs
 * after every statement that may have changed a row completes, and after the COMMIT of a
 * transaction that wrote, on every connection of the pool: Payload's writes, raw statements and
 * jobs alike, as `isWrite` judges them (src/server/records-generation.server.ts counts them for
 * the signed-in read cache, all but the mail queue's bookkeeping, ADR 020).
 */
export function watchPool(
  payload: Payload,
  options: { onError: (error: Error) => void; onWrite: () => void; isWrite: (text: string | undefined) => boolean },
): void {
  const pool = maybePoolOf(payload)
  if (!pool) return
  const heard = new WeakSet<Error>()
  const onError = (error: Error) => {
    if (heard.has(error)) return
    heard.add(error)
    options.onError(error)
  }
  pool.on('error', onError)
  const watch = (client: unknown) => {
    const watched = client as WatchedClient
    if (watched[WATCHED]) return
    const state: { dirty: boolean } = (watched[WATCHED] = { dirty: false })
    watched.on('error', onError)
    const original = watched.query
    watched.query = function (this: WatchedClient, ...args: unknown[]) {
      const text = statementText(args[0])
      let counts = false
      if (text !== undefined && ENDS_TRANSACTION.test(text)) {
        // A transaction that only read changes nothing when it ends.
        counts = state.dirty && COMMITS.test(text)
        state.dirty = false
      } else if (options.isWrite(text)) {
        counts = true
        state.dirty = true
      }
      if (!counts) return original.apply(this, args)
      const last = args.length - 1
      if (typeof args[last] === 'function') {
        const callback = args[last] as (...results: unknown[]) => unknown
        args[last] = (...results: unknown[]) => {
          options.onWrite()
          return callback(...results)
        }
        return original.apply(this, args)
      }
      const result = original.apply(this, args)
      if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(options.onWrite, options.onWrite)
      else options.onWrite()
      return result
    }
  }
  // Every statement runs on a client checked out of the pool, announced by 'acquire'.
  pool.on('acquire', watch)
}

/** What @payloadcms/drizzle's `insert` is handed; an update by id arrives as an insert with `onConflictDoUpdate`. */
type InsertArgs = {
  db: { update(table: unknown): { set(row: unknown): { where(condition: unknown): { returning(): Promise<unknown[]> } } } }
  tableName: string
  values: Record<string, unknown>
  onConflictDoUpdate?: { set: Record<string, unknown>; where?: SQL }
}
type JobWrites = {
  tables: Record<string, { id: unknown } | undefined>
  insert(this: JobWrites, args: InsertArgs): Promise<unknown[]>
  updateJobs(this: JobWrites, args: unknown): Promise<unknown[] | null>
}
const JOBS_TABLE = 'payload_jobs'
const GUARDED = Symbol.for('academy.job-updates-never-insert')

/**
 * The adapter writes an update by id as `INSERT … ON CONFLICT (id) DO UPDATE` (drizzle upsertRow):
 * when the row is gone, the update creates it again. Two runners can hold the same job (Payload's
 * claim is not atomic, ADR 018), and the first deletes it once it is done: the second's updates
 * then brought the finished job back, for ever in the queue. Here an update of a job row is an
 * UPDATE: a job that is gone stays gone, and the update answers no row (left out of the list).
 */
export function jobUpdatesNeverInsert(payload: Payload): void {
  const adapter = payload.db as unknown as JobWrites & { [GUARDED]?: true }
  if (adapter[GUARDED]) return
  adapter[GUARDED] = true
  const { insert, updateJobs } = adapter
  adapter.insert = function (args) {
    const table = this.tables[args.tableName]
    if (args.tableName !== JOBS_TABLE || !args.onConflictDoUpdate || args.values.id == null || !table) return insert.call(this, args)
    const byId = eq(table.id as Parameters<typeof eq>[0], args.values.id)
    const where = args.onConflictDoUpdate.where ? and(byId, args.onConflictDoUpdate.where) : byId
    return args.db.update(table).set(args.onConflictDoUpdate.set).where(where).returning()
  }
  adapter.updateJobs = async function (args) {
    const jobs = await updateJobs.call(this, args)
    return jobs ? jobs.filter((job) => job != null) : jobs
  }
}
