import type { CollectionBeforeChangeHook } from 'payload'

import type { User } from '#cms/payload-types'

/** Deactivation ends every session at once (decisions §2): the JWT strategy checks the session id. */
export const endSessionsOnDeactivate: CollectionBeforeChangeHook<User> = ({ data, originalDoc, operation }) => {
  if (operation === 'update' && data.isActive === false && originalDoc?.isActive !== false) {
    data.sessions = []
  }
  return data
}
