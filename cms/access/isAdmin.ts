import type { Access } from 'payload'

import { isAdminUser } from '#shared/roles'

/** Only administrators. */
export const isAdmin: Access = ({ req }) => isAdminUser(req.user)

/** A collection only administrators read or write (here or through /cms-api); families and teachers reach its rows through the contract. */
export const adminOnly = { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin }
