import { ACCOUNT_MESSAGES, cleanResetToken, RESET_TOKEN_PATTERN } from './schemas'

/**
 * Reading the reset token from the link a family clicked (spec §5 "Reset token"). The token
 * itself is cleaned by the shared rule (`cleanResetToken`, also applied by the server); this
 * adds what only the whole link shows: a quoted-printable `token=3D…` (the `=` after the
 * parameter name damaged), percent-encoding of the separators (once or twice), and a link
 * that cannot be decoded at all.
 */
export const RESET_LINK_MESSAGES = {
  missing: ACCOUNT_MESSAGES.resetLinkMissing,
  unparsable: 'Invalid reset link format. Please request a new password reset.',
  format: ACCOUNT_MESSAGES.resetTokenFormat,
  /** Spec §8: a submit without any token (the form is not shown then, but the call guards it). */
  noToken: 'Invalid reset token. Please request a new password reset.',
} as const

export type ResetTokenResult = { ok: true; token: string } | { ok: false; reason: 'missing' | 'unparsable' | 'format'; message: string }

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
  // The quoted-printable repairs run on the whole query first: `token=3D…` only makes
  // sense once the parameter's own `=` is seen.
  query = query
    .replace(/=\r?\n/g, '')
    .replace(/=3D/gi, '=')
    .replace(/\\x3d/gi, '=')

  let raw: string | null = null
  for (const part of query.split('&')) {
    const at = part.indexOf('=')
    if (at === -1 || part.slice(0, at).trim().toLowerCase() !== 'token') continue
    raw = part.slice(at + 1).replace(/^=+/, '')
    break
  }
  const token = raw === null ? '' : cleanResetToken(raw)
  if (!token) return fail('missing')
  if (!RESET_TOKEN_PATTERN.test(token)) return fail('format')
  return { ok: true, token }
}
