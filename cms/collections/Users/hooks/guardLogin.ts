import { AuthenticationError, type CollectionAfterErrorHook, type CollectionAfterLoginHook, type CollectionBeforeOperationHook } from 'payload'

import { afterSuccessfulLogin, beforeLoginAttempt, loginIdentifier } from '#api/accounts'
import { credentialFieldsOf } from './credentialFields'

const IDENTIFIER = 'academyLoginIdentifier'

/** Every login, through the contract or Payload's REST, passes src/api/accounts/login-guard.ts. */
export const guardLoginAttempt: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'login') return args
  const data = credentialFieldsOf(args)
  await beforeLoginAttempt(req, data)
  req.context = { ...req.context, [IDENTIFIER]: loginIdentifier(data) }
  return args
}

export const recordSuccessfulLogin: CollectionAfterLoginHook = async ({ req, user }) => {
  const identifier = typeof req.context?.[IDENTIFIER] === 'string' ? (req.context[IDENTIFIER] as string) : String(user.username ?? '')
  await afterSuccessfulLogin(req, identifier)
  return user
}

/**
 * Payload's REST words a wrong password "The email or password provided is incorrect." and an
 * account that does not exist "The username or password provided is incorrect.": one wording
 * for both, so /cms-api/users/login does not tell which usernames exist.
 */
export const sameLoginFailure: CollectionAfterErrorHook = ({ error, req, result }) => {
  if (!(error instanceof AuthenticationError)) return
  return { response: { ...(result as object), errors: [{ message: new AuthenticationError(req.t, true).message }] }, status: 401 }
}
