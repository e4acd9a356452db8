import { randomUUID } from 'node:crypto'

import pino, { type DestinationStream, type Logger } from 'pino'

export type { Logger }

/** The process's one structured logger: JSON lines to stdout (or to `destination`, for tests). */
export function createLogger(destination?: DestinationStream): Logger {
  return pino({ timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label) => ({ level: label }) } }, destination)
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/

/**
 * The caller's (a proxy's) request id when it is a plain short token, else a fresh one. Made by
 * `node:crypto` itself: the admin panel's framework (Next) wraps the global `crypto.randomUUID`
 * for the whole process with a check of its rendering context, which every request would pay.
 */
export function requestId(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID()
}

/**
 * The path as logged: a calendar feed's address is its secret, so it is never written down
 * (in any case: Payload's endpoint paths match case-insensitively, so /api/Calendar/… serves it too).
 */
export function loggedPath(pathname: string): string {
  return pathname.toLowerCase().startsWith('/api/calendar/') ? '/api/calendar/:file' : pathname
}
