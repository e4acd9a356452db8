import type { TypedUser } from 'payload'

import { ALL_ENTRIES, broadcastInvalidation, onInvalidation } from '#server/cache-broadcast.server'

/**
 * Signed-in users by id, so that authenticating a request costs no database round trip
 * (the JWT strategy would otherwise load the user and its sessions on every call).
 *
 * Correctness rules: an entry is dropped whenever the user changes through Payload (users
 * hooks), logs out (afterLogout), or is deleted; a session id missing from the cached entry
 * forces a reload (a login adds sessions without hooks). Other processes hear of each drop
 * through the invalidation broadcast; entries also expire after TTL_MS as a last resort.
 * A lookup that started before a drop must not store what it read after it: each id has a
 * generation, taken before the database read (`userGeneration`) and checked when storing.
 * Lives on globalThis: tsx and Next's bundle both load this module in one process.
 */
const TTL_MS = 30_000
const MAX_ENTRIES = 10_000

type Entry = { user: TypedUser; expires: number }
type Store = { entries: Map<string, Entry>; generations: Map<string, number>; epoch: number }
const KEY = Symbol.for('academy.session-user-cache.v2')
const global = globalThis as unknown as Record<symbol, Store | undefined>
const cache = (global[KEY] ??= { entries: new Map(), generations: new Map(), epoch: 0 })
const entries = cache.entries

/** A token for "the cache as it is now" for this id; any drop of it (or of all) changes it. */
export function userGeneration(id: string | number): string {
  return `${cache.epoch}:${cache.generations.get(String(id)) ?? 0}`
}

function drop(id: string): void {
  entries.delete(id)
  cache.generations.set(id, (cache.generations.get(id) ?? 0) + 1)
  // Generations only need to outlive lookups in flight; keep the map from growing without end.
  if (cache.generations.size > MAX_ENTRIES * 2) {
    cache.generations.clear()
    cache.epoch++
  }
}

function dropAll(): void {
  entries.clear()
  cache.generations.clear()
  cache.epoch++
}

export function getCachedUser(id: string | number): TypedUser | null {
  const entry = entries.get(String(id))
  if (!entry) return null
  if (entry.expires < Date.now()) {
    entries.delete(String(id))
    return null
  }
  return entry.user
}

/** Stores a user read from the database, unless it was dropped since `generation` was taken. */
export function cacheUser(user: TypedUser, generation: string): boolean {
  if (userGeneration(user.id) !== generation) return false
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!)
  entries.set(String(user.id), { user, expires: Date.now() + TTL_MS })
  return true
}

onInvalidation('user', (id) => (id === ALL_ENTRIES ? dropAll() : drop(id)))

export function forgetUser(id: string | number | undefined | null): void {
  if (id === undefined || id === null) return
  drop(String(id))
  broadcastInvalidation('user', String(id))
}
