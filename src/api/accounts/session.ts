import { APIError, AuthenticationError, LockedAuth, loginOperation, type PayloadRequest } from 'payload'
import { generateExpiredPayloadCookie, generatePayloadCookie } from 'payload/shared'

import type { User } from '#cms/payload-types'
import { TOO_MANY_LOGINS } from './login-guard'
import { AppError, unauthenticated } from '#api/errors'
import { LOGIN_FAILED, type LoginInput } from './auth.schemas'

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

/** Signs in with a username or an email; the failure never says which part was wrong. The limits and
 * timing rules of every login are the users collection's hooks (src/api/accounts/login-guard.ts). */
export async function logIn(req: PayloadRequest, input: LoginInput): Promise<{ user: User; token: string }> {
  const identifier = input.username.trim().toLowerCase()
  const data = identifier.includes('@') ? { email: identifier, password: input.password } : { username: identifier, password: input.password }
  try {
    // The operation, not payload.login: with removeTokenFromResponses the local API drops the
    // token, and this endpoint needs it for the cookie.
    const result = await loginOperation({ collection: req.payload.collections.users, data, req, depth: 0 })
    if (!result.token) throw unauthenticated(LOGIN_FAILED)
    return { user: result.user as unknown as User, token: result.token }
  } catch (error) {
    if (error instanceof LockedAuth) throw new AppError('RATE_LIMITED', TOO_MANY_LOGINS)
    if (error instanceof AuthenticationError) throw unauthenticated(LOGIN_FAILED)
    if (error instanceof APIError && error.status === 403) throw new AppError('FORBIDDEN', error.message)
    throw error
  }
}

/** Ends the current session only (other devices stay signed in). */
export async function logOut(req: PayloadRequest, user: User | null): Promise<void> {
  // Payload's logout ends the session req.user carries: the same account the endpoint handed over.
  if (!user) return
  const { logoutOperation } = await import('payload')
  await logoutOperation({ collection: req.payload.collections.users, req, allSessions: false })
}
