import type { CollectionBeforeChangeHook } from 'payload'

/** Deactivation ends every session at once (decisions §2): the JWT strategy checks the session id. */
export const endSessionsOnDeactivate: CollectionBeforeChangeHook = ({ data, originalDoc, operation }) => {
  if (operation === 'update' && data.isActive === false && originalDoc?.isActive !== false) {
    data.sessions = []
  }
  return data
}
