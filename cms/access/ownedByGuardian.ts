import type { Access } from 'payload'

import { guardianRows, isEveryRow } from '#api/lib/ownership'

/**
 * Rows of one guardian rather than of their household (a message's copy, decisions §23): the
 * rule `guardianRows` of src/api/lib/ownership.ts, visitors none.
 */
export function ownedByGuardian(field: 'user'): Access {
  return ({ req }) => {
    if (!req.user) return false
    const where = guardianRows(req.user, field)
    return isEveryRow(where) ? true : where
  }
}
