import type { IncomingMessage, ServerResponse } from 'node:http'

export class BodyTooLargeError extends Error {}

/** Reads a request body into memory, refusing more than `limit` bytes as early as possible. */
export async function readLimitedBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > limit) throw new BodyTooLargeError()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limit) throw new BodyTooLargeError()
    chunks.push(chunk)
  }
  return size === 0 ? undefined : Buffer.concat(chunks, size)
}

export function toFetchHeaders(req: IncomingMessage): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else headers.set(name, value)
  }
  return headers
}

/**
 * Sends a fetch Response through Node's ServerResponse, keeping multiple Set-Cookie headers.
 * `sent` hears exactly what went out (the fast path of public reads keeps it).
 */
export async function sendFetchResponse(
  res: ServerResponse,
  response: Response,
  extraHeaders: Record<string, string> = {},
  sent?: (answer: { status: number; headers: Record<string, string | string[]>; body: Buffer }) => void,
): Promise<void> {
  const headers: Record<string, string | string[]> = { ...extraHeaders }
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return
    headers[name] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length) headers['set-cookie'] = cookies
  if (!response.body) {
    res.writeHead(response.status, headers)
    res.end()
    return
  }
  const body = Buffer.from(await response.arrayBuffer())
  headers['content-length'] = String(body.length)
  res.writeHead(response.status, headers)
  res.end(body)
  sent?.({ status: response.status, headers, body })
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}
