import type { User } from '#cms/payload-types'
import { toUserDto } from '#api/accounts'
import type { UserDto } from '#api/accounts/auth.schemas'
import { getAppContext } from '#server/context.server'
import type { SiteTexts } from '#api/site-content'
import { loadSiteTexts } from '#site/lib/site'

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

/**
 * What every signed-in page starts with: the viewer, the page marked private, and the site
 * texts. `null` for a visitor, whom the page sends to /auth (spec §2).
 */
export async function signedInPage(astro: {
  locals: object
  request: Request
  response: { headers: Headers }
}): Promise<{ viewer: UserDto; texts: SiteTexts } | null> {
  const viewer = await portalViewer(astro.locals, astro.request)
  if (!viewer) return null
  markPrivate(astro.response.headers)
  return { viewer, texts: await loadSiteTexts() }
}
