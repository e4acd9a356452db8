import { APIError, AuthenticationError, LockedAuth, loginOperation, type PayloadRequest } from 'payload'
import { generateExpiredPayloadCookie, generatePayloadCookie } from 'payload/shared'

import type { User } from '#cms/payload-types'
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

// One answer for every refusal of this kind, without Retry-After: Payload's lock has none,
// and a header present on one kind only would tell them apart.
const tooManyLogins = () => new AppError('RATE_LIMITED', TOO_MANY_LOGINS)

/** Signs in with a username or an email; the failure never says which part was wrong. */
export async function logIn(req: PayloadRequest, input: LoginInput): Promise<{ user: User; token: string }> {
  const identifier = input.username.trim().toLowerCase()
  const data = identifier.includes('@') ? { email: identifier, password: input.password } : { username: identifier, password: input.password }
  try {
    // The operation itself, not the Local API: with removeTokenFromResponses the Local API drops
    // the token too, and the contract needs it for the cookie (it never goes into a body).
    const result = await loginOperation({ collection: req.payload.collections.users, data, req, overrideAccess: true })
    if (!result.token) throw unauthenticated(LOGIN_FAILED)
    return { user: result.user as User, token: result.token }
  } catch (error) {
    if (error instanceof LockedAuth) throw tooManyLogins()
    if (error instanceof AuthenticationError) throw unauthenticated(LOGIN_FAILED)
    if (error instanceof APIError && error.status === 403) throw new AppError('FORBIDDEN', error.message)
    if (error instanceof APIError && error.status === 429) throw new AppError('RATE_LIMITED', error.message)
    throw error
  }
}

/**
 * The login of POST /api/login. The failure limits, the per-account limit and the equal cost for
 * unknown accounts live in the users collection's login hooks (cms/collections/Users/hooks/
 * throttleLogin.ts), so Payload's own /cms-api/users/login passes the same ones.
 */
export const logInThrottled = logIn

/** Ends the current session only (other devices stay signed in). */
export async function logOut(req: PayloadRequest): Promise<void> {
  if (!req.user) return
  const { logoutOperation } = await import('payload')
  await logoutOperation({ collection: req.payload.collections.users, req, allSessions: false })
}
