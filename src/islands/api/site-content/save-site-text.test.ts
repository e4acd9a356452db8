import { afterEach, describe, expect, it, vi } from 'vitest'

import { saveSiteText, titleForKey } from './save-site-text'

type Call = { method: string; url: string; body: unknown }

/** A stand-in for the /api/site-content calls: answers in order, records what was asked. */
function stubFetch(answers: Array<[number, unknown]>): Call[] {
  const calls: Call[] = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined })
    const [status, body] = answers.shift() ?? [500, { message: 'unexpected call' }]
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  })
  return calls
}

const stored = {
  key: 'footer.academy_tagline',
  title: 'Footer · Academy tagline',
  content: 'New',
  section: 'footer',
  contentType: 'text',
  isPublished: true,
  updatedAt: '',
}

afterEach(() => vi.unstubAllGlobals())

describe('saving a site text (spec §7 edit flow)', () => {
  it('updates a stored key with PATCH after checking it exists', async () => {
    const calls = stubFetch([
      [200, stored],
      [200, stored],
    ])
    await saveSiteText('footer.academy_tagline', 'New')
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/site-content/footer.academy_tagline', 'PATCH /api/site-content/footer.academy_tagline'])
    expect(calls[1]?.body).toEqual({ content: 'New' })
  })

  it('creates a key that only had its default, with a title and the section of its prefix', async () => {
    const calls = stubFetch([
      [404, { message: 'Site text not found.' }],
      [201, stored],
    ])
    await saveSiteText('footer.academy_tagline', 'New')
    expect(calls[1]).toEqual({
      method: 'POST',
      url: '/api/site-content',
      body: { key: 'footer.academy_tagline', title: 'Footer · Academy tagline', content: 'New', section: 'footer', contentType: 'text', isPublished: true },
    })
  })

  it('falls back to PATCH when the POST finds the key taken after all (409, or 400 as the spec reads)', async () => {
    for (const status of [409, 400]) {
      const calls = stubFetch([
        [404, { message: 'Site text not found.' }],
        [status, { message: 'exists' }],
        [200, stored],
      ])
      await saveSiteText('home.hero.title', 'Hello')
      expect(calls.map((c) => c.method)).toEqual(['GET', 'POST', 'PATCH'])
    }
  })

  it("passes the server's message on when the save is refused", async () => {
    stubFetch([
      [200, stored],
      [403, { message: 'You do not have administrator privileges.' }],
    ])
    await expect(saveSiteText('home.hero.title', 'Hello')).rejects.toThrow('You do not have administrator privileges.')
  })
})

describe('the admin label of a new key', () => {
  it('is readable and long enough for the schema', () => {
    expect(titleForKey('home.hero.title')).toBe('Home · Hero · Title')
    expect(titleForKey('a')).toBe('A..')
  })
})
