import { APIError, type CollectionBeforeOperationHook } from 'payload'

import { isAdminUser } from '#shared/roles'
import { credentialFieldsOf } from './credentialFields'

export const CREDENTIALS_MESSAGE = 'Change your email or password on your Account page.'

const sameText = (a: unknown, b: unknown): boolean => typeof a === 'string' && typeof b === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * Through Payload's REST a non-administrator changes neither email, username nor password:
 * the contract's own calls (PATCH /api/user/profile, /api/user/password) ask for the current
 * password first and then write as the server (overrideAccess). Without this, a session left
 * open would be enough to take the account over. Non-administrators may only update their own
 * row (isAdminOrSelf), so the signed-in user is the row being changed.
 */
export const guardCredentialChanges: CollectionBeforeOperationHook = ({ args, operation, overrideAccess, req }) => {
  if (operation !== 'update' || overrideAccess === true || isAdminUser(req.user)) return args
  const data = credentialFieldsOf(args) ?? {}
  const changes =
    (typeof data.password === 'string' && data.password !== '') ||
    (data.email !== undefined && !sameText(data.email, req.user?.email)) ||
    (data.username !== undefined && !sameText(data.username, req.user?.username))
  if (changes) throw new APIError(CREDENTIALS_MESSAGE, 403, undefined, true)
  return args
}
