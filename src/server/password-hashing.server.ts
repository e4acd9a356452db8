/**
 * Which requests hash a password (PBKDF2, a few hundred ms of CPU each) and so pass the router's
 * hashing gate. The contract declares its own where it defines them (`hashesPassword` of
 * defineEndpoint, src/api/http.ts, fills the registry below at boot, before the router awaits the
 * config that loads it); src/server never imports the contract. Payload's own sign-in routes under
 * /cms-api are not the contract's, so they are named here.
 *
 * Any case and a trailing slash: Payload matches endpoint paths case-insensitively
 * (path-to-regexp), so /api/LOGIN/ logs in too.
 */

/** Where the router mounts the contract: `/login` of the contract is `/api/login`. */
const MOUNT = '/api'

/** Payload's REST sign-in, reset and first-admin routes (the admin panel's). */
const PAYLOAD_HASHING = /^\/cms-api\/users(?:\/login|\/reset-password|\/first-register)?\/?$/i

type Registry = Map<string, RegExp>
const KEY = Symbol.for('academy.password-hashing')
// Several bundles of this source share one process (see ./memo-cache.server.ts).
const registry = ((globalThis as unknown as Record<symbol, Registry | undefined>)[KEY] ??= new Map())

/** A contract path, `:name` segments matching any one segment, in any case, with or without a trailing slash. */
function patternOf(path: string): RegExp {
  const segments = `${MOUNT}${path}`.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  return new RegExp(`^${segments.join('/')}/?$`, 'i')
}

/** Declares a contract path (as in defineEndpoint, e.g. `/household-invites/accept`) whose calls hash a password. */
export function registerPasswordHashing(path: string): void {
  registry.set(path, patternOf(path))
}

/** The contract paths declared to hash a password (for the test that lists them). */
export function passwordHashingPaths(): string[] {
  return [...registry.keys()].sort()
}

/** Whether a request to this path (one spelling, ./request-path.server.ts) hashes a password. */
export function hashesPassword(pathname: string): boolean {
  if (PAYLOAD_HASHING.test(pathname)) return true
  for (const pattern of registry.values()) if (pattern.test(pathname)) return true
  return false
}
