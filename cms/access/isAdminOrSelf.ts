import type { Access } from 'payload'

import { isEveryRow, ownAccount } from '#api/lib/ownership'

/** Administrators see every user; a signed-in user sees only their own row (`ownAccount`, src/api/lib/ownership.ts). */
export const isAdminOrSelf: Access = ({ req }) => {
  if (!req.user) return false
  const where = ownAccount(req.user)
  return isEveryRow(where) ? true : where
}
