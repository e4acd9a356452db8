/**
 * Who holds which role (decisions §2), the one rule for the server and the browser alike:
 * an administrator has the `isAdmin` flag or the historical username `admin`; a teacher has
 * the `isTeacher` flag. Every role check in the system goes through here.
 */
export type RoleSubject = { username?: string | null; isAdmin?: boolean | null; isTeacher?: boolean | null } | null | undefined

export function isAdminUser(user: RoleSubject): boolean {
  if (!user) return false
  return user.isAdmin === true || isBuiltInAdmin(user)
}

/** The historical `admin` account: an administrator whatever its flag says, so it can never be demoted. */
export function isBuiltInAdmin(user: RoleSubject): boolean {
  return user?.username === 'admin'
}

/** A teacher takes attendance for their own classes; an administrator is not one by that alone. */
export function isTeacherUser(user: RoleSubject): boolean {
  return Boolean(user && user.isTeacher === true)
}
