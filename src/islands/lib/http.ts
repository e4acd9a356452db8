/**
 * The browser side of the /api contract (decisions §1): JSON bodies, the session cookie,
 * and errors as `{ message }`. Only files under src/islands/api/ call this.
 */
export type FieldError = { path: string; message: string }

export class ApiError extends Error {
  readonly status: number
  /** The server's own sentence, when it sent one (`{ message }`). */
  readonly serverMessage: string | null
  readonly errors: FieldError[]
  /** The parsed JSON answer, for calls whose failure carries more than `message` (e.g. `error`). */
  readonly body: unknown

  constructor(status: number, serverMessage: string | null, fallback: string, errors: FieldError[] = [], body: unknown = null) {
    super(serverMessage ?? fallback)
    this.name = 'ApiError'
    this.status = status
    this.serverMessage = serverMessage
    this.errors = errors
    this.body = body
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** A generic failure reads "{status} {body}" (spec §8) when the server sent no message. */
async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '')
  let body: unknown = null
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    body = null
  }
  const message = isRecord(body) && typeof body.message === 'string' && body.message ? body.message : null
  const errors = isRecord(body) && Array.isArray(body.errors) ? (body.errors.filter((e) => isRecord(e) && typeof e.message === 'string') as FieldError[]) : []
  return new ApiError(response.status, message, `${response.status} ${text || response.statusText}`.trim(), errors, body)
}

export async function apiRequest<T>(method: Method, path: string, body?: unknown | FormData): Promise<T> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json' } }
  if (body instanceof FormData) init.body = body
  else if (body !== undefined) {
    init.body = JSON.stringify(body)
    init.headers = { ...init.headers, 'content-type': 'application/json' }
  }
  let response: Response
  try {
    response = await fetch(path, init)
  } catch {
    throw new ApiError(0, null, 'Could not reach the server. Please check your connection and try again.')
  }
  if (!response.ok) throw await toApiError(response)
  if (response.status === 204) return undefined as T
  const text = await response.text()
  return (text ? JSON.parse(text) : undefined) as T
}

/** The message a form shows for a failed call: the server's sentence, else the screen's own fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage
  return fallback
}
