/**
 * The JavaScript a signed-in family's browser downloads for /dashboard (issue 5: target
 * ≤ 120 KB compressed), for `npm run bench`. Follows every module the page names (island
 * components and renderers, module scripts, modulepreload links) and their static imports.
 * A file is counted as the server sends it to a browser that accepts Brotli; a build without
 * pre-compressed siblings is compressed here at the same setting, so the figure is comparable.
 */
import http from 'node:http'
import { brotliCompressSync, constants } from 'node:zlib'

export type PortalJsFile = { url: string; bytes: number; encoding: 'br' | 'gzip' | 'br (computed)' }
export type PortalJs = { page: string; totalBytes: number; files: PortalJsFile[] }

/** Raw bytes of a GET, without the automatic decompression of fetch(). */
function getRaw(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
      response.on('error', reject)
    })
    request.on('error', reject)
  })
}

const ATTRIBUTE_URLS = /\b(?:component-url|renderer-url|src)="([^"]+\.m?js)"/g
const PRELOADS = /<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g
/** Static imports in Vite/Rolldown output: `import{a}from"./x.js"`, `import"./y.js"`, `export*from"./z.js"`. */
const STATIC_IMPORTS = /(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.m?js)["']/g

function urlsIn(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((match) => match[1]!.replace(/&amp;/g, '&'))
}

export async function benchPortalJs(baseUrl: string, cookie: string, page = '/dashboard'): Promise<PortalJs> {
  // Sent as a browser's own navigation: the session cookie counts only for same-site requests.
  const html = await getRaw(new URL(page, baseUrl).href, { cookie, accept: 'text/html', 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' })
  if (html.status !== 200) throw new Error(`${page} answered ${html.status} (is the cookie a signed-in session?)`)
  const text = html.body.toString('utf8')
  const queue = [...urlsIn(text, ATTRIBUTE_URLS), ...urlsIn(text, PRELOADS)].map((url) => new URL(url, new URL(page, baseUrl)).href)
  const seen = new Set<string>()
  const files: PortalJsFile[] = []
  while (queue.length) {
    const url = queue.shift()!
    if (seen.has(url) || new URL(url).origin !== new URL(baseUrl).origin) continue
    seen.add(url)
    const response = await getRaw(url, { 'accept-encoding': 'br, gzip' })
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
    const encoding = response.headers['content-encoding']
    let source: Buffer
    let bytes: number
    let kind: PortalJsFile['encoding']
    if (encoding === 'br' || encoding === 'gzip') {
      const plain = await getRaw(url, {})
      source = plain.body
      bytes = response.body.length
      kind = encoding
    } else {
      source = response.body
      bytes = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
      kind = 'br (computed)'
    }
    files.push({ url: new URL(url).pathname, bytes, encoding: kind })
    for (const next of urlsIn(source.toString('utf8'), STATIC_IMPORTS)) queue.push(new URL(next, url).href)
  }
  return { page, totalBytes: files.reduce((sum, file) => sum + file.bytes, 0), files }
}

// `node --import tsx scripts/bench-portal.ts http://localhost:3000 'payload-token=…'`
if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseUrl = 'http://localhost:3000', cookie = ''] = process.argv.slice(2)
  const result = await benchPortalJs(baseUrl, cookie)
  for (const file of result.files) console.log(`${(file.bytes / 1024).toFixed(1).padStart(7)} KB  ${file.encoding.padEnd(13)} ${file.url}`)
  console.log(`${(result.totalBytes / 1024).toFixed(1).padStart(7)} KB  total for ${result.page} (target ≤ 120 KB)`)
}
