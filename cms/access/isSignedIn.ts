import type { Access } from 'payload'

/** Any signed-in account. */
export const isSignedIn: Access = ({ req }) => Boolean(req.user)
