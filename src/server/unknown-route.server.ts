/**
 * Requests the app has no route for: a method nobody serves (TRACE, PROPFIND, …), and a contract
 * path that matches no endpoint. Both are the caller's error, answered as such, never a 500 from
 * deep inside Payload, Next or Astro, nor a message naming the router's internal paths.
 */

/** The methods the app serves somewhere; any other is a 405 on every path. */
export const SERVED_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
export const ALLOWED_METHODS = [...SERVED_METHODS].join(', ')
export const METHOD_NOT_ALLOWED_MESSAGE = 'This request method is not allowed.'

/** Payload's answer when no endpoint matches (payload/dist/utilities/handleEndpoints.js). */
const routeNotFound = (path: string) => `Route not found "${path}"`

/**
 * Payload's 404 for a contract path no endpoint matches names the path it was handed
 * (`/cms-api/app/…`, where the contract is mounted inside Payload): answered instead with the
 * path the caller used. Any other answer is returned as it is.
 */
export async function withCallerPath(response: Response, internalPath: string, callerPath: string): Promise<Response> {
  if (response.status !== 404 || !response.headers.get('content-type')?.includes('application/json')) return response
  const text = await response.clone().text()
  if (text !== JSON.stringify({ message: routeNotFound(internalPath) })) return response
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  return Response.json({ message: routeNotFound(callerPath) }, { status: 404, headers })
}
