/**
 * The records' generation: how many committed writes to the database this process knows of,
 * its own (seen on Payload's connection pool, src/api/lib/database.ts `watchWrites`) and those of
 * other processes (over the cache bus). A signed-in answer read while this number stayed the
 * same was read from the records as they still are (./signed-in-read-cache.server.ts relies on it).
 *
 * Any write counts, whatever it touched: a family's answer can depend on rows of many
 * collections (classes, settings, invoices, credits...), and naming them per answer is how a
 * cache goes stale. Writes are rare next to reads in this product, so counting them all costs
 * little.
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

/** Whether a statement's text may change the database (comments and opening brackets skipped). */
export function isWriteStatement(text: string | undefined): boolean {
  if (text === undefined) return true
  const start = text.replace(/^(?:\s+|\(|--[^\n]*\n|\/\*[\s\S]*?\*\/)*/, '')
  return !READ_ONLY.test(start)
}
