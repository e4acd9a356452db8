import type { ServerResponse } from 'node:http'

const PRIVATE = 'private, no-store'

/**
 * A page answered to someone signed in is theirs alone: no shared cache may keep it, whatever
 * the renderer says. Both ways a renderer sets headers are covered (setHeader, and writeHead
 * with headers of its own, which would otherwise win).
 */
export function keepPrivate(res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res)
  res.setHeader = (name, value) => setHeader(name, name.toLowerCase() === 'cache-control' ? PRIVATE : value)
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse
  res.writeHead = ((statusCode: number, ...rest: unknown[]) => {
    const last = rest[rest.length - 1]
    if (Array.isArray(last)) {
      // A flat [name, value, name, value, …] list.
      const kept: unknown[] = []
      for (let i = 0; i < last.length; i += 2) if (String(last[i]).toLowerCase() !== 'cache-control') kept.push(last[i], last[i + 1])
      rest[rest.length - 1] = kept
    } else if (last && typeof last === 'object') {
      rest[rest.length - 1] = Object.fromEntries(Object.entries(last as Record<string, unknown>).filter(([name]) => name.toLowerCase() !== 'cache-control'))
    }
    setHeader('cache-control', PRIVATE)
    return writeHead(statusCode, ...rest)
  }) as typeof res.writeHead
  setHeader('cache-control', PRIVATE)
}
