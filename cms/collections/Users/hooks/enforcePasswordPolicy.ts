import { APIError, type CollectionBeforeOperationHook } from 'payload'

import { passwordProblem } from '../../../../src/api/schemas/password'

/**
 * Payload's own minimum is 3 characters; ours is the spec's. A beforeValidate hook would
 * not see the password on resetPassword, so the check sits before the operation.
 */
export const enforcePasswordPolicy: CollectionBeforeOperationHook = ({ args, operation }) => {
  if (operation !== 'create' && operation !== 'update' && operation !== 'resetPassword') return args
  const password = (args.data as { password?: unknown } | undefined)?.password
  if (typeof password === 'string') {
    const problem = passwordProblem(password)
    if (problem) throw new APIError(problem, 400, [{ path: 'password', message: problem }], true)
  }
  return args
}
