import { describe, expect, it } from 'vitest'

import { pickEncoding } from './content-encoding.server'

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, when both are equally welcome', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(pickEncoding('gzip')).toBe('gzip')
    expect(pickEncoding('*')).toBe('br')
  })

  it('honours q-values: the highest wins and q=0 refuses', () => {
    expect(pickEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip')
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip')
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeNull()
    expect(pickEncoding('*;q=0.1, gzip;q=0.2')).toBe('gzip')
    expect(pickEncoding('*, br;q=0')).toBe('gzip')
    expect(pickEncoding('BR; Q=1.0')).toBe('br')
  })

  it('sends nothing compressed when nothing offered is accepted', () => {
    expect(pickEncoding('identity')).toBeNull()
    expect(pickEncoding(null)).toBeNull()
    expect(pickEncoding('')).toBeNull()
    expect(pickEncoding('deflate')).toBeNull()
    expect(pickEncoding('br', ['gzip'])).toBeNull()
  })

  it('ignores malformed weights rather than guessing', () => {
    expect(pickEncoding('br;q=abc, gzip')).toBe('br')
    expect(pickEncoding('br;q=2, gzip;q=0.5')).toBe('br')
  })
})
