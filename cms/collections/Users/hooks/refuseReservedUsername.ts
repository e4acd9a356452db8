import { ValidationError, type CollectionBeforeChangeHook } from 'payload'

import type { User } from '#cms/payload-types'
import { AUTH_MESSAGES } from '#api/accounts/auth.schemas'
import { isReservedUsername } from '#shared/roles'

/**
 * The `context` flag of the seed's first administrator (cms/seed/administrator.ts), the one
 * writer allowed a reserved username. Only server code sets it: a request through Payload's
 * REST or the contract starts with an empty context.
 */
export const SEED_ADMINISTRATOR = 'academySeedAdministrator'

const normalised = (username: unknown): string => (typeof username === 'string' ? username.trim().toLowerCase() : '')

/**
 * `admin` is an administrator by its name alone (decisions §2), so nobody takes it, whoever
 * writes (a visitor, a family renaming itself, an administrator in /cms, a script): no account
 * is created with a reserved username and none is renamed to one. The built-in account itself
 * keeps its name through its other changes.
 */
export const refuseReservedUsername: CollectionBeforeChangeHook<User> = ({ context, data, operation, originalDoc }) => {
  if (context[SEED_ADMINISTRATOR] === true || !isReservedUsername(data.username)) return data
  if (operation === 'update' && normalised(originalDoc?.username) === normalised(data.username)) return data
  throw new ValidationError({ collection: 'users', errors: [{ path: 'username', message: AUTH_MESSAGES.usernameTaken }] })
}
