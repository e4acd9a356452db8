import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createStaticHandler } from './static.server'

const script = 'console.log("a built island");\n'.repeat(50)
let dir: string
let server: http.Server
let base: string

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'academy-static-'))
  mkdirSync(path.join(dir, '_astro'))
  writeFileSync(path.join(dir, '_astro/island.abc123.js'), script)
  writeFileSync(path.join(dir, '_astro/island.abc123.js.br'), brotliCompressSync(script))
  writeFileSync(path.join(dir, '_astro/island.abc123.js.gz'), gzipSync(script))
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  writeFileSync(path.join(dir, '.secret'), 'not for the web')
  const serveStatic = createStaticHandler(dir)
  server = http.createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0]!
    if (!serveStatic(req, res, pathname, { 'x-content-type-options': 'nosniff' })) res.writeHead(404, { 'x-fell-through': 'yes' }).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  rmSync(dir, { recursive: true, force: true })
})

/** node's fetch decodes bodies itself; this reads the bytes as sent. */
function get(
  pathname: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      // Options rather than a URL: the path goes out as written, not normalised.
      .request({ host: '127.0.0.1', port: new URL(base).port, path: pathname, method, headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
      .end()
  })
}

describe('built assets', () => {
  it('serves hashed files as immutable, with their type and the security headers', async () => {
    const res = await get('/_astro/island.abc123.js')
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/javascript/)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body.toString()).toBe(script)
    const icon = await get('/favicon.svg')
    expect(icon.headers['content-type']).toBe('image/svg+xml')
    expect(icon.headers['cache-control']).toBe('public, max-age=3600')
  })

  it('sends the pre-compressed sibling the client prefers, q-values honoured', async () => {
    const br = await get('/_astro/island.abc123.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['vary']).toBe('Accept-Encoding')
    expect(brotliDecompressSync(br.body).toString()).toBe(script)
    const gz = await get('/_astro/island.abc123.js', { 'accept-encoding': 'br;q=0.5, gzip;q=1' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    const none = await get('/_astro/island.abc123.js', { 'accept-encoding': 'br;q=0, gzip;q=0' })
    expect(none.headers['content-encoding']).toBeUndefined()
    expect(none.body.toString()).toBe(script)
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/_astro/island.abc123.js', { 'accept-encoding': 'br' })
    const etag = first.headers['etag']
    expect(etag).toBeTruthy()
    const again = await get('/_astro/island.abc123.js', { 'accept-encoding': 'br', 'if-none-match': etag! })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
  })

  it('leaves everything else to the pages: unknown paths, dotfiles, other methods', async () => {
    for (const pathname of ['/', '/about', '/.secret', '/_astro/missing.js', '/_astro/../favicon.svg', '/_astro/%2e%2e/favicon.svg']) {
      const res = await get(pathname)
      expect([pathname, res.headers['x-fell-through']]).toEqual([pathname, 'yes'])
      expect(res.headers['cache-control']).toBeUndefined()
    }
    const post = await get('/favicon.svg', {}, 'POST')
    expect(post.headers['x-fell-through']).toBe('yes')
    const head = await get('/favicon.svg', {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
  })
})

describe('before the first build', () => {
  it('serves nothing, and does not fail, when the build folder does not exist', () => {
    const serveStatic = createStaticHandler(path.join(os.tmpdir(), `academy-no-build-${process.pid}`))
    const req = { method: 'GET', headers: {} } as http.IncomingMessage
    expect(serveStatic(req, {} as http.ServerResponse, '/favicon.svg', {})).toBe(false)
  })
})
