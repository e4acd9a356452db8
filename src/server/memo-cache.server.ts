/**
 * A tiny in-process cache for public reads (class list, site texts): the value is loaded
 * once and kept until a collection hook invalidates it.
 *
 * The same source is bundled more than once in this process (tsx for server.ts, Astro's
 * server build, Next's bundle of the Payload config), so each named cache lives on
 * globalThis: every copy of this module sees, and invalidates, the same entry. Across
 * processes, invalidations are broadcast (./cache-broadcast.ts).
 */
import { broadcastInvalidation, onInvalidation } from './cache-broadcast.server'

export type MemoCache<T> = { readonly name: string; get(load: () => Promise<T>): Promise<T>; invalidate(): void }

type Slot = { current: Promise<unknown> | null; generation: number }

function slot(name: string): Slot {
  const key = Symbol.for(`academy.cache.${name}`)
  const store = globalThis as unknown as Record<symbol, Slot | undefined>
  return (store[key] ??= { current: null, generation: 0 })
}

/**
 * How many times the named cache has been dropped in this process (locally, by another process
 * over the bus, or by a flush after the bus was down). A value read from the cache while this
 * number stays the same is still current (./public-read-cache.server.ts relies on it).
 */
export function cacheGeneration(name: string): number {
  return slot(name).generation
}

export function createMemoCache<T>(name: string): MemoCache<T> {
  const dropLocal = () => {
    const s = slot(name)
    s.generation++
    s.current = null
  }
  onInvalidation(name, dropLocal)
  return {
    name,
    get(load) {
      const s = slot(name)
      if (s.current) return s.current as Promise<T>
      const started = s.generation
      const pending = load().catch((error) => {
        if (s.generation === started) s.current = null
        throw error
      })
      s.current = pending
      return pending
    },
    invalidate() {
      dropLocal()
      broadcastInvalidation(name)
    },
  }
}
