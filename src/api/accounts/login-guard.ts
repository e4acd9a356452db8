import { APIError, type PayloadRequest } from 'payload'

import { spendPasswordHash } from './password-hash'
import { clientIp, hitRateLimit, isRateLimited, type RateLimit } from '#api/lib/rate-limit'
import { poolOf } from '#api/lib/database'

/**
 * The rules every sign-in passes, whichever door it comes through (POST /api/login, or Payload's
 * own /cms-api/users/login behind the admin panel): they run as hooks of the users collection
 * (cms/collections/Users/hooks/guardLogin.ts), so no path can skip them.
 *
 * - Failed logins are counted per identifier and per client address before the password is
 *   checked, and forgiven on success; past the limit every identifier, real or not, gets the
 *   same 429 (Payload's own account lock has the same numbers and is never reached first).
 * - Successful logins are limited per account too: a known password is not a free CPU burner.
 * - An unknown identifier costs the same password hash as a real one, so timing does not tell
 *   whether an account exists.
 */
export const TOO_MANY_LOGINS = 'Too many failed login attempts. Please try again in a few minutes.'

/** Failed logins per identifier, with the numbers of Payload's account lock (8 failures, 10 minutes). */
export const LOGIN_FAILURES_PER_IDENTIFIER: RateLimit = { name: 'login-failures-id', limit: 8, windowSeconds: 10 * 60 }
/** Failed logins per client address, whatever the username (password spraying). */
export const LOGIN_FAILURES_PER_IP: RateLimit = { name: 'login-failures-ip', limit: 30, windowSeconds: 15 * 60 }
/**
 * Successful logins per account: a minute's worth, far above what a family (or a busy office
 * sharing the admin account) does, far below what a script with a known password would.
 */
export const LOGINS_PER_ACCOUNT: RateLimit = { name: 'logins-account', limit: 60, windowSeconds: 60 }

// One answer for every refusal of this kind, without Retry-After: a header on one kind only
// would tell them apart. An APIError, so Payload's REST answers it as 429 too.
const tooManyLogins = () => new APIError(TOO_MANY_LOGINS, 429, null, true)

/** The identifier as Payload matches it (lower-cased, trimmed email or username). */
export function loginIdentifier(data: { email?: unknown; username?: unknown } | undefined): string {
  const value = typeof data?.username === 'string' && data.username.trim() ? data.username : data?.email
  return typeof value === 'string' ? value.trim().toLowerCase() : ''
}

const pool = (req: PayloadRequest) => poolOf(req.payload)

async function accountExists(req: PayloadRequest, identifier: string): Promise<boolean> {
  const { rows } = await pool(req).query('SELECT 1 FROM users WHERE lower(email) = $1 OR lower(username) = $1 LIMIT 1', [identifier])
  return rows.length > 0
}

/** Before Payload checks the password: refuse over the limits, count the attempt, equalise time. */
export async function beforeLoginAttempt(req: PayloadRequest, data: { email?: unknown; username?: unknown; password?: unknown } | undefined): Promise<void> {
  const identifier = loginIdentifier(data)
  const ip = clientIp(req)
  const [identifierBlocked, ipBlocked, accountBlocked] = await Promise.all([
    isRateLimited(req.payload, LOGIN_FAILURES_PER_IDENTIFIER, identifier),
    isRateLimited(req.payload, LOGIN_FAILURES_PER_IP, ip),
    isRateLimited(req.payload, LOGINS_PER_ACCOUNT, identifier),
  ])
  if (identifierBlocked || ipBlocked || accountBlocked) throw tooManyLogins()
  // Counted as a failure until it succeeds (afterLogin forgives it): concurrent guesses cannot
  // slip past the limit between the check and the count.
  await Promise.all([
    hitRateLimit(req.payload, LOGIN_FAILURES_PER_IDENTIFIER, identifier).catch(ignoreRateLimited),
    hitRateLimit(req.payload, LOGIN_FAILURES_PER_IP, ip).catch(ignoreRateLimited),
  ])
  if (identifier && !(await accountExists(req, identifier))) await spendPasswordHash(typeof data?.password === 'string' ? data.password : '')
}

/** After a successful login: forgive the attempt, count the success. */
export async function afterSuccessfulLogin(req: PayloadRequest, identifier: string): Promise<void> {
  const db = pool(req)
  await Promise.all([
    db.query('DELETE FROM rate_limits WHERE key = $1', [`${LOGIN_FAILURES_PER_IDENTIFIER.name}:${identifier}`.slice(0, 300)]),
    db.query('UPDATE rate_limits SET hits = greatest(hits - 1, 0) WHERE key = $1', [`${LOGIN_FAILURES_PER_IP.name}:${clientIp(req)}`.slice(0, 300)]),
    hitRateLimit(req.payload, LOGINS_PER_ACCOUNT, identifier).catch(ignoreRateLimited),
  ])
}

function ignoreRateLimited(error: unknown): void {
  if (!(error instanceof Error && 'status' in error && (error as { status?: number }).status === 429)) throw error
}
