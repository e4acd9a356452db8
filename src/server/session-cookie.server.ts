/**
 * Payload names its session cookie `<cookiePrefix>-token`. payload.config pins the prefix to this
 * value, so the router's checks for a signed-in request (private pages, the public-read fast
 * path) cannot drift from the cookie Payload actually sets.
 */
export const SESSION_COOKIE_PREFIX = 'payload'

const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE_PREFIX}-token=`)

/** Whether a request's Cookie header carries a session (valid or not: either way it is not a visitor's). */
export function carriesSessionCookie(cookieHeader: string | string[] | undefined): boolean {
  return SESSION_COOKIE.test(String(cookieHeader ?? ''))
}
