import type { Access } from 'payload'

import { isAdminUser } from '#shared/roles'

/** Only administrators. */
export const isAdmin: Access = ({ req }) => isAdminUser(req.user)
