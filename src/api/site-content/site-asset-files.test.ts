import { describe, expect, it } from 'vitest'

import { detectImageType, servedContentType, siteAssetFileUrl, toSiteAssetDto } from './site-asset-files'

const bytes = (...parts: Array<number[] | string>) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)))

describe('detectImageType', () => {
  it('recognises JPEG, PNG, WebP and AVIF by their first bytes', () => {
    expect(detectImageType(bytes([0xff, 0xd8, 0xff, 0xe0], 'rest'))).toBe('image/jpeg')
    expect(detectImageType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], 'rest'))).toBe('image/png')
    expect(detectImageType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp')
    expect(detectImageType(bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0], 'avifmif1miaf'))).toBe('image/avif')
    expect(detectImageType(bytes([0, 0, 0, 0x1c], 'ftypmif1', [0, 0, 0, 0], 'mif1avifmiaf'))).toBe('image/avif')
  })

  it('refuses other files whatever their name, including HEIC, GIF, SVG and text', () => {
    expect(detectImageType(bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic'))).toBeNull()
    expect(detectImageType(bytes('GIF89a....'))).toBeNull()
    expect(detectImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull()
    expect(detectImageType(bytes('hello'))).toBeNull()
    expect(detectImageType(new Uint8Array())).toBeNull()
  })
})

describe('servedContentType', () => {
  it('answers the image type of a plain generated name', () => {
    expect(servedContentType('landing-hero-image-1a2b3c.webp')).toBe('image/webp')
    expect(servedContentType('x-640x427.webp')).toBe('image/webp')
    expect(servedContentType('photo.JPG')).toBe('image/jpeg')
  })

  it('refuses paths, hidden files, traversal and non-image extensions', () => {
    for (const name of [
      '../secret.webp',
      '..%2Fsecret.webp',
      'a/b.webp',
      'a\\b.webp',
      '.hidden.webp',
      'a..webp',
      'payload-secret',
      'x.svg',
      'x.html',
      '',
      'x.webp\0.txt',
    ]) {
      expect(servedContentType(name), name).toBeNull()
    }
  })
})

describe('toSiteAssetDto', () => {
  it('points every url at our file route and lists the sizes smallest first', () => {
    const dto = toSiteAssetDto({
      key: 'landing.hero.image',
      filename: 'hero-abc.webp',
      content: 'Dancers',
      width: 1800,
      height: 1200,
      sizes: {
        large: { filename: 'hero-abc-1600x1067.webp', width: 1600 },
        small: { filename: 'hero-abc-640x427.webp', width: 640 },
        medium: { filename: null, width: null },
      },
    })
    expect(dto).toEqual({
      key: 'landing.hero.image',
      url: '/api/site-assets/file/hero-abc.webp',
      alt: 'Dancers',
      srcset:
        '/api/site-assets/file/hero-abc-640x427.webp 640w, /api/site-assets/file/hero-abc-1600x1067.webp 1600w, /api/site-assets/file/hero-abc.webp 1800w',
      width: 1800,
      height: 1200,
    })
  })

  it('answers null for a row without a file', () => {
    expect(toSiteAssetDto({ key: 'k', filename: null, content: null, width: null, height: null, sizes: {} })).toBeNull()
  })

  it('encodes file names in urls', () => {
    expect(siteAssetFileUrl('a b.webp')).toBe('/api/site-assets/file/a%20b.webp')
  })
})
