import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, CollectionAfterLogoutHook } from 'payload'

import type { User } from '#cms/payload-types'
import { afterCommit } from '#api/lib/database'
import { forgetUser } from '#cms/collections/Users/auth/sessionUserCache'

/**
 * Any change to an account (role, status, password, sessions) drops its cached copy: now, and
 * again once the transaction commits, since a request in between could cache the old row.
 */
export const forgetUserAfterChange: CollectionAfterChangeHook<User> = ({ doc, req }) => {
  forgetUser(doc?.id)
  afterCommit(req, () => forgetUser(doc?.id))
  return doc
}

export const forgetUserAfterDelete: CollectionAfterDeleteHook<User> = ({ doc, req }) => {
  forgetUser(doc?.id)
  afterCommit(req, () => forgetUser(doc?.id))
  return doc
}

/** Logout removes the session with a direct database write, past the change hooks. */
export const forgetUserAfterLogout: CollectionAfterLogoutHook = ({ req }) => {
  forgetUser(req.user?.id)
  afterCommit(req, () => forgetUser(req.user?.id))
}
