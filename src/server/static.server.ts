import { existsSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'

import sirv from 'sirv'

import { pickEncoding } from './content-encoding.server'

/**
 * Astro's built client files (middleware mode does not serve them) through sirv: the file
 * list is read once at start, types come from mrmime, ETag/If-None-Match answers 304, ranges
 * are honoured, and the pre-compressed .br/.gz siblings are sent when the client takes them.
 * Which encoding a client takes is decided by the process's one negotiation
 * (./content-encoding.server.ts, q-values honoured), not by sirv's own substring test.
 * Hashed files under /_astro/ never change, so browsers keep them for a year.
 */
export function createStaticHandler(root: string) {
  // Before the first build there are no files to serve (the integration tests start the server so).
  if (!existsSync(root)) return () => false
  const serve = sirv(root, {
    dev: false,
    etag: true,
    brotli: true,
    gzip: true,
    extensions: [],
    dotfiles: false,
  })

  return function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string, headers: Record<string, string>): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    // sirv looks for "br"/"gzip" in the header: hand it exactly the negotiated choice.
    const original = req.headers['accept-encoding']
    req.headers['accept-encoding'] = pickEncoding(original) ?? 'identity'
    let found = true
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
    res.setHeader('cache-control', pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
    // The file list is in memory, so sirv decides synchronously whether it has the file.
    serve(req, res, () => {
      found = false
    })
    if (!found) {
      req.headers['accept-encoding'] = original
      for (const name of [...Object.keys(headers), 'cache-control']) res.removeHeader(name)
    }
    return found
  }
}
