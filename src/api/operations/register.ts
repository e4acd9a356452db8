import { ValidationError, type PayloadRequest } from 'payload'

import type { User } from '#cms/payload-types'
import { clientIp, countAccountExistsAnswer, hitRateLimit, type RateLimit } from '#api/operations/rate-limit'
import { conflict, isUniqueViolation } from '#api/errors'
import { AUTH_MESSAGES, type RegisterInput } from '#api/schemas/auth'
import { assertPasswordAllowed } from './password-policy'
import { logIn } from './session'

export const REGISTRATIONS_PER_IP: RateLimit = {
  name: 'register-ip',
  limit: 10,
  windowSeconds: 60 * 60,
  message: 'Too many accounts were created from your network. Please try again later.',
}

/** 'admin' is an administrator by name (decisions §2): nobody may register it, even when free. */
const RESERVED_USERNAMES = new Set(['admin'])

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
  if (RESERVED_USERNAMES.has(input.username)) {
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

/**
 * Creates a family account and signs it in (spec §4: registration logs the user in). The
 * username and email arrive trimmed and lower-cased, so the unique indexes make them unique
 * case-insensitively; the pre-check gives the clear message, the index settles races.
 */
export async function registerAccount(req: PayloadRequest, input: RegisterInput): Promise<{ user: User; token: string }> {
  await hitRateLimit(req.payload, REGISTRATIONS_PER_IP, clientIp(req))
  await assertPasswordAllowed(input.password)
  await assertAvailable(req, input)
  try {
    // Access rules apply (create: anyone); isAdmin and isActive are admin-only fields and
    // are not in the input anyway, so a registrant always gets the defaults.
    await req.payload.create({
      collection: 'users',
      data: { username: input.username, email: input.email, fullName: input.fullName, phone: input.phone, password: input.password },
      overrideAccess: false,
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
