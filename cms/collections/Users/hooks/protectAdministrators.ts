import { sql } from '@payloadcms/db-postgres'
import { APIError, type CollectionBeforeChangeHook, type CollectionBeforeDeleteHook, type PayloadRequest } from 'payload'

import type { User } from '#cms/payload-types'
import { queryInTransaction } from '#api/lib/database'
import { ADMIN_USER_MESSAGES } from '#api/accounts/admin-users.schemas'
import { isAdminUser } from '#shared/roles'

type Account = Pick<Partial<User>, 'username' | 'isAdmin' | 'isActive'>

/** An administrator who can still sign in; an inactive one cannot run the academy. */
const isActiveAdmin = (account: Account): boolean => isAdminUser(account) && account.isActive !== false

/**
 * Serialises every change that takes the role away from someone, for the rest of the
 * transaction, so two admins demoting each other at once cannot leave the academy with none.
 */
async function lockAdministrators(req: PayloadRequest): Promise<void> {
  await queryInTransaction(req, sql`SELECT pg_advisory_xact_lock(hashtext('academy:administrators'))`)
}

async function countOtherActiveAdmins(req: PayloadRequest, id: number | string): Promise<number> {
  const { totalDocs } = await req.payload.count({
    collection: 'users',
    req,
    overrideAccess: true,
    where: {
      and: [
        { id: { not_equals: id } },
        { or: [{ isActive: { equals: true } }, { isActive: { exists: false } }] },
        { or: [{ isAdmin: { equals: true } }, { username: { equals: 'admin' } }] },
      ],
    },
  })
  return totalDocs
}

async function refuseLosingLastAdmin(req: PayloadRequest, id: number | string): Promise<void> {
  await lockAdministrators(req)
  if ((await countOtherActiveAdmins(req, id)) === 0) throw new APIError(ADMIN_USER_MESSAGES.lastAdmin, 409, undefined, true)
}

/**
 * Decisions §2, wherever the change comes from (the contract or /cms): an admin cannot
 * deactivate or demote themselves, and the last active administrator stays one.
 */
export const protectAdministratorsOnChange: CollectionBeforeChangeHook<User> = async ({ data, originalDoc, operation, req }) => {
  if (operation !== 'update' || !originalDoc) return data
  const before = originalDoc
  const after: Account = { ...before, ...data }
  if (!isActiveAdmin(before) || isActiveAdmin(after)) return data

  if (req.user && String(req.user.id) === String(before.id)) {
    const message = after.isActive === false ? ADMIN_USER_MESSAGES.selfDeactivate : ADMIN_USER_MESSAGES.selfDemote
    throw new APIError(message, 403, undefined, true)
  }
  await refuseLosingLastAdmin(req, before.id)
  return data
}

export const protectAdministratorsOnDelete: CollectionBeforeDeleteHook = async ({ id, req }) => {
  if (req.user && String(req.user.id) === String(id)) throw new APIError(ADMIN_USER_MESSAGES.selfDelete, 403, undefined, true)
  const account = await req.payload.findByID({ collection: 'users', id, req, overrideAccess: true, depth: 0, disableErrors: true })
  if (account && isActiveAdmin(account)) await refuseLosingLastAdmin(req, id)
}
