import { ValidationError, type PayloadRequest } from 'payload'

import type { User } from '#cms/payload-types'
import { clearRateLimit, countAccountExistsAnswer, hitRateLimit, isRateLimited, type RateLimit } from '#api/lib/rate-limit'
import { AppError, badInput, conflict, isUniqueViolation } from '#api/errors'
import { ACCOUNT_MESSAGES, type ChangePasswordInput, type ProfileInput } from './schemas'
import { AUTH_MESSAGES } from './auth.schemas'
import { assertPasswordAllowed } from './password-policy'
import { academyName, emailChangedMail, sendMail } from '#api/email'
import { endOtherSessions, isAccountPassword } from './password-hash'

/**
 * PATCH /api/user/profile: the caller's own name, email and phone (spec §5). A new email needs
 * the current password (whoever holds an open session could otherwise take the account over
 * through a password reset to an address of their own), and the old address is told.
 */
export async function updateProfile(req: PayloadRequest, user: User, input: ProfileInput): Promise<User> {
  const data: Partial<Pick<User, 'fullName' | 'email' | 'phone'>> = {}
  if (input.fullName !== undefined) data.fullName = input.fullName
  if (input.email !== undefined && input.email !== user.email) data.email = input.email
  if (input.phone !== undefined) data.phone = input.phone
  if (Object.keys(data).length === 0) return user

  if (data.email) {
    await assertCurrentPassword(req, user, input.currentPassword, ACCOUNT_MESSAGES.currentPasswordForEmail)
    const { totalDocs } = await req.payload.count({
      collection: 'users',
      where: { and: [{ email: { equals: data.email } }, { id: { not_equals: user.id } }] },
      overrideAccess: true,
      req,
    })
    if (totalDocs > 0) {
      await countAccountExistsAnswer(req)
      throw conflict(AUTH_MESSAGES.emailTaken)
    }
  }
  let updated: User
  try {
    // Written as the server: the users collection refuses an email change through Payload's REST
    // to anyone but an administrator, and this call has checked the current password itself.
    updated = (await req.payload.update({ collection: 'users', id: user.id, data, overrideAccess: true, depth: 0, req })) as User
  } catch (error) {
    const collided = error instanceof ValidationError && (error.data?.errors ?? []).some((e) => e.path === 'email' && /unique/i.test(e.message))
    if (collided || isUniqueViolation(error)) {
      await countAccountExistsAnswer(req)
      throw conflict(AUTH_MESSAGES.emailTaken)
    }
    throw error
  }
  if (data.email) await tellOldAddress(req, user, updated.email)
  return updated
}

async function tellOldAddress(req: PayloadRequest, user: User, newEmail: string): Promise<void> {
  const mail = emailChangedMail({ fullName: user.fullName, academyName: await academyName(req.payload), newEmail })
  try {
    await sendMail(req, user.email, mail)
  } catch (error) {
    console.error(`[profile] could not tell the old address of account ${user.id} about the email change:`, error instanceof Error ? error.message : error)
  }
}

/**
 * Wrong current passwords per account: this guards a session left open on a shared computer,
 * below Payload's login lock (8), so a wrong current password never locks the account.
 */
export const WRONG_CURRENT_PASSWORD: RateLimit = { name: 'wrong-current-password', limit: 5, windowSeconds: 15 * 60 }

/**
 * The current password, for a password or an email change: checked against the stored hash, at
 * most WRONG_CURRENT_PASSWORD wrong tries per account.
 */
async function assertCurrentPassword(req: PayloadRequest, user: User, password: string | undefined, missingMessage: string): Promise<void> {
  if (!password) throw badInput(missingMessage, [{ path: 'currentPassword', message: missingMessage }])
  const key = String(user.id)
  if (await isRateLimited(req.payload, WRONG_CURRENT_PASSWORD, key)) {
    throw new AppError('RATE_LIMITED', 'Too many incorrect attempts. Please wait a few minutes and try again.')
  }
  if (!(await isAccountPassword(req.payload, user.id, password))) {
    // Enforced by the check above; a hit over the limit (concurrent tries) keeps this answer.
    await hitRateLimit(req.payload, WRONG_CURRENT_PASSWORD, key).catch((error: unknown) => {
      if (!(error instanceof AppError && error.code === 'RATE_LIMITED')) throw error
    })
    throw badInput(ACCOUNT_MESSAGES.currentPasswordWrong, [{ path: 'currentPassword', message: ACCOUNT_MESSAGES.currentPasswordWrong }])
  }
  await clearRateLimit(req.payload, WRONG_CURRENT_PASSWORD, key)
}

/** PATCH /api/user/password (decisions §3): needs the current password; ends the caller's other sessions. */
export async function changePassword(req: PayloadRequest, user: User, input: ChangePasswordInput): Promise<{ message: string }> {
  const key = String(user.id)
  if (await isRateLimited(req.payload, WRONG_CURRENT_PASSWORD, key)) {
    throw new AppError('RATE_LIMITED', 'Too many incorrect attempts. Please wait a few minutes and try again.')
  }
  await assertPasswordAllowed(input.newPassword, 'newPassword')
  await assertCurrentPassword(req, user, input.currentPassword, ACCOUNT_MESSAGES.passwordFieldsMissing)
  // The users hook voids any outstanding reset link; every session but this one ends. Written as
  // the server, past the collection's refusal of password changes through Payload's REST.
  await req.payload.update({ collection: 'users', id: user.id, data: { password: input.newPassword }, overrideAccess: true, depth: 0, req })
  await endOtherSessions(req, user.id, (user as User & { _sid?: string })._sid)
  return { message: ACCOUNT_MESSAGES.passwordUpdated }
}
