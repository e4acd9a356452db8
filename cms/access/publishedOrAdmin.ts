import type { Access } from 'payload'

import { isAdminUser } from './roles'

/** Visitors and families read published rows only; administrators read all. */
export const publishedOrAdmin: Access = ({ req }) => (isAdminUser(req.user) ? true : { isPublished: { equals: true } })
