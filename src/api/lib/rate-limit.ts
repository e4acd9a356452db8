import type { Payload, PayloadRequest } from 'payload'

import { AppError } from '#api/errors'
import { poolOf } from '#api/lib/database'
import { isLoopbackAddress, networkKey } from '#server/client-address.server'

export type RateLimit = { name: string; limit: number; windowSeconds: number; message?: string }

/**
 * Counts one hit for `key` in a fixed window, in PostgreSQL so that every app process shares
 * the counters, and throws 429 with Retry-After once the limit is passed.
 */
export async function hitRateLimit(payload: Payload, rule: RateLimit, key: string): Promise<void> {
  const pool = poolOf(payload)
  const { rows } = await pool.query<{ hits: number; reset_at: Date }>(
    `INSERT INTO rate_limits (key, hits, reset_at) VALUES ($1, 1, now() + make_interval(secs => $2))
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
       reset_at = CASE WHEN rate_limits.reset_at <= now() THEN now() + make_interval(secs => $2) ELSE rate_limits.reset_at END
     RETURNING hits, reset_at`,
    [`${rule.name}:${key}`.slice(0, 300), rule.windowSeconds],
  )
  const row = rows[0]
  if (row && row.hits > rule.limit) {
    const retryAfter = Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - Date.now()) / 1000))
    throw new AppError('RATE_LIMITED', rule.message ?? 'Too many requests. Please wait a few minutes and try again.', {
      headers: { 'Retry-After': String(retryAfter) },
    })
  }
  // Expired rows are cleaned now and then rather than on every hit.
  if (Math.random() < 0.01) await pool.query('DELETE FROM rate_limits WHERE reset_at < now()', []).catch(() => {})
}

/**
 * Whether `key` has already used up its window, without counting a hit: for limits that count
 * failures only (login), checked before the attempt and hit after a failure.
 */
export async function isRateLimited(payload: Payload, rule: RateLimit, key: string): Promise<boolean> {
  const { rows } = await poolOf(payload).query<{ hits: number; reset_at: Date }>('SELECT hits, reset_at FROM rate_limits WHERE key = $1 AND reset_at > now()', [
    `${rule.name}:${key}`.slice(0, 300),
  ])
  return (rows[0]?.hits ?? 0) >= rule.limit
}

/** Forgets the hits of `key` (a successful login clears its failures). */
export async function clearRateLimit(payload: Payload, rule: RateLimit, key: string): Promise<void> {
  await poolOf(payload).query('DELETE FROM rate_limits WHERE key = $1', [`${rule.name}:${key}`.slice(0, 300)])
}

/** The caller's address as the router saw it (the socket, or the hop before our trusted proxies). */
export function callerAddress(req: PayloadRequest): string {
  return req.headers.get('x-academy-client-ip') ?? 'unknown'
}

/** What per-address limits count under: the address, or an IPv6 caller's /64 network. */
export function clientIp(req: PayloadRequest): string {
  return networkKey(callerAddress(req))
}

/** A caller on this machine (demo mode's test-only answers go nowhere else). */
export function callerIsLoopback(req: PayloadRequest): boolean {
  return isLoopbackAddress(callerAddress(req))
}
/**
 * "This email (or username) is already registered" answers per client address, on registration
 * and on a profile's email change alike: each one tells that an account exists, so the number a
 * caller can collect is bounded.
 */
export const ACCOUNT_EXISTS_ANSWERS: RateLimit = {
  name: 'account-exists-answers',
  limit: 10,
  windowSeconds: 60 * 60,
  message: 'Too many attempts with addresses that are already registered. Please try again later.',
}

/** Counts one "already exists" answer for the caller; throws 429 past the limit. */
export async function countAccountExistsAnswer(req: PayloadRequest): Promise<void> {
  await hitRateLimit(req.payload, ACCOUNT_EXISTS_ANSWERS, clientIp(req))
}
