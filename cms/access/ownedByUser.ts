import type { Access } from 'payload'

import { isEveryRow, ownedByFamily, type FamilyField } from '#api/lib/ownership'

/**
 * Rows that carry their family in a field: the rule `ownedByFamily` of src/api/lib/ownership.ts
 * (administrators all of them, a family only its own), visitors none. The operations read
 * through the same rule.
 */
export function ownedByUser(field: FamilyField): Access {
  return ({ req }) => {
    if (!req.user) return false
    const where = ownedByFamily(req.user, field)
    return isEveryRow(where) ? true : where
  }
}
