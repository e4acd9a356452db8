import { isAdminUser, type RoleSubject } from '#shared/roles'

/** Where a signed-in account lands (spec §2 /auth): admins on /admin, everyone else on /dashboard. */
export function homePathFor(user: RoleSubject): '/admin' | '/dashboard' {
  return isAdminUser(user) ? '/admin' : '/dashboard'
}
