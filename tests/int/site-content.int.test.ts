import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { getSiteTexts } from '#api/site-content'
import { SITE_CONTENT_DEFAULTS } from '#api/site-content/defaults.schemas'
import { ADMIN, FAMILY, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'

let app: TestApp
let admin: ApiClient
let family: ApiClient
let visitor: ApiClient
let seq = 0

/** A unique key per test, so no test depends on another's rows. */
const uniqueKey = (prefix = 'test') => `${prefix}.item_${Date.now().toString(36)}_${++seq}`

const item = (key: string, extra: Record<string, unknown> = {}) => ({
  key,
  title: 'A test text',
  content: 'Hello dancers',
  section: 'home' as const,
  ...extra,
})

/** Every stored row, to prove a refused call changed nothing. */
async function snapshot() {
  const result = await app.payload.find({ collection: 'site-content', overrideAccess: true, limit: 0, pagination: false, depth: 0, sort: 'id' })
  return JSON.stringify(result.docs)
}

async function storedRow(key: string) {
  const result = await app.payload.find({ collection: 'site-content', where: { key: { equals: key } }, overrideAccess: true, depth: 0 })
  return result.docs[0] ?? null
}

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await new ApiClient(app.url).login(FAMILY.username, FAMILY.password)
  visitor = new ApiClient(app.url)
})
afterAll(async () => {
  await app?.close()
})

describe('GET /api/site-content', () => {
  it('lists published texts to anyone, in the contract shape, and hides unpublished ones', async () => {
    const published = uniqueKey()
    const hidden = uniqueKey()
    expect((await admin.post('/api/site-content', item(published))).status).toBe(201)
    expect((await admin.post('/api/site-content', item(hidden, { isPublished: false }))).status).toBe(201)

    const res = await visitor.get('/api/site-content')
    expect(res.status).toBe(200)
    expect(Array.isArray(res.body)).toBe(true)
    const found = res.body.find((i: { key: string }) => i.key === published)
    expect(found).toEqual({
      key: published,
      title: 'A test text',
      content: 'Hello dancers',
      section: 'home',
      contentType: 'text',
      isPublished: true,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
    })
    expect(res.body.some((i: { key: string }) => i.key === hidden)).toBe(false)
    expect(res.body.every((i: { isPublished: boolean }) => i.isPublished)).toBe(true)
  })

  it('includes unpublished texts only for an admin who asks with ?all=true', async () => {
    const hidden = uniqueKey()
    await admin.post('/api/site-content', item(hidden, { isPublished: false }))
    const has = (body: Array<{ key: string }>) => body.some((i) => i.key === hidden)
    expect(has((await admin.get('/api/site-content?all=true')).body)).toBe(true)
    expect(has((await admin.get('/api/site-content')).body)).toBe(false)
    expect(has((await family.get('/api/site-content?all=true')).body)).toBe(false)
    expect(has((await visitor.get('/api/site-content?all=true')).body)).toBe(false)
  })
})

describe('GET /api/site-content/{key}', () => {
  it('answers a published text to a visitor, and 404 for an unknown key', async () => {
    const key = uniqueKey()
    await admin.post('/api/site-content', item(key))
    const res = await visitor.get(`/api/site-content/${key}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ key, content: 'Hello dancers', isPublished: true })
    const missing = await visitor.get('/api/site-content/no.such.key')
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Site text not found.')
  })

  it('shows an unpublished text to an admin only', async () => {
    const key = uniqueKey()
    await admin.post('/api/site-content', item(key, { isPublished: false }))
    expect((await visitor.get(`/api/site-content/${key}`)).status).toBe(404)
    expect((await family.get(`/api/site-content/${key}`)).status).toBe(404)
    const res = await admin.get(`/api/site-content/${key}`)
    expect(res.status).toBe(200)
    expect(res.body.isPublished).toBe(false)
  })
})

describe('POST /api/site-content', () => {
  it('creates a text for an admin with the spec defaults and records the admin', async () => {
    const key = uniqueKey()
    const res = await admin.post('/api/site-content', { key, title: 'Hero title', content: 'Dance!', section: 'home' })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ key, title: 'Hero title', content: 'Dance!', section: 'home', contentType: 'text', isPublished: true })
    const row = await storedRow(key)
    const me = await admin.get('/api/user')
    expect(row?.updatedBy).toBe(me.body.id)
  })

  it('answers 409 for a key that already exists and leaves the stored text alone', async () => {
    const key = uniqueKey()
    await admin.post('/api/site-content', item(key))
    const before = await snapshot()
    const res = await admin.post('/api/site-content', item(key, { content: 'Replaced?' }))
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(`A site text with the key "${key}" already exists.`)
    expect(await snapshot()).toBe(before)
  })

  it('validates with the spec messages', async () => {
    const before = await snapshot()
    const cases: Array<[Record<string, unknown>, string]> = [
      [item('ab'), 'Key must be at least 3 characters'],
      [{ ...item(uniqueKey()), key: undefined }, 'Key must be at least 3 characters'],
      [item(uniqueKey(), { title: 'ab' }), 'Title must be at least 3 characters'],
      [item(uniqueKey(), { content: '' }), 'Content is required'],
      [item(uniqueKey(), { content: '   ' }), 'Content is required'],
      [item(uniqueKey(), { section: '' }), 'Section is required'],
      [item(uniqueKey(), { section: undefined }), 'Section is required'],
      [item('has spaces/and slashes'), 'Key may contain only letters, digits, dots, dashes and underscores'],
      [item(uniqueKey(), { contentType: 'exe' }), 'Content type must be one of text, html, markdown, json or image'],
      [item(uniqueKey(), { contentType: 'json', content: '{not json' }), 'Content of type json must be valid JSON'],
    ]
    for (const [body, message] of cases) {
      const res = await admin.post('/api/site-content', body)
      expect(res.status, message).toBe(400)
      expect(res.body.message).toBe(message)
    }
    expect(await snapshot()).toBe(before)
  })

  it('answers 401 to a visitor and 403 to a family, and stores nothing', async () => {
    const before = await snapshot()
    const key = uniqueKey()
    expect((await visitor.post('/api/site-content', item(key))).status).toBe(401)
    const res = await family.post('/api/site-content', item(key))
    expect(res.status).toBe(403)
    expect(res.body.message).toBeTypeOf('string')
    expect(await snapshot()).toBe(before)
  })

  it('answers malformed JSON with 400', async () => {
    const res = await admin.request('POST', '/api/site-content', undefined, { headers: { 'content-type': 'application/json' }, rawBody: '{"key":' })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('The request body is not valid JSON.')
  })
})

describe('PATCH /api/site-content/{key}', () => {
  it('updates the given fields only, records the admin and ignores a client-sent updatedBy', async () => {
    const key = uniqueKey()
    await admin.post('/api/site-content', item(key, { isPublished: false, section: 'footer' }))
    const res = await admin.patch(`/api/site-content/${key}`, { content: 'New words', updatedBy: 99999 })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ key, title: 'A test text', content: 'New words', section: 'footer', isPublished: false })
    const me = await admin.get('/api/user')
    expect((await storedRow(key))?.updatedBy).toBe(me.body.id)
  })

  it('accepts the unchanged key in the body but refuses a different one', async () => {
    const key = uniqueKey()
    await admin.post('/api/site-content', item(key))
    expect((await admin.patch(`/api/site-content/${key}`, { key, title: 'Same key' })).status).toBe(200)
    const before = await snapshot()
    const res = await admin.patch(`/api/site-content/${key}`, { key: `${key}.renamed`, title: 'Other key' })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('The key of a site text cannot be changed.')
    expect(await snapshot()).toBe(before)
  })

  it('answers 404 for an unknown key', async () => {
    const res = await admin.patch('/api/site-content/never.created', { content: 'x' })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Site text not found.')
  })

  it('validates with the spec messages', async () => {
    const key = uniqueKey()
    await admin.post('/api/site-content', item(key))
    const before = await snapshot()
    for (const [body, message] of [
      [{ title: 'ab' }, 'Title must be at least 3 characters'],
      [{ content: '' }, 'Content is required'],
      [{ section: 'nowhere' }, 'Section is required'],
    ] as const) {
      const res = await admin.patch(`/api/site-content/${key}`, body)
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(message)
    }
    expect(await snapshot()).toBe(before)
  })

  it('answers 401 to a visitor and 403 to a family, and changes nothing', async () => {
    const key = uniqueKey()
    await admin.post('/api/site-content', item(key))
    const before = await snapshot()
    expect((await visitor.patch(`/api/site-content/${key}`, { content: 'Hacked' })).status).toBe(401)
    expect((await family.patch(`/api/site-content/${key}`, { content: 'Hacked' })).status).toBe(403)
    expect(await snapshot()).toBe(before)
  })
})

describe('DELETE /api/site-content/{key}', () => {
  it('removes a text for an admin; afterwards it is not found', async () => {
    const key = uniqueKey()
    await admin.post('/api/site-content', item(key))
    const res = await admin.delete(`/api/site-content/${key}`)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Site text deleted.')
    expect(await storedRow(key)).toBeNull()
    expect((await admin.get(`/api/site-content/${key}`)).status).toBe(404)
    expect((await admin.delete(`/api/site-content/${key}`)).status).toBe(404)
  })

  it('answers 401 to a visitor and 403 to a family, and deletes nothing', async () => {
    const key = uniqueKey()
    await admin.post('/api/site-content', item(key))
    const before = await snapshot()
    expect((await visitor.delete(`/api/site-content/${key}`)).status).toBe(401)
    expect((await family.delete(`/api/site-content/${key}`)).status).toBe(403)
    expect(await snapshot()).toBe(before)
  })
})

describe('hostile content', () => {
  it('sanitises html content before storing it: no script, no event handlers, no javascript: links', async () => {
    const key = uniqueKey()
    const res = await admin.post(
      '/api/site-content',
      item(key, {
        contentType: 'html',
        content:
          '<p>Welcome <strong>dancers</strong></p><script>alert(document.cookie)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">click</a>',
      }),
    )
    expect(res.status).toBe(201)
    const stored = (await storedRow(key))?.content
    expect(stored).toBe('<p>Welcome <strong>dancers</strong></p><a>click</a>')
    expect(res.body.content).toBe(stored)
    expect(stored).not.toMatch(/script|onerror|javascript:/i)
  })

  it('sanitises on PATCH too, including when a text becomes html', async () => {
    const key = uniqueKey()
    await admin.post('/api/site-content', item(key, { content: '<b onmouseover="x()">bold</b><script>x()</script>' }))
    // Text is stored as given: the pages always render it as text.
    expect((await storedRow(key))?.content).toBe('<b onmouseover="x()">bold</b><script>x()</script>')
    const res = await admin.patch(`/api/site-content/${key}`, { contentType: 'html' })
    expect(res.status).toBe(200)
    expect(res.body.content).toBe('<b>bold</b>')
    const again = await admin.patch(`/api/site-content/${key}`, { content: '<p>ok</p><iframe src="https://evil.example"></iframe>' })
    expect(again.body.content).toBe('<p>ok</p>')
  })

  it('refuses html content that is empty once sanitised', async () => {
    const key = uniqueKey()
    const res = await admin.post('/api/site-content', item(key, { contentType: 'html', content: '<script>alert(1)</script>' }))
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Content is required')
    expect(await storedRow(key)).toBeNull()
  })
})

describe('public pages see edits at once', () => {
  it('getSiteTexts reflects a create, a PATCH, an unpublish and a delete immediately', async () => {
    const key = 'contact.subtitle'
    const fallback = SITE_CONTENT_DEFAULTS[key]
    expect((await getSiteTexts(app.payload)).text(key)).toBe(fallback)

    expect((await admin.post('/api/site-content', { key, title: 'Contact subtitle', content: 'Write to us!', section: 'contact' })).status).toBe(201)
    expect((await getSiteTexts(app.payload)).text(key)).toBe('Write to us!')

    expect((await admin.patch(`/api/site-content/${key}`, { content: 'Write to us today!' })).status).toBe(200)
    expect((await getSiteTexts(app.payload)).text(key)).toBe('Write to us today!')

    // Unpublished texts fall back to their default (decisions §6).
    await admin.patch(`/api/site-content/${key}`, { isPublished: false })
    expect((await getSiteTexts(app.payload)).text(key)).toBe(fallback)

    await admin.patch(`/api/site-content/${key}`, { isPublished: true })
    expect((await getSiteTexts(app.payload)).text(key)).toBe('Write to us today!')

    await admin.delete(`/api/site-content/${key}`)
    expect((await getSiteTexts(app.payload)).text(key)).toBe(fallback)
  })
})

describe('site texts written outside the contract (the /cms panel, seeds)', () => {
  it('are cleaned by the collection itself: html sanitised, json checked, a change of type re-checked', async () => {
    const key = uniqueKey('home')
    const doc = await app.payload.create({
      collection: 'site-content',
      overrideAccess: true,
      data: { ...item(key), contentType: 'html', content: '<p onclick="steal()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">x</a></p>' },
    })
    expect(doc.content).not.toMatch(/script|onclick|javascript:/)
    expect(doc.content).toContain('Hi')

    await expect(
      app.payload.update({ collection: 'site-content', id: doc.id, overrideAccess: true, data: { contentType: 'json', content: '{not json' } }),
    ).rejects.toThrow()
    expect((await storedRow(key))?.contentType).toBe('html')

    const plain = await app.payload.create({
      collection: 'site-content',
      overrideAccess: true,
      data: { ...item(uniqueKey('home')), contentType: 'text', content: '<b onmouseover="alert(1)">Bold</b>' },
    })
    const retyped = await app.payload.update({ collection: 'site-content', id: plain.id, overrideAccess: true, data: { contentType: 'html' } })
    expect(retyped.content).not.toContain('onmouseover')
    expect(retyped.content).toContain('Bold')
  })
})
