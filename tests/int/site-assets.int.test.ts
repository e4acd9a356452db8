import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { crc32 } from 'node:zlib'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { getSiteTexts } from '#api/site-content'
import { ADMIN, FAMILY, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient, type ApiResponse } from '#tests/support/client'

const HERO = 'landing.hero.image'

let app: TestApp
let dataDir: string
let mediaDir: string
let admin: ApiClient
let family: ApiClient
let visitor: ApiClient
let seq = 0

/** A real photo-like picture: a gradient with some noise, so encoders have work to do. */
async function makeImage(format: 'jpeg' | 'png' | 'webp' | 'avif', width = 2000, height = 1333): Promise<Buffer> {
  const channels = 3
  const raw = Buffer.alloc(width * height * channels)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels
      raw[i] = (x * 255) / width
      raw[i + 1] = (y * 255) / height
      raw[i + 2] = ((x + y) * 7) % 256
    }
  }
  const image = sharp(raw, { raw: { width, height, channels } })
  // AVIF encoding is slow at its default effort; the test needs a valid file, not a small one.
  return (format === 'avif' ? image.avif({ effort: 0 }) : image.toFormat(format)).toBuffer()
}

/** Random pixels do not compress: a PNG of the wanted size in bytes, roughly. */
async function makeNoisePng(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3)
  for (let i = 0; i < raw.length; i++) raw[i] = Math.floor(Math.random() * 256)
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer()
}

/** A valid PNG header announcing 100,000 × 100,000 pixels (a decompression bomb). */
function makePixelBombPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body) >>> 0)
    return Buffer.concat([length, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(100_000, 0)
  ihdr.writeUInt32BE(100_000, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.alloc(16)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function upload(client: ApiClient, key: string, file: Buffer | null, options: { type?: string; name?: string; alt?: string } = {}): Promise<ApiResponse> {
  const form = new FormData()
  if (file) form.set('file', new Blob([new Uint8Array(file)], { type: options.type ?? 'image/jpeg' }), options.name ?? 'photo.jpg')
  if (options.alt !== undefined) form.set('alt', options.alt)
  return client.request('POST', `/api/site-assets/${key}`, undefined, { rawBody: form })
}

const uniqueKey = () => `test.image_${Date.now().toString(36)}_${++seq}`

async function rows() {
  const result = await app.payload.find({ collection: 'site-assets', overrideAccess: true, limit: 0, pagination: false, depth: 0, sort: 'id' })
  return JSON.stringify(result.docs)
}
const files = async () => (await readdir(mediaDir).catch(() => [] as string[])).sort()

const fileName = (url: string | undefined) => decodeURIComponent(String(url).split('/').pop()!)

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'academy-assets-'))
  mediaDir = path.join(dataDir, 'media')
  app = await startTestApp({ ACADEMY_DATA_DIR: dataDir })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await new ApiClient(app.url).login(FAMILY.username, FAMILY.password)
  visitor = new ApiClient(app.url)
})
afterAll(async () => {
  await app?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe('POST /api/site-assets/{key}', () => {
  it('stores an uploaded JPEG re-encoded as WebP in responsive sizes, and answers the asset', { timeout: 90_000 }, async () => {
    const res = await upload(admin, HERO, await makeImage('jpeg'), { alt: 'Dancers at the barre' })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      key: HERO,
      url: expect.stringMatching(/^\/api\/site-assets\/file\/landing-hero-image-[0-9a-f]{12}\.webp$/),
      alt: 'Dancers at the barre',
      srcset: expect.any(String),
      width: 2000,
      height: 1333,
    })
    const entries = res.body.srcset.split(', ').map((entry: string) => entry.split(' '))
    expect(entries.map(([, w]: string[]) => w)).toEqual(['640w', '1024w', '1600w', '2000w'])
    expect(entries.at(-1)[0]).toBe(res.body.url)

    // Every listed file is really there, really WebP, of the width the srcset says.
    for (const [url, w] of entries) {
      const download = await fetch(app.url + url)
      expect(download.status, url).toBe(200)
      expect(download.headers.get('content-type')).toBe('image/webp')
      expect(download.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const meta = await sharp(Buffer.from(await download.arrayBuffer())).metadata()
      expect(meta.format).toBe('webp')
      expect(`${meta.width}w`).toBe(w)
    }
    expect(await files()).toEqual(entries.map(([url]: string[]) => fileName(url)).sort())
  })

  it('answers the asset to anyone, and the public page data uses the same urls', async () => {
    const res = await visitor.get(`/api/site-assets/${HERO}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ key: HERO, alt: 'Dancers at the barre', width: 2000, height: 1333 })
    const image = (await getSiteTexts(app.payload)).image(HERO)
    expect(image).toEqual({ url: res.body.url, alt: res.body.alt, srcset: res.body.srcset })
  })

  it('replaces the image under the same key: new file names, old files removed, alt kept when not sent', { timeout: 90_000 }, async () => {
    const before = (await visitor.get(`/api/site-assets/${HERO}`)).body
    const res = await upload(admin, HERO, await makeImage('png', 1200, 800), { type: 'image/png', name: 'new.png' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ key: HERO, alt: 'Dancers at the barre', width: 1200, height: 800 })
    expect(res.body.url).not.toBe(before.url)
    // Sizes wider than the picture are not made.
    expect(res.body.srcset.split(', ').map((e: string) => e.split(' ')[1])).toEqual(['640w', '1024w', '1200w'])
    expect((await fetch(app.url + before.url)).status).toBe(404)
    expect(await files()).toHaveLength(3)
    expect((await getSiteTexts(app.payload)).image(HERO)?.url).toBe(res.body.url)
    const count = await app.payload.count({ collection: 'site-assets', where: { key: { equals: HERO } }, overrideAccess: true })
    expect(count.totalDocs).toBe(1)
  })

  it('accepts WebP and AVIF uploads too', { timeout: 90_000 }, async () => {
    for (const format of ['webp', 'avif'] as const) {
      const key = uniqueKey()
      const res = await upload(admin, key, await makeImage(format, 480, 320), { type: `image/${format}`, name: `x.${format}`, alt: format })
      expect(res.status, format).toBe(201)
      expect(res.body).toMatchObject({ key, alt: format, width: 480, height: 320 })
      expect(res.body.url).toMatch(/\.webp$/)
      expect((await fetch(app.url + res.body.url)).headers.get('content-type')).toBe('image/webp')
    }
  })

  it('refuses other types whatever the file claims to be, and stores nothing', async () => {
    const before = await rows()
    const filesBefore = await files()
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer()
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>')
    const html = Buffer.from('<html><script>alert(1)</script></html>')
    const truncated = (await makeImage('png', 400, 300)).subarray(0, 400)
    for (const [label, bytes, type] of [
      ['gif', gif, 'image/gif'],
      ['svg as jpeg', svg, 'image/jpeg'],
      ['html as png', html, 'image/png'],
      ['truncated png', truncated, 'image/png'],
      ['empty file', Buffer.alloc(0), 'image/jpeg'],
    ] as const) {
      const res = await upload(admin, uniqueKey(), bytes, { type })
      expect(res.status, label).toBe(400)
      expect(res.body.message, label).toBe('Please upload a JPEG, PNG, WebP or AVIF image.')
    }
    expect(await rows()).toBe(before)
    expect(await files()).toEqual(filesBefore)
  })

  it('refuses a picture with too many pixels before decoding it', async () => {
    const res = await upload(admin, uniqueKey(), makePixelBombPng(), { type: 'image/png' })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('The image is too large: at most 50 megapixels.')
  })

  it('counts every frame of an animated image: 51 frames of one megapixel are too many', { timeout: 90_000 }, async () => {
    const frames = 51
    // Distinct frames: an encoder may merge identical ones.
    const frameImages = await Promise.all(
      Array.from({ length: frames }, (_, i) =>
        sharp({ create: { width: 1000, height: 1000, channels: 3, background: { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 53) % 256 } } })
          .png()
          .toBuffer(),
      ),
    )
    const animated = await sharp(frameImages, { join: { animated: true } })
      .webp({ effort: 0, lossless: true })
      .toBuffer()
    expect((await sharp(animated).metadata()).pages).toBe(frames)
    const res = await upload(admin, uniqueKey(), animated, { type: 'image/webp', name: 'animated.webp' })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('The image is too large: at most 50 megapixels.')
  })

  it('refuses an image over 5 MB with 413, and a body over 6 MB at the door', async () => {
    const before = await rows()
    const big = await makeNoisePng(1370, 1370)
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024)
    expect(big.length).toBeLessThan(6 * 1024 * 1024 - 1000)
    const res = await upload(admin, uniqueKey(), big, { type: 'image/png' })
    expect(res.status).toBe(413)
    expect(res.body.message).toBe('The image must be 5 MB or smaller.')

    const huge = await upload(admin, uniqueKey(), Buffer.concat([big, Buffer.alloc(1024 * 1024)]), { type: 'image/png' }).catch((e: Error) => e)
    // The router answers before reading the body; the client may see the answer or a closed socket.
    if (!(huge instanceof Error)) expect(huge.status).toBe(413)
    expect(await rows()).toBe(before)
  })

  it('asks for a file, sent as multipart/form-data', async () => {
    const missing = await upload(admin, uniqueKey(), null, { alt: 'nothing' })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe('Please choose an image to upload.')
    const json = await admin.post(`/api/site-assets/${uniqueKey()}`, { file: 'x' })
    expect(json.status).toBe(400)
    expect(json.body.message).toBe('Please send the image as multipart/form-data with a "file" field.')
    const longAlt = await upload(admin, uniqueKey(), await makeImage('jpeg', 100, 100), { alt: 'x'.repeat(301) })
    expect(longAlt.status).toBe(400)
    expect(longAlt.body.message).toBe('The alternative text must be at most 300 characters.')
  })

  it('answers 401 to a visitor and 403 to a family, and changes nothing', async () => {
    const before = await rows()
    const filesBefore = await files()
    const image = await makeImage('jpeg', 300, 200)
    expect((await upload(visitor, HERO, image)).status).toBe(401)
    const res = await upload(family, HERO, image)
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('You do not have administrator privileges.')
    expect((await upload(family, uniqueKey(), image)).status).toBe(403)
    expect(await rows()).toBe(before)
    expect(await files()).toEqual(filesBefore)
  })
})

describe('GET /api/site-assets/{key}', () => {
  it('answers 404 for a key without an image', async () => {
    const res = await visitor.get('/api/site-assets/no.such.image')
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Site image not found.')
  })
})

describe('GET /api/site-assets/file/{filename}', () => {
  it('serves nothing outside the upload folder, and nothing that is not an image file', async () => {
    await writeFile(path.join(dataDir, 'secret.webp'), 'top secret')
    await writeFile(path.join(mediaDir, 'notes.txt'), 'not an image')
    // An encoded slash, backslash or NUL never reaches the endpoint: the router refuses the path (docs/decisions/003).
    for (const attempt of ['..%2Fsecret.webp', '%2E%2E%2Fsecret.webp', '..%5Csecret.webp', '%00.webp']) {
      const res = await fetch(`${app.url}/api/site-assets/file/${attempt}`)
      expect(res.status, attempt).toBe(400)
      expect(await res.text()).not.toContain('secret')
    }
    for (const attempt of ['notes.txt', 'missing-file.webp', '.%2E']) {
      const res = await fetch(`${app.url}/api/site-assets/file/${attempt}`)
      expect(res.status, attempt).toBe(404)
      expect(await res.text()).not.toContain('secret')
    }
    expect((await fetch(`${app.url}/api/site-assets/file/../../secret.webp`)).status).toBe(404)
  })
})

describe('DELETE /api/site-assets/{key}', () => {
  it('answers 401 to a visitor and 403 to a family, and keeps the image', async () => {
    const before = await rows()
    const filesBefore = await files()
    expect((await visitor.delete(`/api/site-assets/${HERO}`)).status).toBe(401)
    expect((await family.delete(`/api/site-assets/${HERO}`)).status).toBe(403)
    expect(await rows()).toBe(before)
    expect(await files()).toEqual(filesBefore)
  })

  it('removes the image and its files for an admin; the page falls back to its default picture', async () => {
    const asset = (await visitor.get(`/api/site-assets/${HERO}`)).body
    const names = asset.srcset.split(', ').map((e: string) => fileName(e.split(' ')[0]))
    const res = await admin.delete(`/api/site-assets/${HERO}`)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('The image was removed.')
    expect((await visitor.get(`/api/site-assets/${HERO}`)).status).toBe(404)
    expect((await fetch(app.url + asset.url)).status).toBe(404)
    const left = await files()
    for (const name of names) expect(left).not.toContain(name)
    expect((await getSiteTexts(app.payload)).image(HERO)).toBeNull()
    expect((await admin.delete(`/api/site-assets/${HERO}`)).status).toBe(404)
  })
})
