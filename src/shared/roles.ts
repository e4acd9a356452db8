/**
 * Who holds which role (decisions §2), the one rule for the server and the browser alike:
 * an administrator has the `isAdmin` flag or the historical username `admin`; a teacher has
 * the `isTeacher` flag. Every role check in the system goes through here.
 */
export type RoleSubject = { username?: string | null; isAdmin?: boolean | null; isTeacher?: boolean | null; guardianAccess?: string | null } | null | undefined

export function isAdminUser(user: RoleSubject): boolean {
  if (!user) return false
  return user.isAdmin === true || isBuiltInAdmin(user)
}

/** The username of the historical built-in administrator. */
export const BUILT_IN_ADMIN_USERNAME = 'admin'

/** The historical `admin` account: an administrator whatever its flag says, so it can never be demoted. */
export function isBuiltInAdmin(user: RoleSubject): boolean {
  return user?.username === BUILT_IN_ADMIN_USERNAME
}

/**
 * Usernames nobody may register or take by a rename (decisions §2): `admin` is an administrator
 * by its name alone. Only the seed's first administrator carries it (cms/seed/administrator.ts).
 */
export const RESERVED_USERNAMES: readonly string[] = [BUILT_IN_ADMIN_USERNAME]

/** Compared as Payload stores usernames: trimmed and lower-cased. */
export function isReservedUsername(username: unknown): boolean {
  return typeof username === 'string' && RESERVED_USERNAMES.includes(username.trim().toLowerCase())
}

/** A teacher takes attendance for their own classes; an administrator is not one by that alone. */
export function isTeacherUser(user: RoleSubject): boolean {
  return Boolean(user && user.isTeacher === true)
}

/**
 * The academy's staff: administrators and teachers (there is no editor role of its own: whoever
 * edits the site in /cms is an administrator). A staff account never becomes a family's guardian (decisions §23): it
 * joins no household by an invitation and is in no household merge.
 */
export function isStaffUser(user: RoleSubject): boolean {
  return isAdminUser(user) || isTeacherUser(user)
}

/**
 * A guardian with view-and-attendance access to their household (decisions §23): they see the
 * schedule and the statement and report absences, and may not enroll, drop or pay.
 */
export function isViewOnlyGuardian(user: RoleSubject): boolean {
  return Boolean(user && user.guardianAccess === 'view' && !isAdminUser(user))
}

export const VIEW_ONLY_MESSAGE = 'Your access to this household lets you view it and report absences. Ask a guardian with full access to make this change.'
