import { randomUUID } from 'node:crypto'

import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino'

import { loggableError, safeLogText } from './log-safety.server'

export type { Logger }

/**
 * What every logger of the process does with an error (ours and Payload's, payload.config.ts):
 * writes it through `loggableError`, so a failed query shows its statement's name and
 * PostgreSQL's code, never its values, in the line's `err` and in its message alike (pino takes
 * an error's message as the line's when none is given).
 */
export const SAFE_LOG_OPTIONS = {
  serializers: { err: (error: unknown) => loggableError(error) },
  hooks: {
    logMethod(this: Logger, args: unknown[], method: (...args: unknown[]) => void) {
      const [first, ...rest] = args
      const text = rest.map((arg) => (typeof arg === 'string' ? safeLogText(arg) : arg))
      if (first instanceof Error) return method.apply(this, [{ err: first }, ...(text.length > 0 ? text : [loggableError(first).message])])
      if (typeof first === 'string') return method.apply(this, [safeLogText(first), ...text])
      const fields = first as { err?: unknown; msg?: unknown } | null | undefined
      if (fields && typeof fields === 'object' && fields.err !== undefined && fields.msg === undefined && text.length === 0) {
        return method.apply(this, [fields, loggableError(fields.err).message])
      }
      return method.apply(this, [first, ...text])
    },
  },
} satisfies LoggerOptions

/** The process's one structured logger: JSON lines to stdout (or to `destination`, for tests). */
export function createLogger(destination?: DestinationStream): Logger {
  return pino({ ...SAFE_LOG_OPTIONS, timestamp: pino.stdTimeFunctions.isoTime, formatters: { level: (label) => ({ level: label }) } }, destination)
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
