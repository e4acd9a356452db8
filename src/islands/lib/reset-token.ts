/**
 * Reading the reset token from the link a family clicked (spec §5 "Reset token"). Mail
 * programs damage links: quoted-printable leaves `=3D` for `=` and soft line breaks, some
 * escape characters as `\xHH` or percent-encode them (sometimes twice), and wrapping adds
 * whitespace. The cleaned token must be URL-safe base64 characters, at least 20 long.
 */
export const RESET_LINK_MESSAGES = {
  missing: 'Invalid reset link. Please request a new password reset.',
  unparsable: 'Invalid reset link format. Please request a new password reset.',
  format: 'Invalid reset token format. Please request a new password reset.',
  /** Spec §8: a submit without any token (the form is not shown then, but the call guards it). */
  noToken: 'Invalid reset token. Please request a new password reset.',
} as const

export const RESET_TOKEN_MIN = 20
/** Our tokens are 43 characters; anything far longer is not a link we sent. */
export const RESET_TOKEN_MAX = 512
const TOKEN_PATTERN = /^[A-Za-z0-9_-]+$/

export type ResetTokenResult =
  | { ok: true; token: string }
  | { ok: false; reason: keyof Omit<typeof RESET_LINK_MESSAGES, 'noToken'>; message: string }

function fail(reason: 'missing' | 'unparsable' | 'format'): ResetTokenResult {
  return { ok: false, reason, message: RESET_LINK_MESSAGES[reason] }
}

/** Undoes percent-encoding, including a link encoded twice; throws on a malformed escape. */
function percentDecode(value: string): string {
  let current = value
  for (let i = 0; i < 3 && /%[0-9a-f]{2}/i.test(current); i++) current = decodeURIComponent(current)
  if (/%(?![0-9a-f]{2})/i.test(current)) throw new URIError('malformed percent escape')
  return current
}

/** The token from a query string such as `?token=…` (with or without the leading `?`). */
export function readResetToken(search: string): ResetTokenResult {
  let query = search.replace(/^\?/, '')
  try {
    query = percentDecode(query)
  } catch {
    return fail('unparsable')
  }
  query = query
    .replace(/=\r?\n/g, '') // quoted-printable soft line breaks
    .replace(/=3D/gi, '=') // quoted-printable `=`
    .replace(/\\x([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\s+/g, '')

  let token: string | null = null
  for (const part of query.split('&')) {
    const at = part.indexOf('=')
    if (at === -1 || part.slice(0, at).toLowerCase() !== 'token') continue
    token = part.slice(at + 1).replace(/^=+/, '')
    break
  }
  if (!token) return fail('missing')
  if (token.length < RESET_TOKEN_MIN || token.length > RESET_TOKEN_MAX || !TOKEN_PATTERN.test(token)) return fail('format')
  return { ok: true, token }
}
