import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
}

type Entry = { file: string; size: number; type: string; br?: string; gz?: string }

/**
 * Astro's built client files, indexed once at start (middleware mode does not serve them).
 * Hashed files under /_astro/ are immutable; pre-compressed .br/.gz siblings are preferred.
 */
export function createStaticHandler(root: string) {
  const files = new Map<string, Entry>()
  const walk = (dir: string) => {
    if (!existsSync(dir)) return
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name)
      const stat = statSync(full)
      if (stat.isDirectory()) walk(full)
      else if (!name.endsWith('.br') && !name.endsWith('.gz')) {
        const url = '/' + path.relative(root, full).split(path.sep).join('/')
        files.set(url, {
          file: full,
          size: stat.size,
          type: TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
          br: existsSync(full + '.br') ? full + '.br' : undefined,
          gz: existsSync(full + '.gz') ? full + '.gz' : undefined,
        })
      }
    }
  }
  walk(root)

  return function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string, headers: Record<string, string>): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    const entry = files.get(pathname)
    if (!entry) return false
    const accept = String(req.headers['accept-encoding'] ?? '')
    let file = entry.file
    const out: Record<string, string> = {
      ...headers,
      'content-type': entry.type,
      'cache-control': pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      vary: 'Accept-Encoding',
    }
    if (entry.br && /\bbr\b/.test(accept)) {
      file = entry.br
      out['content-encoding'] = 'br'
    } else if (entry.gz && /\bgzip\b/.test(accept)) {
      file = entry.gz
      out['content-encoding'] = 'gzip'
    }
    out['content-length'] = String(statSync(file).size)
    res.writeHead(200, out)
    if (req.method === 'HEAD') res.end()
    else createReadStream(file).pipe(res)
    return true
  }
}
