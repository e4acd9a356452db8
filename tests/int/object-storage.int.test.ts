import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'

import { UNAVAILABLE_MESSAGE } from '#server/database-unavailable.server'
import { adminQuery, databaseUrl, uniqueName } from '#tests/support/postgres'
import { startS3StandIn, type S3StandIn } from '#tests/support/s3-stand-in'
import { startServerProcess, stopAllServerProcesses, type ServerProcess } from '#tests/support/server-process'

/**
 * Site images in object storage (S3_BUCKET): two app processes on one database and one bucket
 * (a local S3-compatible server, checking every request's signature), each with a data folder
 * of its own, as replicas on different hosts. An image uploaded through one is stored in the
 * bucket, not on that process's disk, and served byte for byte by the other.
 */
const ORIGIN = 'http://academy.test'
const HERO = 'landing.hero.image'
let database = ''
let s3: S3StandIn
let a: ServerProcess
let b: ServerProcess
let dataDirs: string[] = []
let adminCookie = ''

async function makeImage(format: 'jpeg' | 'png', width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3)
  for (let i = 0; i < raw.length; i += 3) {
    const x = (i / 3) % width
    const y = Math.floor(i / 3 / width)
    raw[i] = (x * 255) / width
    raw[i + 1] = (y * 255) / height
    raw[i + 2] = ((x + y) * 7) % 256
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer()
}

async function upload(server: ServerProcess, key: string, image: Buffer, type: string, alt?: string): Promise<Response> {
  const form = new FormData()
  form.set('file', new Blob([new Uint8Array(image)], { type }), `photo.${type.split('/')[1]}`)
  if (alt !== undefined) form.set('alt', alt)
  return fetch(`${server.url}/api/site-assets/${key}`, { method: 'POST', headers: { origin: ORIGIN, cookie: adminCookie }, body: form })
}

async function remove(server: ServerProcess, key: string): Promise<Response> {
  return fetch(`${server.url}/api/site-assets/${key}`, { method: 'DELETE', headers: { origin: ORIGIN, cookie: adminCookie } })
}

type Asset = { key: string; url: string; srcset: string; width: number; height: number; alt: string }
/** The file names of every size the asset lists (its srcset includes the full-size file). */
const fileNames = (asset: Asset) => asset.srcset.split(', ').map((entry) => decodeURIComponent(entry.split(' ')[0]!.split('/').pop()!))
const fileUrl = (server: ServerProcess, name: string) => `${server.url}/api/site-assets/file/${encodeURIComponent(name)}`
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer())
/** What each process keeps on its own disk under its media folder (nothing, with a bucket). */
const localMedia = async () => (await Promise.all(dataDirs.map((dir) => readdir(path.join(dir, 'media')).catch(() => [])))).flat()

beforeAll(async () => {
  database = uniqueName('academy_s3')
  await adminQuery(inject('pgServer'), `CREATE DATABASE ${database} TEMPLATE ${inject('pgTemplate')}`)
  s3 = await startS3StandIn()
  dataDirs = await Promise.all([0, 1].map(() => mkdtemp(path.join(tmpdir(), 'academy-replica-'))))
  const env = {
    DATABASE_URL: databaseUrl(inject('pgServer'), database),
    PAYLOAD_SECRET: 'object-storage-test-secret-long-enough-for-the-check',
    PUBLIC_ORIGIN: ORIGIN,
    SEED_DEMO_DATA: 'false',
    ...s3.env,
  }
  ;[a, b] = await Promise.all([startServerProcess({ ...env, ACADEMY_DATA_DIR: dataDirs[0] }), startServerProcess({ ...env, ACADEMY_DATA_DIR: dataDirs[1] })])
  const login = await fetch(`${a.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ username: 'admin', password: 'admin-password-1' }),
  })
  expect(login.status).toBe(200)
  adminCookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}, 120_000)

afterAll(async () => {
  await stopAllServerProcesses()
  await s3?.close()
  await adminQuery(inject('pgServer'), `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {})
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

describe('site images in object storage, across two processes', () => {
  let first: Asset

  it('an image uploaded through one process is stored in the bucket in every size, and on no disk', async () => {
    const res = await upload(a, HERO, await makeImage('jpeg', 1800, 1200), 'image/jpeg', 'Dancers at the barre')
    expect(res.status).toBe(201)
    first = (await res.json()) as Asset
    expect(first).toMatchObject({ key: HERO, alt: 'Dancers at the barre', width: 1800, height: 1200 })
    expect(first.url).toMatch(/^\/api\/site-assets\/file\/landing-hero-image-[0-9a-f]{12}\.webp$/)
    expect(first.srcset.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['640w', '1024w', '1600w', '1800w'])
    expect(await s3.keys()).toEqual(fileNames(first).sort())
    expect(await localMedia()).toEqual([])
  })

  it('the other process serves each file with the bytes in the bucket, as WebP, cacheable for good', async () => {
    expect((await (await fetch(`${b.url}/api/site-assets/${HERO}`)).json()) as Asset).toEqual(first)
    for (const [name, width] of fileNames(first).map((name, i) => [name, first.srcset.split(', ')[i]!.split(' ')[1]] as const)) {
      const stored = await s3.object(name)
      const fromB = await fetch(fileUrl(b, name))
      expect(fromB.status, name).toBe(200)
      expect(fromB.headers.get('content-type')).toBe('image/webp')
      expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const served = await bytesOf(fromB)
      expect(served.equals(stored), name).toBe(true)
      expect((await bytesOf(await fetch(fileUrl(a, name)))).equals(stored), name).toBe(true)
      const meta = await sharp(served).metadata()
      expect([meta.format, `${meta.width}w`]).toEqual(['webp', width])
    }
  })

  it('answers conditional and range requests from the bucket', async () => {
    const name = fileNames(first)[0]!
    const full = await fetch(fileUrl(b, name))
    const etag = full.headers.get('etag')
    expect(etag).toBeTruthy()
    const again = await fetch(fileUrl(b, name), { headers: { 'if-none-match': etag! } })
    expect(again.status).toBe(304)
    expect((await again.arrayBuffer()).byteLength).toBe(0)
    const part = await fetch(fileUrl(a, name), { headers: { range: 'bytes=0-99' } })
    expect(part.status).toBe(206)
    expect((await bytesOf(part)).equals((await s3.object(name)).subarray(0, 100))).toBe(true)
  })

  it('serves only the bucket’s image files: other names and missing objects are 404', async () => {
    for (const attempt of ['missing-file.webp', 'notes.txt']) {
      expect((await fetch(`${b.url}/api/site-assets/file/${attempt}`)).status, attempt).toBe(404)
    }
    // A name with an encoded slash never reaches the endpoint: the router refuses the path (docs/decisions/003).
    for (const attempt of ['..%2Fsecret.webp', '%2E%2E%2F' + encodeURIComponent(fileNames(first)[0]!)]) {
      expect((await fetch(`${b.url}/api/site-assets/file/${attempt}`)).status, attempt).toBe(400)
    }
  })

  it('a replacement through the other process swaps the objects: the old ones leave the bucket and are 404 everywhere', async () => {
    const res = await upload(b, HERO, await makeImage('png', 1200, 800), 'image/png')
    expect(res.status).toBe(200)
    const second = (await res.json()) as Asset
    expect(second).toMatchObject({ key: HERO, alt: 'Dancers at the barre', width: 1200, height: 800 })
    expect(second.url).not.toBe(first.url)
    expect(await s3.keys()).toEqual(fileNames(second).sort())
    for (const name of fileNames(first)) {
      for (const server of [a, b]) expect((await fetch(fileUrl(server, name))).status, name).toBe(404)
    }
    for (const name of fileNames(second)) {
      const fromA = await fetch(fileUrl(a, name))
      expect(fromA.status, name).toBe(200)
      expect((await bytesOf(fromA)).equals(await s3.object(name)), name).toBe(true)
    }
    expect(((await (await fetch(`${a.url}/api/site-assets/${HERO}`)).json()) as Asset).url).toBe(second.url)
    expect(await localMedia()).toEqual([])
    first = second
  })

  it('a deletion removes every object from the bucket; neither process serves the files any more', async () => {
    const other = await upload(b, 'test.image_kept', await makeImage('jpeg', 500, 400), 'image/jpeg', 'Kept')
    expect(other.status).toBe(201)
    const kept = (await other.json()) as Asset
    const res = await remove(a, HERO)
    expect(res.status).toBe(200)
    expect(await s3.keys()).toEqual(fileNames(kept).sort())
    for (const name of fileNames(first)) {
      for (const server of [a, b]) expect((await fetch(fileUrl(server, name))).status, name).toBe(404)
    }
    expect((await fetch(`${b.url}/api/site-assets/${HERO}`)).status).toBe(404)
    expect((await fetch(fileUrl(b, fileNames(kept)[0]!))).status).toBe(200)
    expect(await localMedia()).toEqual([])
  })

  it('an object missing from the bucket is a 404, not an error', async () => {
    const asset = (await (await fetch(`${a.url}/api/site-assets/test.image_kept`)).json()) as Asset
    const name = fileNames(asset)[0]!
    await s3.remove(name)
    expect((await fetch(fileUrl(b, name))).status).toBe(404)
  })

  it('with the bucket unreachable an upload fails and stores nothing; files answer an error, never an empty image', async () => {
    const asset = (await (await fetch(`${a.url}/api/site-assets/test.image_kept`)).json()) as Asset
    await s3.close()
    const res = await upload(a, 'test.image_lost', await makeImage('jpeg', 300, 200), 'image/jpeg')
    // Unreachable is worth another try in a moment, like an unreachable database.
    expect([res.status, ((await res.json()) as { message: string }).message, res.headers.get('retry-after')]).toEqual([503, UNAVAILABLE_MESSAGE, '5'])
    expect((await fetch(`${b.url}/api/site-assets/test.image_lost`)).status).toBe(404)
    const file = await fetch(fileUrl(b, fileNames(asset).at(-1)!))
    expect([file.status, ((await file.json()) as { message: string }).message, file.headers.get('retry-after')]).toEqual([503, UNAVAILABLE_MESSAGE, '5'])
    expect(file.headers.get('content-type')).not.toBe('image/webp')
  })
})
