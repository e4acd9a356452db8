/**
 * The records' generation: how many committed writes to the database this process knows of,
 * its own (seen on Payload's connection pool, src/api/lib/database.ts `watchWrites`) and those of
 * other processes (over the cache bus). A signed-in answer read while this number stayed the
 * same was read from the records as they still are (./signed-in-read-cache.server.ts relies on it).
 *
 * Any write counts, whatever it touched: a family's answer can depend on rows of many
 * collections (classes, settings, invoices, credits...), and naming them per answer is how a
 * cache goes stale. The one exception is the mail queue's bookkeeping (`BOOKKEEPING_TABLES`,
 * ADR 020), which no replayed read reads and which a drain writes thousands of times a minute.
 *
 * Kept on globalThis: several bundles of this source share one process (./memo-cache.server.ts).
 */
import { broadcastInvalidation, onInvalidation } from './cache-broadcast.server'

export const RECORDS_TOPIC = 'records'

/** Other processes hear of this process's writes at most this long after them. */
const BROADCAST_DELAY_MS = 10

type State = { generation: number; broadcastPending: boolean }
const KEY = Symbol.for('academy.records-generation')
const state = ((globalThis as unknown as Record<symbol, State | undefined>)[KEY] ??= { generation: 0, broadcastPending: false })

// A write in another process, or a flush after the bus was down (nothing can be trusted then).
onInvalidation(RECORDS_TOPIC, () => {
  state.generation++
})

export function recordsGeneration(): number {
  return state.generation
}

/**
 * A write of this process has completed (a statement outside a transaction, or a COMMIT): every
 * answer read before it is dropped here at once, and in other processes a few milliseconds
 * later (one message for a burst of writes).
 */
export function recordsChanged(): void {
  state.generation++
  if (state.broadcastPending) return
  state.broadcastPending = true
  setTimeout(() => {
    state.broadcastPending = false
    broadcastInvalidation(RECORDS_TOPIC)
  }, BROADCAST_DELAY_MS).unref()
}

/** Statements that change no row: everything else counts as a write (when unsure, a write). */
const READ_ONLY = /^(select|begin|start|rollback|savepoint|release|set|show|listen|unlisten|notify|explain|values|fetch|declare|close)\b/i

/**
 * The mail queue's bookkeeping (ADR 020): Payload's jobs and the delivery state of a message's
 * copies. No read a family may be replayed reads these tables, and nothing a write to them sets
 * off reaches another table a replayed read sees (both checked against the real schema and every
 * declared read by tests/int/signed-in-read-bookkeeping.int.test.ts). A queue draining thousands
 * of mails writes only here, so it leaves the families' kept answers standing.
 */
export const BOOKKEEPING_TABLES: ReadonlySet<string> = new Set(['payload_jobs', 'payload_jobs_log', 'payload_jobs_stats', 'message_recipients'])

/** One INSERT, UPDATE or DELETE and the one table it writes (a data-changing WITH never matches: it starts with WITH). */
const ONE_TABLE_WRITE = /^(?:insert\s+into|update|delete\s+from)\s+(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?(?=[\s(]|$)/i

/** What a statement may do: change nothing, change only the queue's bookkeeping, or change records (when unsure, the last). */
export function statementEffect(text: string | undefined): 'none' | 'bookkeeping' | 'write' {
  if (text === undefined) return 'write'
  const start = text.replace(/^(?:\s+|\(|--[^\n]*\n|\/\*[\s\S]*?\*\/)*/, '')
  if (READ_ONLY.test(start)) return 'none'
  const table = ONE_TABLE_WRITE.exec(start)?.[1]
  // A second statement in the same text could write anything.
  if (table !== undefined && BOOKKEEPING_TABLES.has(table) && !/;\s*\S/.test(start)) return 'bookkeeping'
  return 'write'
}

/** Whether a statement's text may change records a family's replayed read sees (the pool's watch counts these). */
export function isWriteStatement(text: string | undefined): boolean {
  return statementEffect(text) === 'write'
}
