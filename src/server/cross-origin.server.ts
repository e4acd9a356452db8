import type { IncomingMessage } from 'node:http'

/** Methods that change state: the ones a cross-site page must not send us. */
export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * A state-changing call from a browser must come from our own origin: SameSite=Lax already
 * keeps the cookie off cross-site POSTs, and this refuses the rest (decisions §3).
 */
export function crossOriginRefusal(req: IncomingMessage, allowedOrigins: readonly string[]): string | null {
  if (!STATE_CHANGING.has(req.method ?? 'GET')) return null
  const origin = req.headers.origin
  if (origin && origin !== 'null' && !allowedOrigins.includes(origin)) return 'Cross-origin requests are not allowed.'
  if (origin === 'null') return 'Cross-origin requests are not allowed.'
  if (!origin && req.headers['sec-fetch-site'] === 'cross-site') return 'Cross-origin requests are not allowed.'
  return null
}
