import type { IncomingMessage } from 'node:http'

import { isAdminUser } from '#shared/roles'
import { STATE_CHANGING } from './cross-origin.server'
import { toFetchHeaders } from './node-fetch-bridge.server'

/** Resolves the session of a request (Payload's auth). */
export type Authenticate = (headers: Headers) => Promise<{ username?: string | null; isAdmin?: boolean | null } | null>

const READS = new Set(['GET', 'HEAD'])
const WRITES = new Set(['POST'])

/**
 * Payload REST calls its admin panel makes before anyone is signed in (login page, session
 * checks), each with the methods the panel uses for it: the path alone opens nothing else
 * (a DELETE or PATCH of /cms-api/users/me is an administrator's call like any other).
 */
const CMS_API_PUBLIC: ReadonlyArray<{ path: RegExp; methods: ReadonlySet<string> }> = [
  { path: /^\/cms-api\/users\/(?:login|logout|refresh-token)\/?$/, methods: WRITES },
  { path: /^\/cms-api\/users\/(?:me|init)\/?$/, methods: READS },
  { path: /^\/cms-api\/access\/?$/, methods: READS },
]

export const CMS_API_GUARD_MESSAGE = 'The content API is for administrators only.'
export const CMS_PANEL_GUARD_MESSAGE = 'The content management panel is for administrators only.'

export function isCmsPath(pathname: string): boolean {
  return pathname === '/cms' || pathname.startsWith('/cms/') || pathname.startsWith('/cms-api/') || pathname === '/cms-api' || pathname.startsWith('/_next/')
}

function isPublicCmsApiCall(method: string, pathname: string): boolean {
  return CMS_API_PUBLIC.some((entry) => entry.methods.has(method) && entry.path.test(pathname))
}

/**
 * Whether a request to Next must come from an administrator:
 * - Payload's own REST (/cms-api) is the editors' tool: families and visitors use the /api
 *   contract, whose operations enforce the business rules that Payload's generic routes would skip;
 * - Payload's server functions (a POST to the panel with `Next-Action`, or a form posted to it,
 *   which Next also runs as a server action) render documents and lists and build form state for
 *   whoever calls them: the panel's pages are read with GET, and its sign-in is a REST call above.
 */
function needsAdministrator(req: IncomingMessage, pathname: string): boolean {
  const method = req.method ?? 'GET'
  if (pathname === '/cms-api' || pathname.startsWith('/cms-api/')) return !isPublicCmsApiCall(method, pathname)
  return STATE_CHANGING.has(method) || req.headers['next-action'] !== undefined
}

/**
 * The refusal of a request to the admin panel or Payload's REST (401 signed out, 403 signed in
 * without being an administrator), or null. Without a way to resolve sessions nobody is an
 * administrator: the guard fails closed.
 */
export async function cmsRefusal(
  req: IncomingMessage,
  pathname: string,
  authenticate: Authenticate | undefined,
): Promise<{ status: number; message: string } | null> {
  if (!needsAdministrator(req, pathname)) return null
  const user = authenticate ? await authenticate(toFetchHeaders(req)) : null
  if (isAdminUser(user)) return null
  const message = pathname.startsWith('/cms-api') ? CMS_API_GUARD_MESSAGE : CMS_PANEL_GUARD_MESSAGE
  return { status: user ? 403 : 401, message }
}
