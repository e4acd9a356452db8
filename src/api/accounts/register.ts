import { ValidationError, type PayloadRequest } from 'payload'

import type { User } from '#cms/payload-types'
import { clientIp, countAccountExistsAnswer, hitRateLimit, type RateLimit } from '#api/lib/rate-limit'
import { conflict, isUniqueViolation } from '#api/errors'
import { AUTH_MESSAGES, type RegisterInput } from './auth.schemas'
import { isReservedUsername } from '#shared/roles'
import { assertPasswordAllowed } from './password-policy'
import { logIn } from './session'

export const REGISTRATIONS_PER_IP: RateLimit = {
  name: 'register-ip',
  limit: 10,
  windowSeconds: 60 * 60,
  message: 'Too many accounts were created from your network. Please try again later.',
}

/** Which unique field a failed insert collided on, from Payload's ValidationError or the driver's error. */
function duplicateField(error: unknown): 'username' | 'email' | null {
  if (error instanceof ValidationError) {
    const paths = (error.data?.errors ?? []).map((e) => e.path)
    if (paths.includes('username')) return 'username'
    if (paths.includes('email')) return 'email'
  }
  if (isUniqueViolation(error)) {
    const detail = String((error as { cause?: { detail?: string } }).cause?.detail ?? '')
    return detail.includes('(email)') ? 'email' : 'username'
  }
  return null
}

async function assertAvailable(req: PayloadRequest, input: RegisterInput): Promise<void> {
  // Refused here for the clear message; the users collection refuses it whoever writes.
  if (isReservedUsername(input.username)) {
    await countAccountExistsAnswer(req)
    throw conflict(AUTH_MESSAGES.usernameTaken)
  }
  const { docs } = await req.payload.find({
    collection: 'users',
    where: { or: [{ username: { equals: input.username } }, { email: { equals: input.email } }] },
    overrideAccess: true,
    depth: 0,
    limit: 2,
    pagination: false,
    req,
  })
  if (docs.length > 0) await countAccountExistsAnswer(req)
  if (docs.some((user) => user.username === input.username)) throw conflict(AUTH_MESSAGES.usernameTaken)
  if (docs.length > 0) throw conflict(AUTH_MESSAGES.emailTaken)
}

/** A second guardian's place in a household, when the account is made from an invitation (decisions §23). */
export type JoiningHousehold = { household: number; guardianAccess: 'full' | 'view' }

/**
 * Creates a family account and signs it in (spec §4: registration logs the user in). The
 * username and email arrive trimmed and lower-cased, so the unique indexes make them unique
 * case-insensitively; the pre-check gives the clear message, the index settles races.
 */
export async function registerAccount(req: PayloadRequest, input: RegisterInput, joining?: JoiningHousehold): Promise<{ user: User; token: string }> {
  await hitRateLimit(req.payload, REGISTRATIONS_PER_IP, clientIp(req))
  await assertPasswordAllowed(input.password)
  await assertAvailable(req, input)
  try {
    // Only administrators create accounts through Payload's REST; this is the one way a visitor
    // creates their own, so it writes past that rule. The data names these five fields only (and
    // the household of an accepted invitation): isAdmin, isActive and isTeacher keep their defaults.
    await req.payload.create({
      collection: 'users',
      data: { username: input.username, email: input.email, fullName: input.fullName, phone: input.phone, password: input.password, ...joining },
      overrideAccess: true,
      req,
    })
  } catch (error) {
    const field = duplicateField(error)
    if (field) await countAccountExistsAnswer(req)
    if (field === 'username') throw conflict(AUTH_MESSAGES.usernameTaken)
    if (field === 'email') throw conflict(AUTH_MESSAGES.emailTaken)
    throw error
  }
  return logIn(req, { username: input.username, password: input.password })
}
