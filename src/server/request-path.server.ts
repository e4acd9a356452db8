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
 * The one spelling of a request target (`req.url`): its path resolved and re-encoded, its query
 * as sent. `reserved` are first segments the router routes on: another case of them is refused.
 */
export function normaliseRequestTarget(rawUrl: string, reserved: readonly string[] = []): RequestTarget {
  if (!rawUrl.startsWith('/') || rawUrl.includes('#')) return refuse(REQUEST_PATH_MESSAGES.notAPath)
  if (CONTROL.test(rawUrl)) return refuse(REQUEST_PATH_MESSAGES.control)
  const queryAt = rawUrl.indexOf('?')
  const rawPath = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt)
  const search = queryAt === -1 ? '' : rawUrl.slice(queryAt)
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

  const first = segments[0]
  if (first !== undefined) {
    const lower = first.toLowerCase()
    if (lower !== first && reserved.includes(lower)) return refuse(REQUEST_PATH_MESSAGES.miscased(lower))
  }
  const pathname = '/' + segments.map(encodeSegment).join('/') + (folder && segments.length > 0 ? '/' : '')
  return { ok: true, pathname, search }
}
