import { isAdminUser, isTeacherUser, type RoleSubject } from '#shared/roles'

/**
 * Where a signed-in account lands (spec §2 /auth): administrators on /admin, teachers on their
 * attendance page /teach (issue 23), every other account on /dashboard.
 */
export function homePathFor(user: RoleSubject): '/admin' | '/teach' | '/dashboard' {
  if (isAdminUser(user)) return '/admin'
  return isTeacherUser(user) ? '/teach' : '/dashboard'
}
