import { APIError, type CollectionBeforeLoginHook } from 'payload'

export const DEACTIVATED_MESSAGE = 'Your account has been deactivated. Please contact the academy.'

/** A deactivated account keeps its data but cannot sign in (decisions §2). */
export const refuseInactiveLogin: CollectionBeforeLoginHook = ({ user }) => {
  if (user.isActive === false) throw new APIError(DEACTIVATED_MESSAGE, 403, undefined, true)
  return user
}
