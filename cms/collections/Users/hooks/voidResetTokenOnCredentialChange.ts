import type { CollectionBeforeChangeHook } from 'payload'

import type { User } from '#cms/payload-types'

/**
 * An outstanding password-reset token dies with any password change (decisions §3), and with
 * an email change, since the link went to the old address. Collection hooks run after field
 * access is applied, so this works for a family changing its own password too.
 */
export const voidResetTokenOnCredentialChange: CollectionBeforeChangeHook<User> = ({ data, originalDoc, operation }) => {
  if (operation !== 'update') return data
  const passwordChanged = typeof data.password === 'string' && data.password !== ''
  const emailChanged = typeof data.email === 'string' && originalDoc?.email !== undefined && data.email.trim().toLowerCase() !== originalDoc.email
  if (passwordChanged || emailChanged) {
    data.resetTokenHash = null
    data.resetTokenExpiry = null
  }
  return data
}
