import type { Access } from 'payload'

import { isAdminUser } from '#shared/roles'

/** Administrators see every user; a signed-in user sees only their own row. */
export const isAdminOrSelf: Access = ({ req }) => {
  if (!req.user) return false
  if (isAdminUser(req.user)) return true
  return { id: { equals: req.user.id } }
}
