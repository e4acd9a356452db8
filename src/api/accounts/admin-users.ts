import type { PayloadRequest } from 'payload'

import type { User } from '#cms/payload-types'
import { conflict, forbidden, notFound } from '#api/errors'
import { ADMIN_USER_MESSAGES } from './admin-users.schemas'
import type { UserDto } from './auth.schemas'
import { isBuiltInAdmin } from '#shared/roles'
import { toUserDto } from './users'

/*
 * Administration of accounts (spec §7). The rules of decisions §2 that must hold wherever an
 * account changes (no self-demotion, deactivation or deletion; the last active administrator
 * stays; deleting an account removes its family data) live in the users collection's hooks
 * (cms/collections/Users/hooks), so /cms obeys them too. Calls pass `req`: the caller's role is
 * checked by the collection's access rules, and everything runs in the request's transaction.
 */

export async function listUsers(req: PayloadRequest): Promise<UserDto[]> {
  const result = await req.payload.find({
    collection: 'users',
    req,
    overrideAccess: false,
    depth: 0,
    limit: 0,
    pagination: false,
    sort: ['-createdAt', '-id'],
  })
  return (result.docs as User[]).map(toUserDto)
}

async function findUser(req: PayloadRequest, id: number): Promise<User> {
  const user = (await req.payload.findByID({ collection: 'users', id, req, overrideAccess: false, depth: 0, disableErrors: true })) as User | null
  if (!user) throw notFound(ADMIN_USER_MESSAGES.notFound)
  return user
}

/** Deactivating keeps the account's data and ends all its sessions (hooks/endSessionsOnDeactivate). */
export async function setUserActive(req: PayloadRequest, id: number, isActive: boolean): Promise<UserDto> {
  await findUser(req, id)
  const user = await req.payload.update({ collection: 'users', id, req, overrideAccess: false, depth: 0, data: { isActive } })
  return toUserDto(user as User)
}

export async function setUserAdmin(req: PayloadRequest, admin: User, id: number, isAdmin: boolean): Promise<UserDto> {
  const target = await findUser(req, id)
  // The username `admin` is an administrator whatever its flag says (cms/access/roles.ts).
  if (!isAdmin && isBuiltInAdmin(target)) {
    if (String(target.id) === String(admin.id)) throw forbidden(ADMIN_USER_MESSAGES.selfDemote)
    throw conflict(ADMIN_USER_MESSAGES.builtInAdmin)
  }
  const user = await req.payload.update({ collection: 'users', id, req, overrideAccess: false, depth: 0, data: { isAdmin } })
  return toUserDto(user as User)
}

/** Makes an account a teacher or not (decisions §9); taking the flag off frees its classes (hooks/releaseTeacherClasses, decisions §16). */
export async function setUserTeacher(req: PayloadRequest, id: number, isTeacher: boolean): Promise<UserDto> {
  await findUser(req, id)
  const user = await req.payload.update({ collection: 'users', id, req, overrideAccess: false, depth: 0, data: { isTeacher } })
  return toUserDto(user as User)
}

/** Removes the account and, in the same transaction, its students, enrollments, preferences and saved cards. */
export async function deleteUser(req: PayloadRequest, id: number): Promise<void> {
  await findUser(req, id)
  await req.payload.delete({ collection: 'users', id, req, overrideAccess: false, depth: 0 })
}
