import { APIError, type CollectionBeforeOperationHook } from 'payload'

import { passwordPolicyProblem } from '#api/accounts'
import { credentialFieldsOf } from './credentialFields'

/**
 * Every way a password is set (the contract, Payload's admin panel, seeds) passes the rules of
 * decisions §3: Payload's own minimum is 3 characters, ours is the spec's, and the 1,000 most
 * common passwords are refused. A beforeValidate hook would not see the password on
 * resetPassword, so the check sits before the operation.
 */
export const enforcePasswordPolicy: CollectionBeforeOperationHook = async ({ args, operation }) => {
  if (operation !== 'create' && operation !== 'update' && operation !== 'resetPassword') return args
  const password = credentialFieldsOf(args)?.password
  if (typeof password === 'string') {
    const problem = await passwordPolicyProblem(password)
    if (problem) throw new APIError(problem, 400, [{ path: 'password', message: problem }], true)
  }
  return args
}
