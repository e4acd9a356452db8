import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, CollectionAfterLogoutHook } from 'payload'

import { forgetUser } from '../auth/sessionUserCache'

/** Any change to an account (role, status, password, sessions) drops its cached copy. */
export const forgetUserAfterChange: CollectionAfterChangeHook = ({ doc }) => {
  forgetUser(doc?.id)
  return doc
}

export const forgetUserAfterDelete: CollectionAfterDeleteHook = ({ doc }) => {
  forgetUser(doc?.id)
  return doc
}

/** Logout removes the session with a direct database write, past the change hooks. */
export const forgetUserAfterLogout: CollectionAfterLogoutHook = ({ req }) => {
  forgetUser(req.user?.id)
}
