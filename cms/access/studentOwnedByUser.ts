import type { Access } from 'payload'

import { isAdminUser } from '#shared/roles'

/** Enrollments belong to the family that owns the enrolled student. */
export const studentOwnedByUser: Access = ({ req }) => {
  if (!req.user) return false
  if (isAdminUser(req.user)) return true
  return { 'student.user': { equals: req.user.id } }
}
