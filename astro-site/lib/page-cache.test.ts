import { gunzipSync, brotliDecompressSync } from 'node:zlib'

import { describe, expect, it } from 'vitest'

import { capturePage, compressStreaming, PageCache, pageResponse } from './page-cache'

const html = (text: string) =>
  new Response(`<!doctype html><p>${text}</p>`.repeat(20), { headers: { 'content-type': 'text/html', 'content-security-policy': "script-src 'self'" } })

describe('the public pages cache', () => {
  it('serves an entry only while the page data is the very same', async () => {
    const cache = new PageCache()
    const texts = {}
    const classes: unknown[] = []
    cache.set('/', await capturePage(html('hello'), [texts, classes]))
    expect(cache.get('/', [texts, classes])).not.toBeNull()
    expect(cache.get('/', [{}, classes]), 'after a text edit').toBeNull()
    expect(cache.get('/', [texts, classes]), 'a stale entry is dropped').toBeNull()
  })

  it('keeps a bounded number of pages, dropping the oldest', async () => {
    const cache = new PageCache(2)
    const deps = [1]
    for (const key of ['/a', '/b', '/c']) cache.set(key, await capturePage(html(key), deps))
    expect(cache.size).toBe(2)
    expect(cache.get('/a', deps)).toBeNull()
    expect(cache.get('/c', deps)).not.toBeNull()
  })

  it('answers with the compressed form the client accepts and keeps the page headers', async () => {
    const page = await capturePage(html('compressed'), [])
    const br = pageResponse(page, 'gzip, br')
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('content-security-policy')).toBe("script-src 'self'")
    expect(br.headers.get('vary')).toBe('Accept-Encoding, Cookie')
    const body = Buffer.from(await br.arrayBuffer())
    expect(Number(br.headers.get('content-length'))).toBe(body.length)
    expect(brotliDecompressSync(body).toString()).toContain('<p>compressed</p>')

    const gzip = pageResponse(page, 'gzip')
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toContain('<p>compressed</p>')

    const plain = pageResponse(page, null)
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toContain('<p>compressed</p>')
  })
})

describe('pages rendered for one person', () => {
  it('are gzipped as they stream when the client accepts gzip', async () => {
    const response = compressStreaming(html('mine'), 'gzip, br')
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toContain('<p>mine</p>')
  })

  it('are left alone for a client without gzip, and other content types always', () => {
    const page = html('plain')
    expect(compressStreaming(page, 'br')).toBe(page)
    const json = new Response('{}', { headers: { 'content-type': 'application/json' } })
    expect(compressStreaming(json, 'gzip')).toBe(json)
  })
})
