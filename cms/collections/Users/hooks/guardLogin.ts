import type { CollectionAfterLoginHook, CollectionBeforeOperationHook } from 'payload'

import { afterSuccessfulLogin, beforeLoginAttempt, loginIdentifier } from '#api/operations/login-guard'

const IDENTIFIER = 'academyLoginIdentifier'

/** Every login, through the contract or Payload's REST, passes src/api/operations/login-guard.ts. */
export const guardLoginAttempt: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'login') return args
  const data = args.data as { email?: unknown; username?: unknown; password?: unknown } | undefined
  await beforeLoginAttempt(req, data)
  req.context = { ...req.context, [IDENTIFIER]: loginIdentifier(data) }
  return args
}

export const recordSuccessfulLogin: CollectionAfterLoginHook = async ({ req, user }) => {
  const identifier = typeof req.context?.[IDENTIFIER] === 'string' ? (req.context[IDENTIFIER] as string) : String(user.username ?? '')
  await afterSuccessfulLogin(req, identifier)
  return user
}
