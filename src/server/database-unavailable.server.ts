/**
 * The database cannot be reached right now (restart, failover, network): connection refused or
 * reset, the server shutting down or starting up, or no connection free in time. Such a request
 * may succeed a moment later, so it is a 503, not a 500.
 */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN'])
/**
 * The same conditions as words in a message. Some wrappers keep only the text of the driver's
 * error: Payload's beginTransaction, which every write through the Local API opens, rethrows
 * `new Error("Error: cannot begin transaction: connect ECONNREFUSED …")` with neither the code
 * nor the cause, so the codes are looked for in the text too.
 */
const UNREACHABLE_MESSAGES = new RegExp(
  [
    'Connection terminated',
    'connection timeout',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error',
    'Connection ended',
    // PostgreSQL's own words for 57P01–57P03.
    'terminating connection due to administrator command',
    'the database system is (?:shutting down|starting up|in recovery mode|not yet accepting connections)',
    `\\b(?:connect|read|write|getaddrinfo) (?:${[...UNREACHABLE_CODES].join('|')})\\b`,
  ].join('|'),
  'i',
)

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current && typeof current === 'object' && depth < 6; depth++) {
    const code = (current as { code?: unknown }).code
    // Class 08: connection exception; 57P01–57P03: admin shutdown, crash shutdown, cannot connect now.
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))) return true
    const message = (current as { message?: unknown }).message
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

export const UNAVAILABLE_MESSAGE = 'The academy is briefly unavailable. Please try again in a moment.'
/** Seconds a client should wait before trying again after a 503. */
export const UNAVAILABLE_RETRY_AFTER = '5'
