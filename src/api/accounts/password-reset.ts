import { createHash, randomBytes } from 'node:crypto'

import type { Payload, PayloadRequest } from 'payload'

import type { User } from '#cms/payload-types'
import type { AppContext } from '#server/context.server'
import { getAppContext } from '#server/context.server'
import { callerIsLoopback, clientIp, hitRateLimit, type RateLimit } from '#api/lib/rate-limit'
import { badInput } from '#api/errors'
import {
  ACCOUNT_MESSAGES,
  resetTokenSurvivesLinkRepair,
  type PasswordResetRequestedDto,
  type RequestPasswordResetInput,
  type ResetPasswordInput,
} from './schemas'
import { academyName, passwordResetMail, sendMail } from '#api/email'
import { endOtherSessions } from './password-hash'
import { assertPasswordAllowed } from './password-policy'
import { poolOf } from '#api/lib/database'
import { academyNow } from '#api/lib/academy-clock'

/** Decisions §3: 32 random bytes, URL-safe, stored only as a hash, valid one hour, single use. */
export const RESET_TOKEN_BYTES = 32
export const RESET_TOKEN_TTL_MINUTES = 60

const TOO_MANY_RESET_REQUESTS = 'Too many password reset requests. Please try again later.'
export const RESET_REQUESTS_PER_IP: RateLimit = { name: 'reset-request-ip', limit: 10, windowSeconds: 60 * 60, message: TOO_MANY_RESET_REQUESTS }
export const RESET_REQUESTS_PER_EMAIL: RateLimit = { name: 'reset-request-email', limit: 3, windowSeconds: 60 * 60, message: TOO_MANY_RESET_REQUESTS }
export const RESET_ATTEMPTS_PER_IP: RateLimit = {
  name: 'reset-password-ip',
  limit: 20,
  windowSeconds: 15 * 60,
  message: 'Too many attempts. Please wait a few minutes and try again.',
}

export type MailServices = Pick<AppContext, 'env'>

export function newResetToken(): string {
  for (;;) {
    const token = randomBytes(RESET_TOKEN_BYTES).toString('base64url')
    if (resetTokenSurvivesLinkRepair(token)) return token
  }
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

/**
 * Stores a fresh token's hash on the account (replacing any earlier one) and emails the link.
 * Returns the link, or null when no active account has this email.
 */
async function issueResetLink(payload: Payload, email: string, services: MailServices): Promise<string | null> {
  const { docs } = await payload.find({ collection: 'users', where: { email: { equals: email } }, overrideAccess: true, depth: 0, limit: 1, pagination: false })
  const user = docs[0] as User | undefined
  // A deactivated account cannot sign in (decisions §2), so a new password would not help it.
  if (!user || user.isActive === false) return null

  const token = newResetToken()
  // The token fields are readable and writable by nobody through the API: only this operation sets them.
  await payload.update({
    collection: 'users',
    id: user.id,
    data: { resetTokenHash: hashResetToken(token), resetTokenExpiry: new Date(academyNow().getTime() + RESET_TOKEN_TTL_MINUTES * 60_000).toISOString() },
    overrideAccess: true,
    depth: 0,
  })
  const link = `${services.env.publicOrigin}/reset-password?token=${token}`
  const mail = passwordResetMail({ fullName: user.fullName, academyName: await academyName(payload), link, validMinutes: RESET_TOKEN_TTL_MINUTES })
  try {
    // A mail job; without SMTP the mailer writes the message, link included, to the server log (decisions §3).
    await sendMail(payload, user.email, mail)
  } catch (error) {
    console.error(`[password-reset] could not send the reset email for account ${user.id}:`, error instanceof Error ? error.message : error)
  }
  return link
}

/**
 * POST /api/request-password-reset: the same answer whether or not the email belongs to an
 * account. Outside demo mode the work happens after the answer, so not even its timing tells;
 * in demo mode the answer carries the link (the spec's test-only `resetLink`, to callers on this
 * machine only) and the email.
 */
export async function requestPasswordReset(
  req: PayloadRequest,
  input: RequestPasswordResetInput,
  services: MailServices = getAppContext(),
): Promise<PasswordResetRequestedDto> {
  await hitRateLimit(req.payload, RESET_REQUESTS_PER_IP, clientIp(req))
  await hitRateLimit(req.payload, RESET_REQUESTS_PER_EMAIL, input.email)
  const answer: PasswordResetRequestedDto = { message: ACCOUNT_MESSAGES.resetRequested }
  const issuing = issueResetLink(req.payload, input.email, services)
  if (!services.env.demoMode) {
    issuing.catch((error) => console.error('[password-reset] could not issue a reset link:', error))
    return answer
  }
  const link = await issuing
  answer.email = input.email
  // Demo mode listens on loopback only; should it ever be reached otherwise, the link stays in the log.
  if (link && callerIsLoopback(req)) answer.resetLink = link
  return answer
}

/**
 * Takes the token off its account in one statement, so that of two concurrent uses of one link
 * only one wins (single use). A password reset also lifts a login lock.
 */
async function claimResetToken(payload: Payload, tokenHash: string): Promise<number | null> {
  const { rows } = await poolOf(payload).query<{ id: number }>(
    `UPDATE users SET reset_token_hash = NULL, reset_token_expiry = NULL, login_attempts = 0, lock_until = NULL
     WHERE reset_token_hash = $1 AND reset_token_expiry > now() RETURNING id`,
    [tokenHash],
  )
  return rows[0]?.id ?? null
}

/** POST /api/reset-password: sets the new password, voids the link and ends every session. */
export async function resetPassword(req: PayloadRequest, input: ResetPasswordInput): Promise<{ message: string }> {
  await hitRateLimit(req.payload, RESET_ATTEMPTS_PER_IP, clientIp(req))
  const tokenHash = hashResetToken(input.token)
  const { docs } = await req.payload.find({
    collection: 'users',
    where: { and: [{ resetTokenHash: { equals: tokenHash } }, { resetTokenExpiry: { greater_than: academyNow().toISOString() } }] },
    overrideAccess: true,
    depth: 0,
    limit: 1,
    pagination: false,
    req,
  })
  const user = docs[0] as User | undefined
  if (!user) throw badInput(ACCOUNT_MESSAGES.resetLinkInvalid)
  // Refused before the token is used, so that the link still works with a better password.
  await assertPasswordAllowed(input.newPassword, 'newPassword')
  if ((await claimResetToken(req.payload, tokenHash)) !== user.id) throw badInput(ACCOUNT_MESSAGES.resetLinkInvalid)

  // No `req` here on purpose: with a signed-in user on the request, Payload would keep that
  // user's current session; a reset ends every session of the account.
  await req.payload.update({ collection: 'users', id: user.id, data: { password: input.newPassword }, overrideAccess: true, depth: 0 })
  await endOtherSessions(req, user.id)
  return { message: ACCOUNT_MESSAGES.passwordReset }
}
