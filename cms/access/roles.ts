/**
 * Who counts as an administrator (decisions §2): the `isAdmin` flag, or the
 * historical username `admin`. Every role check in the system goes through here.
 */
export type RoleSubject = { username?: string | null; isAdmin?: boolean | null } | null | undefined

export function isAdminUser(user: RoleSubject): boolean {
  if (!user) return false
  return user.isAdmin === true || user.username === 'admin'
}
