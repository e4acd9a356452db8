/**
 * Invalidation messages between app processes. Local caches call `broadcastInvalidation`
 * after dropping their own entry; server start-up installs the transport (PostgreSQL
 * LISTEN/NOTIFY, src/server/cache-bus.server.ts) and routes incoming messages to
 * `onInvalidation` handlers. With one process and no transport, broadcasting does nothing.
 * Kept on globalThis: several bundles of this source share one process.
 */
type Registry = {
  send: ((message: string) => void) | null
  handlers: Map<string, (argument: string) => void>
}

const KEY = Symbol.for('academy.cache-broadcast')
const store = globalThis as unknown as Record<symbol, Registry | undefined>
const registry = (store[KEY] ??= { send: null, handlers: new Map() })

/** `topic` names a cache (e.g. 'classes'); `argument` narrows it (e.g. a user id). */
export function broadcastInvalidation(topic: string, argument = ''): void {
  registry.send?.(`${topic}:${argument}`)
}

export function onInvalidation(topic: string, handler: (argument: string) => void): void {
  registry.handlers.set(topic, handler)
}

export function installBroadcastTransport(send: (message: string) => void): void {
  registry.send = send
}

/** The argument that means "every entry of this cache". */
export const ALL_ENTRIES = '*'

/**
 * Drops every cache of this process: after the transport was down (the database restarted),
 * invalidations sent meanwhile were lost, so nothing cached before can be trusted.
 */
export function flushAllLocal(): void {
  for (const handler of registry.handlers.values()) handler(ALL_ENTRIES)
}

/** Applies a message from another process (never re-broadcast). */
export function receiveInvalidation(message: string): void {
  const at = message.indexOf(':')
  const topic = at === -1 ? message : message.slice(0, at)
  registry.handlers.get(topic)?.(at === -1 ? '' : message.slice(at + 1))
}
