import type { User } from '#cms/payload-types'
import { toUserDto } from '#api/accounts'
import type { UserDto } from '#api/accounts/auth.schemas'
import { getAppContext } from '#server/context.server'

/**
 * Payload accepts the session cookie only from an allowed Origin or, without one, from a
 * same-site `Sec-Fetch-Site` (its CSRF rule for state-changing calls). A page GET changes
 * nothing, and the SameSite=Lax cookie already reaches us only on top-level navigations, so a
 * family who follows a link from their mail or a search engine (`cross-site`) is still
 * recognised: the page request is presented to Payload as a same-origin read.
 */
function pageReadHeaders(request: Request): Headers {
  const headers = new Headers(request.headers)
  headers.delete('origin')
  headers.set('sec-fetch-site', 'same-origin')
  return headers
}

/** Whether the request carries a session cookie at all (most visitors do not). */
export function hasSessionCookie(request: Request): boolean {
  const cookie = request.headers.get('cookie')
  return Boolean(cookie && cookie.includes(`${getAppContext().payload.config.cookiePrefix}-token=`))
}

/**
 * The signed-in account behind a page request, resolved by Payload's own auth strategy from
 * the session cookie (so a deactivated account or an ended session reads as signed out).
 * A request without the session cookie costs nothing: most visitors are anonymous.
 */
export async function loadViewer(request: Request): Promise<UserDto | null> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null
  if (!hasSessionCookie(request)) return null
  const { payload } = getAppContext()
  try {
    const { user } = await payload.auth({ headers: pageReadHeaders(request) })
    if (!user || user.collection !== 'users') return null
    return toUserDto(user as unknown as User)
  } catch {
    return null
  }
}
