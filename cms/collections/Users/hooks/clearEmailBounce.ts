import type { CollectionBeforeChangeHook } from 'payload'

import type { User } from '#cms/payload-types'

/** A new email address starts clean: the mark of the old one's bounce goes (decisions "Automatic notices"). */
export const clearEmailBounceOnEmailChange: CollectionBeforeChangeHook<User> = ({ data, originalDoc, operation }) => {
  if (operation !== 'update') return data
  const emailChanged = typeof data.email === 'string' && originalDoc?.email !== undefined && data.email.trim().toLowerCase() !== originalDoc.email
  if (emailChanged) {
    data.emailBouncedAt = null
    data.emailBounceAnswer = null
  }
  return data
}
