import { APIError, type CollectionBeforeOperationHook } from 'payload'

import { isAdminUser } from '#shared/roles'

export const FORGOT_PASSWORD_MESSAGE = "Use the Forgot password link on the academy's sign-in page."

/**
 * Payload's own forgot-password (POST /cms-api/users/forgot-password) is for administrators
 * only. Families and visitors reset through the contract (POST /api/request-password-reset),
 * whose token, rate limits and single answer follow decisions §3; Payload's flow follows none
 * of them. Server code calling it through the Local API (overrideAccess) still may.
 */
export const refuseForgotPassword: CollectionBeforeOperationHook = ({ args, operation, overrideAccess, req }) => {
  if (operation !== 'forgotPassword' || overrideAccess === true || isAdminUser(req.user)) return args
  throw new APIError(FORGOT_PASSWORD_MESSAGE, 403, undefined, true)
}
