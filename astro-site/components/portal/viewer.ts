import type { User } from '#cms/payload-types'
import { toUserDto } from '#api/operations/users'
import type { UserDto } from '#api/schemas/auth'
import { getAppContext } from '#server/context.server'

/**
 * The signed-in account of a portal or /admin page request: the one the site middleware
 * already resolved, else Payload's own auth strategy on the request's cookie (a deactivated account
 * or an ended session reads as signed out). `isAdmin` is the effective role (toUserDto).
 */
export async function portalViewer(locals: object, request: Request): Promise<UserDto | null> {
  const known = (locals as { viewer?: UserDto | null }).viewer
  if (known !== undefined) return known
  try {
    const { user } = await getAppContext().payload.auth({ headers: request.headers })
    if (!user || user.collection !== 'users') return null
    return toUserDto(user as unknown as User)
  } catch {
    return null
  }
}

/** Personal pages are never stored by shared caches, nor kept for the back button after logout. */
export function markPrivate(headers: Headers): void {
  headers.set('Cache-Control', 'private, no-store')
}
