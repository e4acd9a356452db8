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
 * Lives on globalThis: tsx and Next's bundle both load this module in one process.
 */
const TTL_MS = 30_000
const MAX_ENTRIES = 10_000

type Entry = { user: TypedUser; expires: number }
const KEY = Symbol.for('academy.session-user-cache')
const store = globalThis as unknown as Record<symbol, Map<string, Entry> | undefined>
const entries = (store[KEY] ??= new Map<string, Entry>())

export function getCachedUser(id: string | number): TypedUser | null {
  const entry = entries.get(String(id))
  if (!entry) return null
  if (entry.expires < Date.now()) {
    entries.delete(String(id))
    return null
  }
  return entry.user
}

export function cacheUser(user: TypedUser): void {
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!)
  entries.set(String(user.id), { user, expires: Date.now() + TTL_MS })
}

onInvalidation('user', (id) => (id === ALL_ENTRIES ? entries.clear() : entries.delete(id)))

export function forgetUser(id: string | number | undefined | null): void {
  if (id === undefined || id === null) return
  entries.delete(String(id))
  broadcastInvalidation('user', String(id))
}
