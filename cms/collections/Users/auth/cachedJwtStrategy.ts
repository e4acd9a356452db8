import { jwtVerify } from 'jose'
import { JWT_AUTH_VERSION, type AuthStrategy, type Payload } from 'payload'
import { parseCookies } from 'payload/shared'

import { isDatabaseUnavailable } from '#server/database-unavailable.server'
import type { HeaderReader } from '#server/signed-in-read-cache.server'
import { cacheUser, getCachedUser, userGeneration } from './sessionUserCache'

/**
 * The session cookie as Payload's own extractor reads it: with a CSRF allowlist configured,
 * a cookie counts only from an allowed Origin, or same-site/direct navigations without one.
 */
function extractToken(headers: HeaderReader, payload: Payload): string | null {
  const auth = headers.get('Authorization')
  if (auth?.startsWith('JWT ')) return auth.slice(4)
  if (auth?.startsWith('Bearer ')) return auth.slice(7)
  // Payload's cookie parser reads only `get('Cookie')`.
  const token = parseCookies(headers as Headers).get(`${payload.config.cookiePrefix}-token`)
  if (!token) return null
  const origin = headers.get('Origin')
  const csrf = payload.config.csrf
  if (origin) return csrf.length === 0 || csrf.includes(origin) ? token : null
  if (csrf.length === 0) return token
  const site = headers.get('Sec-Fetch-Site')
  return site === 'same-origin' || site === 'same-site' || site === 'none' ? token : null
}

/** Set on `req.context` when a session could not be checked because the database is unreachable. */
export const AUTH_UNAVAILABLE = 'academyAuthUnavailable'

type Claims = { id: number; sid: string }

/**
 * Tokens already verified, per Payload instance (its secret), with their expiry: a token's
 * signature and claims never change, so a repeated request skips the HMAC and the JSON parsing.
 * Bounded; the oldest leave first.
 */
const verified = new WeakMap<Payload, Map<string, Claims & { expiresAt: number }>>()
const MAX_VERIFIED = 10_000

/** The claims of a token this app signed (current auth version, a user and a session, unexpired), or null. */
async function verifiedClaims(token: string, payload: Payload): Promise<Claims | null> {
  let known = verified.get(payload)
  if (!known) verified.set(payload, (known = new Map()))
  const hit = known.get(token)
  if (hit) {
    if (hit.expiresAt > Date.now()) return hit
    known.delete(token)
    return null
  }
  let claims: { id?: unknown; collection?: unknown; sid?: unknown; exp?: unknown }
  try {
    const { payload: decoded, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(payload.secret))
    if (protectedHeader.authVersion !== JWT_AUTH_VERSION) return null
    claims = decoded as typeof claims
  } catch {
    return null
  }
  if (claims.collection !== 'users' || typeof claims.id !== 'number' || typeof claims.sid !== 'string') return null
  // Payload's tokens always carry an expiry; one without is verified again on every request.
  if (typeof claims.exp === 'number') {
    if (known.size >= MAX_VERIFIED) known.delete(known.keys().next().value!)
    known.set(token, { id: claims.id, sid: claims.sid, expiresAt: claims.exp * 1000 })
  }
  return { id: claims.id, sid: claims.sid }
}

type CachedUser = ReturnType<typeof getCachedUser>

/** Whether the user still holds the session, unexpired. */
function holdsSession(user: CachedUser, sid: string): boolean {
  return Boolean(
    user?.sessions?.some((s: { id: string; expiresAt?: string | null }) => s.id === sid && (!s.expiresAt || new Date(s.expiresAt).getTime() > Date.now())),
  )
}

/**
 * Payload's JWT strategy with the user served from memory (./sessionUserCache.ts). It runs
 * before Payload's own `local-jwt`; when it cannot decide (no or invalid token) it answers
 * "no user" and Payload's strategy still runs, so behaviour never differs, only cost.
 */
export const cachedJwtStrategy: AuthStrategy = {
  name: 'cached-jwt',
  async authenticate({ headers, payload, req }) {
    const token = extractToken(headers, payload)
    const claims = token ? await verifiedClaims(token, payload) : null
    if (!claims) return { user: null }

    let user = getCachedUser(claims.id)
    if (!user || !holdsSession(user, claims.sid)) {
      const generation = userGeneration(claims.id)
      try {
        user = (await payload.findByID({ collection: 'users', id: claims.id, overrideAccess: true, depth: 0, disableErrors: true })) as CachedUser
      } catch (error) {
        // A valid session while the database is away is not "signed out": the endpoint answers 503 (src/api/http.ts).
        if (isDatabaseUnavailable(error) && req) req.context = { ...req.context, [AUTH_UNAVAILABLE]: true }
        throw error
      }
      if (!user) return { user: null }
      cacheUser(user, generation)
      if (!holdsSession(user, claims.sid)) return { user: null }
    }
    if (user.isActive === false) return { user: null }
    return { user: { ...user, collection: 'users', _strategy: 'cached-jwt', _sid: claims.sid } }
  },
}

/**
 * The signed-in account's id when the request's session is confirmed from memory alone, by the
 * same rules as the strategy above (the token, its CSRF conditions, a cached active user holding
 * the session), else null. The router's signed-in read cache
 * (src/server/signed-in-read-cache.server.ts) replays an answer only to the account it was made for.
 */
export function sessionUserIdFromMemory(payload: Payload): (headers: HeaderReader) => Promise<number | null> {
  return async (headers) => {
    const token = extractToken(headers, payload)
    const claims = token ? await verifiedClaims(token, payload) : null
    if (!claims) return null
    const user = getCachedUser(claims.id)
    if (!user || !holdsSession(user, claims.sid) || user.isActive === false) return null
    return claims.id
  }
}
