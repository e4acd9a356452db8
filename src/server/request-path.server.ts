/**
 * One spelling of every path (docs/decisions/003-one-spelling-of-every-path.md). The router
 * resolves a request's path once, here, then routes, guards and forwards only that spelling,
 * so no handler below it (Next, Payload, Astro, sirv) can read the path as another one.
 *
 * Accepted and resolved: percent-escapes (decoded once, then re-encoded one canonical way),
 * `.` and `..` segments, repeated slashes. Refused, since they have no single meaning: `..`
 * above the root, control characters, a backslash or an encoded slash, an escape that still
 * decodes to an escape (`%252e`), a segment ending in a dot (`/cms-api./`), a reserved first
 * segment in another case (`/CMS-API`), a fragment, and anything but a path starting with "/".
 */

export type RequestTarget = { ok: true; pathname: string; search: string } | { ok: false; message: string }

const INVALID = 'The address of this request is not valid'

export const REQUEST_PATH_MESSAGES = {
  malformed: `${INVALID}.`,
  notAPath: `${INVALID}: it must be a path starting with "/", without a fragment.`,
  control: `${INVALID}: it contains control characters.`,
  separator: `${INVALID}: it contains a backslash or an encoded slash.`,
  aboveRoot: `${INVALID}: its ".." climbs above the root.`,
  encodedTwice: `${INVALID}: it is percent-encoded twice.`,
  trailingDot: `${INVALID}: a part of it ends with a dot.`,
  miscased: (segment: string) => `${INVALID}: write "/${segment}" in lower case.`,
} as const

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/
const ESCAPE = /%[0-9a-f]{2}/i
/** Characters a path segment may carry unescaped besides encodeURIComponent's own (RFC 3986 pchar). */
const KEPT = /%(3A|40|24|26|2B|2C|3B|3D)/g

function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(KEPT, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

const refuse = (message: string): RequestTarget => ({ ok: false, message })

/**
 * A path that is its own one spelling: segments of unreserved characters only (nothing to decode
 * or re-encode), none empty, none "." or "..", none ending in a dot, at most a final slash.
 */
const CANONICAL = /^(?:\/[A-Za-z0-9_~-](?:[A-Za-z0-9._~-]*[A-Za-z0-9_~-])?)*\/?$/

/** The refusal of a reserved first segment written in another case, or null. */
function firstSegmentCased(pathname: string, reserved: readonly string[]): RequestTarget | null {
  const end = pathname.indexOf('/', 1)
  const first = end === -1 ? pathname.slice(1) : pathname.slice(1, end)
  const lower = first.toLowerCase()
  return lower !== first && reserved.includes(lower) ? refuse(REQUEST_PATH_MESSAGES.miscased(lower)) : null
}

/**
 * The one spelling of a request target (`req.url`): its path resolved and re-encoded, its query
 * as sent. `reserved` are first segments the router routes on: another case of them is refused.
 */
export function normaliseRequestTarget(rawUrl: string, reserved: readonly string[] = []): RequestTarget {
  if (!rawUrl.startsWith('/') || rawUrl.includes('#')) return refuse(REQUEST_PATH_MESSAGES.notAPath)
  if (CONTROL.test(rawUrl)) return refuse(REQUEST_PATH_MESSAGES.control)
  const queryAt = rawUrl.indexOf('?')
  const rawPath = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt)
  const search = queryAt === -1 ? '' : rawUrl.slice(queryAt)
  // Most paths are already their one spelling: nothing to decode, resolve or re-encode.
  if (CANONICAL.test(rawPath)) return firstSegmentCased(rawPath, reserved) ?? { ok: true, pathname: rawPath, search }
  if (rawPath.includes('\\')) return refuse(REQUEST_PATH_MESSAGES.separator)

  const segments: string[] = []
  // A path that ends on a slash, "." or ".." names a folder, as URL resolution has it.
  let folder = false
  for (const raw of rawPath.slice(1).split('/')) {
    let segment: string
    try {
      segment = decodeURIComponent(raw)
    } catch {
      return refuse(REQUEST_PATH_MESSAGES.malformed)
    }
    if (CONTROL.test(segment)) return refuse(REQUEST_PATH_MESSAGES.control)
    if (segment.includes('/') || segment.includes('\\')) return refuse(REQUEST_PATH_MESSAGES.separator)
    if (ESCAPE.test(segment)) return refuse(REQUEST_PATH_MESSAGES.encodedTwice)
    folder = segment === '' || segment === '.' || segment === '..'
    if (segment === '' || segment === '.') continue
    if (segment === '..') {
      if (segments.pop() === undefined) return refuse(REQUEST_PATH_MESSAGES.aboveRoot)
      continue
    }
    if (segment.endsWith('.')) return refuse(REQUEST_PATH_MESSAGES.trailingDot)
    segments.push(segment)
  }

  const refused = segments[0] === undefined ? null : firstSegmentCased('/' + segments[0], reserved)
  if (refused) return refused
  const pathname = '/' + segments.map(encodeSegment).join('/') + (folder && segments.length > 0 ? '/' : '')
  return { ok: true, pathname, search }
}
