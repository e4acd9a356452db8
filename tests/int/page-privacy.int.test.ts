import type { IncomingMessage, ServerResponse } from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { securityHeaders } from '#server/security-headers.server'
import { startTestApp, type TestApp } from '#tests/support/app'

/**
 * The router's rule for pages, whatever the page renderer does: a page answered to a request
 * with a session cookie is never kept by a shared cache. The renderer here stands in for
 * Astro's node handler, setting its headers in each of the ways a handler can.
 */
let app: TestApp

function renderer(req: IncomingMessage, res: ServerResponse): void {
  const how = new URL(req.url ?? '/', 'http://x').pathname
  if (how === '/object') res.writeHead(200, { 'Cache-Control': 'public, max-age=600', 'content-type': 'text/html' })
  else if (how === '/flat')
    // Astro's node adapter passes a flat [name, value, …] list.
    res.writeHead(200, ['cache-control', 'public, max-age=600', 'content-type', 'text/html'])
  else {
    res.setHeader('cache-control', 'public, max-age=600')
    res.setHeader('content-type', 'text/html')
  }
  res.end('<p>a page</p>')
}

beforeAll(async () => {
  app = await startTestApp({}, { astro: renderer })
})
afterAll(async () => {
  await app?.close()
})

describe('pages and the session cookie', () => {
  it('a signed-in request gets private, no-store however the renderer set its headers', async () => {
    for (const path of ['/object', '/flat', '/set-header']) {
      const res = await fetch(`${app.url}${path}`, { headers: { cookie: 'theme=dark; payload-token=abc.def.ghi' } })
      expect([path, res.status, res.headers.get('cache-control')]).toEqual([path, 200, 'private, no-store'])
      expect(await res.text()).toBe('<p>a page</p>')
    }
  })

  it('a visitor keeps what the renderer chose', async () => {
    const res = await fetch(`${app.url}/object`, { headers: { cookie: 'theme=dark' } })
    expect(res.headers.get('cache-control')).toBe('public, max-age=600')
  })
})

describe('the admin panel policy', () => {
  it('allows scripts from this origin only', () => {
    const policy = securityHeaders({ https: true, area: 'cms' })['Content-Security-Policy']
    expect(policy).toMatch(/script-src 'self' 'unsafe-inline'(;|$)/)
    expect(policy).not.toContain('unsafe-eval')
  })
})
