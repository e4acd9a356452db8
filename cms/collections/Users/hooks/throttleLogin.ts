import {
  APIError,
  AuthenticationError,
  LockedAuth,
  type CollectionAfterErrorHook,
  type CollectionBeforeLoginHook,
  type CollectionBeforeOperationHook,
  type Where,
} from 'payload'

import { spendPasswordHash } from '#api/operations/password-hash'
import { clearRateLimit, clientIp, hitRateLimit, isRateLimited, refundRateLimit, type RateLimit } from '#api/operations/rate-limit'
import { AppError } from '#api/errors'

/**
 * Failed logins per identifier, with the numbers of Payload's own account lock (8 failures,
 * 10 minutes; cms/collections/Users). Payload locks only accounts that exist; this counter
 * gives an unknown username the same refusal after the same number of failures, so the answer
 * never tells whether an account exists (decisions §3). It is keyed by the identifier alone,
 * not (IP, identifier): the account lock is not per IP either, and a per-IP count would let
 * an attacker with many addresses tell the two apart.
 */
export const LOGIN_FAILURES_PER_IDENTIFIER: RateLimit = { name: 'login-failures-id', limit: 8, windowSeconds: 10 * 60 }
/** Failed logins per client address, whatever the username (password spraying). */
export const LOGIN_FAILURES_PER_IP: RateLimit = { name: 'login-failures-ip', limit: 30, windowSeconds: 15 * 60 }
/**
 * Successful logins per account: each costs a full password hash, so someone who knows one
 * password cannot turn it into an unlimited supply of expensive requests (or of sessions).
 */
export const LOGINS_PER_ACCOUNT: RateLimit = {
  name: 'logins-per-account',
  limit: 60,
  windowSeconds: 10 * 60,
  message: 'Too many sign-ins to this account. Please wait a few minutes and try again.',
}

const COUNTED = 'academyLoginCounted'

type LoginData = { email?: unknown; username?: unknown; password?: unknown }

function ignoreRateLimited(error: unknown): void {
  if (!(error instanceof AppError && error.code === 'RATE_LIMITED')) throw error
}

/**
 * Every login, whichever door it comes through (the contract's POST /api/login, Payload's
 * /cms-api/users/login for the admin panel, the Local API), passes here first. Over a limit it
 * answers as Payload answers a locked account, for real and unknown accounts alike. Otherwise
 * the attempt is counted as a failure before it runs (so parallel tries cannot slip past the
 * limit) and refunded by `countSuccessfulLogin` when the password was right. An unknown account
 * costs the same hash as a real one, so the answer time does not tell them apart.
 */
export const throttleLogin: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'login') return args
  const data = (args.data ?? {}) as LoginData
  const email = typeof data.email === 'string' ? data.email.trim().toLowerCase() : ''
  const username = typeof data.username === 'string' ? data.username.trim().toLowerCase() : ''
  const identifier = username || email
  const password = typeof data.password === 'string' ? data.password : ''
  if (!identifier) return args
  const ip = clientIp(req)
  const [identifierBlocked, ipBlocked] = await Promise.all([
    isRateLimited(req.payload, LOGIN_FAILURES_PER_IDENTIFIER, identifier),
    isRateLimited(req.payload, LOGIN_FAILURES_PER_IP, ip),
  ])
  if (identifierBlocked || ipBlocked) throw new LockedAuth(req.t)
  await Promise.all([
    hitRateLimit(req.payload, LOGIN_FAILURES_PER_IDENTIFIER, identifier).catch(ignoreRateLimited),
    hitRateLimit(req.payload, LOGIN_FAILURES_PER_IP, ip).catch(ignoreRateLimited),
  ])
  req.context = { ...req.context, [COUNTED]: { identifier, ip } }

  // Payload looks the account up the same way (username first, else email).
  const where: Where = username ? { username: { equals: username } } : { email: { equals: email } }
  const exists = await req.payload.db.count({ collection: 'users', where, req })
  if (exists.totalDocs === 0) await spendPasswordHash(password)
  return args
}

/** The password was right: give the failure counts back and count the login for the account. */
export const countSuccessfulLogin: CollectionBeforeLoginHook = async ({ req, user }) => {
  const counted = req.context[COUNTED] as { identifier: string; ip: string } | undefined
  if (counted) {
    delete req.context[COUNTED]
    await Promise.all([
      clearRateLimit(req.payload, LOGIN_FAILURES_PER_IDENTIFIER, counted.identifier),
      refundRateLimit(req.payload, LOGIN_FAILURES_PER_IP, counted.ip),
    ])
  }
  try {
    await hitRateLimit(req.payload, LOGINS_PER_ACCOUNT, String(user.id))
  } catch (error) {
    // An APIError, so that Payload's REST answers it as a 429 too.
    if (error instanceof AppError && error.code === 'RATE_LIMITED') throw new APIError(error.message, 429, undefined, true)
    throw error
  }
  return user
}

/**
 * Payload's REST says "email or password" for a wrong password and "username or password" for
 * an account that does not exist: one wording for both, so /cms-api/users/login tells nothing.
 */
export const sameLoginFailure: CollectionAfterErrorHook = ({ error, req, result }) => {
  if (!(error instanceof AuthenticationError)) return
  const message = new AuthenticationError(req.t, true).message
  return { response: { ...(result as object), errors: [{ message }] }, status: 401 }
}
