import { APIError, AuthenticationError, LockedAuth, type PayloadRequest } from 'payload'
import { generateExpiredPayloadCookie, generatePayloadCookie } from 'payload/shared'

import type { User } from '#cms/payload-types'
import { clearRateLimit, clientIp, hitRateLimit, isRateLimited, type RateLimit } from '#api/operations/rate-limit'
import { AppError, unauthenticated } from '#api/errors'
import { LOGIN_FAILED, type LoginInput } from '#api/schemas/auth'

function usersAuthConfig(req: PayloadRequest) {
  return req.payload.collections.users.config.auth
}

/** The Set-Cookie value for a fresh session, built by Payload so its cookie settings apply. */
export function sessionCookie(req: PayloadRequest, token: string): string {
  return generatePayloadCookie({
    collectionAuthConfig: usersAuthConfig(req),
    cookiePrefix: req.payload.config.cookiePrefix,
    token,
  })
}

export function expiredSessionCookie(req: PayloadRequest): string {
  return generateExpiredPayloadCookie({
    collectionAuthConfig: usersAuthConfig(req),
    config: req.payload.config,
    cookiePrefix: req.payload.config.cookiePrefix,
  }) as string
}

export const TOO_MANY_LOGINS = 'Too many failed login attempts. Please try again in a few minutes.'

/**
 * Failed logins per identifier, with the numbers of Payload's own account lock (8 failures,
 * 10 minutes; cms/collections/Users). Payload locks only accounts that exist; this counter
 * gives an unknown username the same 429 after the same number of failures, so the answer
 * never tells whether an account exists (decisions §3). It is keyed by the identifier alone,
 * not (IP, identifier): the account lock is not per IP either, and a per-IP count would let
 * an attacker with many addresses tell the two apart.
 */
export const LOGIN_FAILURES_PER_IDENTIFIER: RateLimit = { name: 'login-failures-id', limit: 8, windowSeconds: 10 * 60 }
/** Failed logins per client address, whatever the username (password spraying). */
export const LOGIN_FAILURES_PER_IP: RateLimit = { name: 'login-failures-ip', limit: 30, windowSeconds: 15 * 60 }

// One answer for every refusal of this kind, without Retry-After: Payload's lock has none,
// and a header present on one kind only would tell them apart.
const tooManyLogins = () => new AppError('RATE_LIMITED', TOO_MANY_LOGINS)

/** Signs in with a username or an email; the failure never says which part was wrong. */
export async function logIn(req: PayloadRequest, input: LoginInput): Promise<{ user: User; token: string }> {
  const identifier = input.username.trim().toLowerCase()
  const data = identifier.includes('@') ? { email: identifier, password: input.password } : { username: identifier, password: input.password }
  try {
    const result = await req.payload.login({ collection: 'users', data, req })
    if (!result.token) throw unauthenticated(LOGIN_FAILED)
    return { user: result.user as User, token: result.token }
  } catch (error) {
    if (error instanceof LockedAuth) throw tooManyLogins()
    if (error instanceof AuthenticationError) throw unauthenticated(LOGIN_FAILED)
    if (error instanceof APIError && error.status === 403) throw new AppError('FORBIDDEN', error.message)
    throw error
  }
}

/** The login of POST /api/login: `logIn` behind the failure limits above. */
export async function logInThrottled(req: PayloadRequest, input: LoginInput): Promise<{ user: User; token: string }> {
  const identifier = input.username.trim().toLowerCase()
  const ip = clientIp(req)
  const [identifierBlocked, ipBlocked] = await Promise.all([
    isRateLimited(req.payload, LOGIN_FAILURES_PER_IDENTIFIER, identifier),
    isRateLimited(req.payload, LOGIN_FAILURES_PER_IP, ip),
  ])
  if (identifierBlocked || ipBlocked) throw tooManyLogins()
  try {
    const session = await logIn(req, input)
    await clearRateLimit(req.payload, LOGIN_FAILURES_PER_IDENTIFIER, identifier)
    return session
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHENTICATED') {
      // The limits are enforced by the check above; a hit over the limit here (concurrent
      // failures) must not change this answer.
      await Promise.all([
        hitRateLimit(req.payload, LOGIN_FAILURES_PER_IDENTIFIER, identifier).catch(ignoreRateLimited),
        hitRateLimit(req.payload, LOGIN_FAILURES_PER_IP, ip).catch(ignoreRateLimited),
      ])
    }
    throw error
  }
}

function ignoreRateLimited(error: unknown): void {
  if (!(error instanceof AppError && error.code === 'RATE_LIMITED')) throw error
}

/** Ends the current session only (other devices stay signed in). */
export async function logOut(req: PayloadRequest): Promise<void> {
  if (!req.user) return
  const { logoutOperation } = await import('payload')
  await logoutOperation({ collection: req.payload.collections.users, req, allSessions: false })
}
