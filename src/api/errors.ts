import { APIError, ValidationError } from 'payload'
import { ZodError } from 'zod'

import { isDatabaseUnavailable, UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER } from '#server/database-unavailable.server'
import { loggableError } from '#server/log-safety.server'

/** The one error type of the contract (decisions §1). */
export type ErrorCode = 'BAD_INPUT' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'PAYLOAD_TOO_LARGE' | 'RATE_LIMITED' | 'UNAVAILABLE'

const STATUS: Record<ErrorCode, number> = {
  BAD_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
}

export type FieldError = { path: string; message: string }

export class AppError extends Error {
  readonly code: ErrorCode
  readonly status: number
  readonly errors?: FieldError[]
  readonly headers?: Record<string, string>

  constructor(code: ErrorCode, message: string, options: { errors?: FieldError[]; headers?: Record<string, string> } = {}) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.status = STATUS[code]
    this.errors = options.errors
    this.headers = options.headers
  }
}

export const badInput = (message: string, errors?: FieldError[]) => new AppError('BAD_INPUT', message, { errors })
export const unauthenticated = (message = 'Please log in to continue.') => new AppError('UNAUTHENTICATED', message)
export const forbidden = (message = 'You do not have permission to perform this action.') => new AppError('FORBIDDEN', message)
export const notFound = (message = 'Not found.') => new AppError('NOT_FOUND', message)
export const conflict = (message: string, errors?: FieldError[]) => new AppError('CONFLICT', message, { errors })

/**
 * PostgreSQL's unique_violation, wherever the driver or Payload wrapped it; with `constraint`,
 * only a violation of the index whose name contains it.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, constraint: violated } = current as { code?: unknown; constraint?: unknown }
    if (code === '23505') return constraint === undefined || String(violated ?? '').includes(constraint)
    current = (current as { cause?: unknown }).cause
  }
  return false
}

export const unavailable = () => new AppError('UNAVAILABLE', UNAVAILABLE_MESSAGE, { headers: { 'retry-after': UNAVAILABLE_RETRY_AFTER } })

function fromZod(error: ZodError): AppError {
  const errors = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
  return badInput(errors[0]?.message ?? 'Invalid input', errors)
}

/** Turns anything thrown under an endpoint into the `{message}` answer with its status. */
export function toErrorResponse(error: unknown): Response {
  let appError: AppError | null = null
  if (error instanceof AppError) appError = error
  else if (error instanceof ZodError) appError = fromZod(error)
  else if (error instanceof ValidationError) {
    const errors = ((error.data as { errors?: FieldError[] })?.errors ?? []).map((e) => ({ path: e.path, message: e.message }))
    appError = badInput(errors[0]?.message ?? 'Invalid input', errors)
  } else if (isUniqueViolation(error)) appError = conflict('This record already exists.')
  else if (isDatabaseUnavailable(error)) appError = unavailable()
  else if (error instanceof APIError && error.status >= 400 && error.status < 500) {
    const code = (Object.entries(STATUS).find(([, s]) => s === error.status)?.[0] ?? 'BAD_INPUT') as ErrorCode
    appError = new AppError(code, error.message)
  }

  if (!appError) {
    // A failed query's values (a password hash, a child's notes) never reach the log: its name and code do.
    console.error('[api] unexpected error', loggableError(error))
    return Response.json({ message: 'Something went wrong on our side. Please try again.' }, { status: 500 })
  }
  const body: { message: string; errors?: FieldError[] } = { message: appError.message }
  if (appError.errors?.length) body.errors = appError.errors
  return Response.json(body, { status: appError.status, headers: appError.headers })
}
