import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'

import { pickEncoding, type Encoding } from '#server/content-encoding.server'
import type { KeptAnswer } from '#server/public-read-cache.server'
import type { VisitorPageAnswers } from '#server/visitor-page-cache.server'

/**
 * Rendered HTML of the public pages for visitors without a session, kept in memory with its
 * compressed forms until the data it was rendered from changes.
 *
 * Freshness is exact, not timed: an entry remembers the objects it was rendered from (the
 * site-texts snapshot and the class list, which the in-process caches replace on every edit)
 * and is used only while those are still the current ones. So an edit shows on the very next
 * load, and a visitor's page costs a lookup instead of a render.
 */
export type CachedPage = {
  status: number
  headers: Array<[string, string]>
  body: Uint8Array
  br: Uint8Array
  gzip: Uint8Array
  dependencies: readonly unknown[]
}

function sameDependencies(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i])
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage>()

  constructor(private readonly maxEntries = 64) {}

  get size(): number {
    return this.entries.size
  }

  /** The entry for `key`, if it was rendered from exactly these dependencies. */
  get(key: string, dependencies: readonly unknown[]): CachedPage | null {
    const entry = this.entries.get(key)
    if (!entry) return null
    if (sameDependencies(entry.dependencies, dependencies)) return entry
    this.entries.delete(key)
    return null
  }

  set(key: string, page: CachedPage): void {
    this.entries.delete(key)
    this.entries.set(key, page)
    // Oldest first out: query strings are the visitor's to choose, memory is not.
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string)
  }
}

/** Reads a rendered page once and prepares its compressed forms. */
export async function capturePage(response: Response, dependencies: readonly unknown[]): Promise<CachedPage> {
  const body = new Uint8Array(await response.arrayBuffer())
  const headers = [...response.headers].filter(([name]) => name !== 'content-length' && name !== 'content-encoding')
  return {
    status: response.status,
    headers,
    body,
    br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip: gzipSync(body, { level: 9 }),
    dependencies,
  }
}

export function pageResponse(page: CachedPage, acceptEncoding: string | null, state?: 'hit' | 'miss'): Response {
  const encoding = pickEncoding(acceptEncoding)
  const headers = new Headers(page.headers)
  headers.set('vary', 'Accept-Encoding, Cookie')
  // Visible to tests and operators; says nothing about the visitor.
  if (state) headers.set('x-page-cache', state)
  const body = encoding ? page[encoding] : page.body
  if (encoding) headers.set('content-encoding', encoding)
  headers.set('content-length', String(body.byteLength))
  return new Response(body as BodyInit, { status: page.status, headers })
}

/**
 * The page as the middleware answers a hit, in each encoding, as the router replays it without
 * Astro (src/server/visitor-page-cache.server.ts): status, headers in the order a Response lists
 * them, and the body.
 */
export function visitorAnswers(page: CachedPage): VisitorPageAnswers {
  const answer = (encoding: Encoding | null): KeptAnswer => {
    const response = pageResponse(page, encoding, 'hit')
    const body = encoding ? page[encoding] : page.body
    return { status: response.status, head: [...response.headers].flat(), body: Buffer.from(body.buffer, body.byteOffset, body.byteLength) }
  }
  return { br: answer('br'), gzip: answer('gzip'), identity: answer(null) }
}

/** Compresses a page rendered for one person only (signed in) with gzip, as it streams. */
export function compressStreaming(response: Response, acceptEncoding: string | null): Response {
  const type = response.headers.get('content-type') ?? ''
  if (!response.body || !type.startsWith('text/html') || response.headers.has('content-encoding')) return response
  if (pickEncoding(acceptEncoding, ['gzip']) !== 'gzip') return response
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  headers.set('content-encoding', 'gzip')
  headers.set('vary', 'Accept-Encoding, Cookie')
  return new Response(response.body.pipeThrough(new CompressionStream('gzip')), { status: response.status, statusText: response.statusText, headers })
}
