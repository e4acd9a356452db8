import type { PayloadRequest } from 'payload'

import { isAdminUser } from '#shared/roles'
import type { User } from '#cms/payload-types'
import { forbidden, unauthenticated } from '#api/errors'

/** The signed-in account, from Payload's own auth strategy, or a 401. */
export function requireUser(req: PayloadRequest): User {
  const user = req.user as User | null
  if (!user) throw unauthenticated()
  return user
}

/** An administrator, or a 401 (signed out) / 403 (signed in without the role). */
export function requireAdmin(req: PayloadRequest): User {
  const user = requireUser(req)
  if (!isAdminUser(user)) throw forbidden('You do not have administrator privileges.')
  return user
}

export { isAdminUser }
