import type { Access } from 'payload'

import { studentOwnerWhere } from '#api/care'
import { isAdminUser } from '#shared/roles'

/**
 * Care rows (care information, authorised pickups) follow their student: administrators see all,
 * a family those of its own students, everybody else none. The family part is the care slice's
 * one ownership rule (`studentOwnerWhere`), which a household of several guardians will change.
 */
export const studentInHousehold: Access = ({ req }) => {
  if (!req.user) return false
  if (isAdminUser(req.user)) return true
  return studentOwnerWhere(req.user, 'student')
}
