/**
 * Keeps one of Node's tick objects alive for the life of the process (ADR 022).
 *
 * `process.nextTick` builds each tick as an object literal whose hidden class V8 makes on first
 * use. Ticks live for microseconds, so a full collection that finds none alive frees that class;
 * the next tick makes a new one, and the feedback `nextTick` keeps on its property stores goes
 * megamorphic for good: every later tick costs about four times as much. Node's HTTP server
 * schedules several ticks per request, and a server that has once sat idle (when V8 collects)
 * answered a third fewer requests. One tick held here keeps the class, and the feedback stays
 * monomorphic. Imported first by server.ts, before anything that could tick and then collect.
 */
import { executionAsyncResource } from 'node:async_hooks'

let kept: object | undefined

/** The tick object kept (for tests): set from the first tick this module schedules. */
export function keptTick(): object | undefined {
  return kept
}

// Inside a tick's callback the execution resource is the tick object itself.
process.nextTick(() => {
  kept = executionAsyncResource()
})
