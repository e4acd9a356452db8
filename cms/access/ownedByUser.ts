import type { Access } from 'payload'

import { isAdminUser } from '#shared/roles'

/**
 * Rows that carry their owner in a field: administrators see all of them, a family
 * only the rows whose `field` points at itself, visitors none.
 */
export function ownedByUser(field: string): Access {
  return ({ req }) => {
    if (!req.user) return false
    if (isAdminUser(req.user)) return true
    return { [field]: { equals: req.user.id } }
  }
}
