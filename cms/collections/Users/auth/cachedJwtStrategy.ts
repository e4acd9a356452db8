import { jwtVerify } from 'jose'
import { JWT_AUTH_VERSION, type AuthStrategy, type Payload } from 'payload'
import { parseCookies } from 'payload/shared'

import { isDatabaseUnavailable } from '#server/database-unavailable.server'
import { cacheUser, getCachedUser, userGeneration } from './sessionUserCache'

/**
 * The session cookie as Payload's own extractor reads it: with a CSRF allowlist configured,
 * a cookie counts only from an allowed Origin, or same-site/direct navigations without one.
 */
function extractToken(headers: Headers, payload: Payload): string | null {
  const auth = headers.get('Authorization')
  if (auth?.startsWith('JWT ')) return auth.slice(4)
  if (auth?.startsWith('Bearer ')) return auth.slice(7)
  const token = parseCookies(headers).get(`${payload.config.cookiePrefix}-token`)
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

/**
 * Payload's JWT strategy with the user served from memory (./sessionUserCache.ts). It runs
 * before Payload's own `local-jwt`; when it cannot decide (no or invalid token) it answers
 * "no user" and Payload's strategy still runs, so behaviour never differs, only cost.
 */
export const cachedJwtStrategy: AuthStrategy = {
  name: 'cached-jwt',
  async authenticate({ headers, payload, req }) {
    const token = extractToken(headers, payload)
    if (!token) return { user: null }
    let claims: { id?: unknown; collection?: unknown; sid?: unknown }
    try {
      const { payload: decoded, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(payload.secret))
      if (protectedHeader.authVersion !== JWT_AUTH_VERSION) return { user: null }
      claims = decoded as typeof claims
    } catch {
      return { user: null }
    }
    if (claims.collection !== 'users' || typeof claims.id !== 'number' || typeof claims.sid !== 'string') return { user: null }

    let user = getCachedUser(claims.id)
    const hasSession = (u: typeof user) =>
      Boolean(
        u?.sessions?.some(
          (s: { id: string; expiresAt?: string | null }) => s.id === claims.sid && (!s.expiresAt || new Date(s.expiresAt).getTime() > Date.now()),
        ),
      )
    if (!user || !hasSession(user)) {
      const generation = userGeneration(claims.id)
      try {
        user = (await payload.findByID({ collection: 'users', id: claims.id, overrideAccess: true, depth: 0, disableErrors: true })) as typeof user
      } catch (error) {
        // A valid session while the database is away is not "signed out": the endpoint answers 503 (src/api/http.ts).
        if (isDatabaseUnavailable(error) && req) req.context = { ...req.context, [AUTH_UNAVAILABLE]: true }
        throw error
      }
      if (!user) return { user: null }
      cacheUser(user, generation)
      if (!hasSession(user)) return { user: null }
    }
    if (user.isActive === false) return { user: null }
    return { user: { ...user, collection: 'users', _strategy: 'cached-jwt', _sid: claims.sid } }
  },
}
