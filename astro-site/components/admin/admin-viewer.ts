import type { User } from '../../../cms/payload-types'
import { toUserDto } from '../../../src/api/operations/users'
import type { UserDto } from '../../../src/api/schemas/auth'
import { getAppContext } from '../../../src/server/context.server'

/**
 * The signed-in account behind an /admin request: the one the site middleware resolved, else
 * Payload's own auth strategy on the cookie (a deactivated account or an ended session reads
 * as signed out). `isAdmin` is the effective role of decisions §2 (toUserDto).
 */
export async function adminViewer(locals: object, request: Request): Promise<UserDto | null> {
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
