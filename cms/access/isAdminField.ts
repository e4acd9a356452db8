import type { FieldAccess } from 'payload'

import { isAdminUser } from '#shared/roles'

/** Field-level: only administrators may read or write this field. */
export const isAdminField: FieldAccess = ({ req }) => isAdminUser(req.user)
