import type { Access } from 'payload'

import { isAdminUser } from '#shared/roles'

/** Visitors and families read published rows only; administrators read all. */
export const publishedOrAdmin: Access = ({ req }) => (isAdminUser(req.user) ? true : { isPublished: { equals: true } })
