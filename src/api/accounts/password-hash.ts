import crypto from 'node:crypto'

import type { Payload, PayloadRequest } from 'payload'

import type { User } from '#cms/payload-types'
import { forgetUser } from '#cms/collections/Users/auth/sessionUserCache'
import { afterCommit, poolOf } from '#api/lib/database'

/**
 * Payload's stored password format (3.90, generatePasswordSaltHash): PBKDF2-SHA256 with a hex
 * salt of 32 random bytes, 600,000 iterations and a 32-byte key, written as
 * `pbkdf2-sha256-v1:<hex>`; older rows (25,000 iterations, 512 bytes, no prefix) are upgraded
 * by Payload at their next login. tests/int/auth-hardening.int.test.ts pins the format.
 */
export const PASSWORD_HASH_PREFIX = 'pbkdf2-sha256-v1:'
export const PASSWORD_HASH_ITERATIONS = 600_000
const KEY_LENGTH = 32
const LEGACY_ITERATIONS = 25_000
const LEGACY_KEY_LENGTH = 512

function pbkdf2(password: string, salt: string, iterations: number, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    crypto.pbkdf2(password, salt, iterations, keyLength, 'sha256', (error, key) => (error ? reject(error) : resolve(key))),
  )
}

/** Whether `password` matches a stored salt and hash, in constant time, without signing anyone in. */
export async function passwordMatches(password: string, salt: string | null | undefined, hash: string | null | undefined): Promise<boolean> {
  if (typeof salt !== 'string' || typeof hash !== 'string' || !salt || !hash) return false
  const current = hash.startsWith(PASSWORD_HASH_PREFIX)
  const stored = Buffer.from(current ? hash.slice(PASSWORD_HASH_PREFIX.length) : hash, 'hex')
  const computed = await pbkdf2(password, salt, current ? PASSWORD_HASH_ITERATIONS : LEGACY_ITERATIONS, current ? KEY_LENGTH : LEGACY_KEY_LENGTH)
  return stored.length === computed.length && crypto.timingSafeEqual(stored, computed)
}

const DUMMY_SALT = crypto.randomBytes(32).toString('hex')

/** One hash of the same cost as a real check, for an account that does not exist (equal timing). */
export async function spendPasswordHash(password: string): Promise<void> {
  await pbkdf2(password, DUMMY_SALT, PASSWORD_HASH_ITERATIONS, KEY_LENGTH)
}

/**
 * Checks an account's password against its stored hash. Unlike `payload.login` it creates no
 * session and touches neither the failed-login counter nor the lock.
 */
export async function isAccountPassword(payload: Payload, userId: number, password: string): Promise<boolean> {
  const { rows } = await poolOf(payload).query<{ salt: string | null; hash: string | null }>('SELECT salt, hash FROM users WHERE id = $1', [userId])
  return passwordMatches(password, rows[0]?.salt, rows[0]?.hash)
}

/**
 * Ends the sessions of an account explicitly: all of them, or all but `keepSessionId` (the
 * caller's own, after a password change). The cached signed-in user is forgotten now and again
 * after the transaction commits, in this process and, through the broadcast, in the others.
 */
export async function endOtherSessions(req: PayloadRequest, userId: number, keepSessionId?: string): Promise<void> {
  const row = (await req.payload.db.findOne({ collection: 'users', where: { id: { equals: userId } }, req })) as Pick<User, 'sessions'> | null
  const sessions = keepSessionId ? (row?.sessions ?? []).filter((session) => session.id === keepSessionId) : []
  await req.payload.db.updateOne({ collection: 'users', id: userId, data: { sessions }, req, returning: false })
  forgetUser(userId)
  afterCommit(req, () => forgetUser(userId))
}
