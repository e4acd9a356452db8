/**
 * A tiny in-process cache for public reads (class list, site texts): the value is loaded
 * once and kept until a collection hook invalidates it, or, for a value that says so, until its
 * time runs out (MemoCacheLapse below).
 *
 * The same source is bundled more than once in this process (tsx for server.ts, Astro's
 * server build, Next's bundle of the Payload config), so each named cache lives on
 * globalThis: every copy of this module sees, and invalidates, the same entry. Across
 * processes, invalidations are broadcast (./cache-broadcast.ts).
 */
import { broadcastInvalidation, onInvalidation } from './cache-broadcast.server'

export type MemoCache<T> = { readonly name: string; get(load: () => Promise<T>): Promise<T>; invalidate(): void }

/**
 * A value whose content changes with the clock alone (the class list's places: a drop ending
 * today, an offer expiring) says when it holds: `validity(value)`, from the instant it was read at
 * until the first instant its content would change, in ms on the clock `now` reads (the
 * academy's). Outside that span (the day turned, or a test moved the clock back) the value is
 * dropped as an edit drops it (its generation moves, so every answer kept from it lapses too),
 * locally only: every process reads its own clock. A hit compares numbers; nothing is formatted.
 */
export type MemoCacheLapse<T> = { validity(value: T): { from: number; until: number }; now(): number }

type Slot = { current: Promise<unknown> | null; generation: number; validFrom: number; lapsesAt: number; now: (() => number) | null }

function slot(name: string): Slot {
  const key = Symbol.for(`academy.cache.${name}`)
  const store = globalThis as unknown as Record<symbol, Slot | undefined>
  return (store[key] ??= { current: null, generation: 0, validFrom: -Infinity, lapsesAt: Infinity, now: null })
}

function drop(s: Slot): void {
  s.generation++
  s.current = null
  s.validFrom = -Infinity
  s.lapsesAt = Infinity
}

/** Drops the value when its time has come (see MemoCacheLapse). */
function lapseIfDue(s: Slot): void {
  if (s.now === null || (s.lapsesAt === Infinity && s.validFrom === -Infinity)) return
  const now = s.now()
  if (now >= s.lapsesAt || now < s.validFrom) drop(s)
}

/**
 * How many times the named cache has been dropped in this process (locally, by another process
 * over the bus, by a flush after the bus was down, or because its value's time ran out, which
 * this lookup checks first). A value read from the cache while this
 * number stays the same is still current (./public-read-cache.server.ts relies on it).
 */
export function cacheGeneration(name: string): number {
  const s = slot(name)
  lapseIfDue(s)
  return s.generation
}

export function createMemoCache<T>(name: string, lapse?: MemoCacheLapse<T>): MemoCache<T> {
  const dropLocal = () => drop(slot(name))
  onInvalidation(name, dropLocal)
  if (lapse) slot(name).now = lapse.now
  return {
    name,
    get(load) {
      const s = slot(name)
      lapseIfDue(s)
      if (s.current) return s.current as Promise<T>
      const started = s.generation
      const pending = load().then(
        (value) => {
          // Only the value still in the slot says when the slot lapses.
          if (lapse && s.generation === started && s.current === pending) {
            const { from, until } = lapse.validity(value)
            s.validFrom = from
            s.lapsesAt = until
          }
          return value
        },
        (error) => {
          if (s.generation === started) s.current = null
          throw error
        },
      )
      s.current = pending
      return pending
    },
    invalidate() {
      dropLocal()
      broadcastInvalidation(name)
    },
  }
}
