import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startTestApp, ADMIN, FAMILY, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'

let app: TestApp

beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.close()
})

describe('session calls', () => {
  it('GET /api/user answers 401 with a message when signed out', async () => {
    const res = await new ApiClient(app.url).get('/api/user')
    expect(res.status).toBe(401)
    expect(res.body.message).toBeTypeOf('string')
  })

  it('logs in by username, returns the user without secrets, and GET /api/user then answers it', async () => {
    const client = new ApiClient(app.url)
    const login = await client.post('/api/login', FAMILY)
    expect(login.status).toBe(200)
    expect(login.body).toMatchObject({ username: 'family', isAdmin: false, isActive: true })
    for (const secret of ['password', 'hash', 'salt', 'resetTokenHash', 'loginAttempts', 'sessions']) expect(login.body).not.toHaveProperty(secret)
    const cookie = login.headers.getSetCookie().join(';')
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    const me = await client.get('/api/user')
    expect(me.status).toBe(200)
    expect(me.body.username).toBe('family')
  })

  it('logs in by email too, case-insensitively', async () => {
    const res = await new ApiClient(app.url).post('/api/login', { username: 'Jordan.Rivera@example.com', password: FAMILY.password })
    expect(res.status).toBe(200)
    expect(res.body.username).toBe('family')
  })

  it('reports an admin as isAdmin', async () => {
    const res = await new ApiClient(app.url).post('/api/login', ADMIN)
    expect(res.status).toBe(200)
    expect(res.body.isAdmin).toBe(true)
  })

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const wrong = await new ApiClient(app.url).post('/api/login', { username: 'family', password: 'not-the-password' })
    const unknown = await new ApiClient(app.url).post('/api/login', { username: 'nobody-here', password: 'not-the-password' })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body.message).toBe('Invalid username or password')
    expect(unknown.body.message).toBe(wrong.body.message)
  })

  it('validates the login body with the spec messages', async () => {
    const client = new ApiClient(app.url)
    expect((await client.post('/api/login', { username: 'ab', password: 'secret1' })).body.message).toBe('Username must be at least 3 characters')
    expect((await client.post('/api/login', { username: 'family', password: '' })).body.message).toBe('Password is required')
    expect((await client.post('/api/login', { username: 'family', password: '12345' })).body.message).toBe('Password must be at least 6 characters')
    expect((await client.post('/api/login', { password: 'secret1' })).status).toBe(400)
  })

  it('refuses a deactivated user at login with 403 and the spec message', async () => {
    await app.payload.create({
      collection: 'users',
      overrideAccess: true,
      data: { username: 'inactive-parent', email: 'inactive@example.com', fullName: 'Inactive Parent', password: 'secret-pass', isActive: false },
    })
    const res = await new ApiClient(app.url).post('/api/login', { username: 'inactive-parent', password: 'secret-pass' })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('Your account has been deactivated. Please contact the academy.')
  })

  it('ends the session on logout', async () => {
    const client = await new ApiClient(app.url).login(FAMILY.username, FAMILY.password)
    const stolenCookie = client.sessionCookie
    const out = await client.post('/api/logout')
    expect(out.status).toBe(200)
    expect((await client.get('/api/user')).status).toBe(401)
    // The old token is void on the server, not merely forgotten by the browser.
    const replay = await fetch(`${app.url}/api/user`, { headers: { cookie: stolenCookie, origin: app.url } })
    expect(replay.status).toBe(401)
  })
})

describe('request pipeline', () => {
  it('answers malformed JSON with 400 and a message', async () => {
    const res = await new ApiClient(app.url).request('POST', '/api/login', undefined, {
      headers: { 'content-type': 'application/json' },
      rawBody: '{"username": "family",',
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('The request body is not valid JSON.')
  })

  it('answers a 2 MB body with 413', async () => {
    const res = await new ApiClient(app.url).request('POST', '/api/login', undefined, {
      headers: { 'content-type': 'application/json' },
      rawBody: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'secret1' }),
    })
    expect(res.status).toBe(413)
    expect(res.body.message).toBe('The request is too large.')
  })

  it('refuses a state-changing call from a foreign Origin with 403', async () => {
    const res = await new ApiClient(app.url).request('POST', '/api/login', FAMILY, { headers: { origin: 'https://evil.example' } })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('Cross-origin requests are not allowed.')
  })

  it('does not honour the session cookie on a request from a foreign Origin', async () => {
    const client = await new ApiClient(app.url).login(FAMILY.username, FAMILY.password)
    const res = await fetch(`${app.url}/api/user`, { headers: { cookie: client.sessionCookie, origin: 'https://evil.example' } })
    expect(res.status).toBe(401)
  })

  it('sends the security headers', async () => {
    const res = await fetch(`${app.url}/api/classes`)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    // HSTS only over HTTPS.
    expect(res.headers.get('strict-transport-security')).toBeNull()
  })

  it('answers a malformed percent-escape in the path with 400, not 500', async () => {
    const res = await new ApiClient(app.url).request('PATCH', '/api/site-content/%E0%A4%A', { title: 'x' })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('The address of this request is not valid.')
  })

  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await new ApiClient(app.url).get('/api/does-not-exist')
    expect(res.status).toBe(404)
    expect(res.body.message).toBeTypeOf('string')
  })
})

describe('GET /api/classes', () => {
  it('lists the classes with integer cents prices', async () => {
    const res = await new ApiClient(app.url).get('/api/classes')
    expect(res.status).toBe(200)
    expect(Array.isArray(res.body)).toBe(true)
    expect(res.body.length).toBeGreaterThanOrEqual(10)
    for (const c of res.body) expect(Number.isInteger(c.price)).toBe(true)
  })

  it('filters by an exact age group, including 18+ sent as 18%2B', async () => {
    const res = await new ApiClient(app.url).get('/api/classes?ageGroup=18%2B')
    expect(res.status).toBe(200)
    expect(res.body.length).toBeGreaterThanOrEqual(2)
    expect(res.body.every((c: { ageGroup: string }) => c.ageGroup === '18+')).toBe(true)
  })

  it('rejects a malformed age group with 400', async () => {
    const res = await new ApiClient(app.url).get('/api/classes?ageGroup=%3Cscript%3E')
    expect(res.status).toBe(400)
  })

  it('shows a class created by an admin on the next read (the cache is invalidated)', async () => {
    const before = (await new ApiClient(app.url).get('/api/classes')).body.length
    await app.payload.create({
      collection: 'classes',
      overrideAccess: true,
      data: {
        name: 'Cache Check Class',
        description: 'A class that proves invalidation works.',
        ageGroup: '9-12',
        level: 'Beginner',
        days: 'Friday',
        time: '4:00-5:00pm',
        location: 'Studio A',
        instructor: 'Ms. Test',
        price: 5000,
      },
    })
    const after = (await new ApiClient(app.url).get('/api/classes')).body.length
    expect(after).toBe(before + 1)
  })
})

describe('the signed-in user served from memory', () => {
  async function newFamily(username: string) {
    await app.payload.create({
      collection: 'users',
      overrideAccess: true,
      data: { username, email: `${username}@example.com`, fullName: 'Cache Family', password: 'cache-pass-1' },
    })
    return new ApiClient(app.url).login(username, 'cache-pass-1')
  }

  it('reflects a role change on the very next request', async () => {
    const client = await newFamily('cache-role')
    expect((await client.get('/api/user')).body.isAdmin).toBe(false)
    const { docs } = await app.payload.find({ collection: 'users', where: { username: { equals: 'cache-role' } }, overrideAccess: true })
    await app.payload.update({ collection: 'users', id: docs[0]!.id, data: { isAdmin: true }, overrideAccess: true })
    expect((await client.get('/api/user')).body.isAdmin).toBe(true)
  })

  it('ends every session at once when the account is deactivated', async () => {
    const client = await newFamily('cache-deactivate')
    expect((await client.get('/api/user')).status).toBe(200)
    const { docs } = await app.payload.find({ collection: 'users', where: { username: { equals: 'cache-deactivate' } }, overrideAccess: true })
    await app.payload.update({ collection: 'users', id: docs[0]!.id, data: { isActive: false }, overrideAccess: true })
    expect((await client.get('/api/user')).status).toBe(401)
  })

  it('keeps a second device signed in when the first logs in and out', async () => {
    const phone = await newFamily('cache-devices')
    const laptop = await new ApiClient(app.url).login('cache-devices', 'cache-pass-1')
    expect((await phone.get('/api/user')).status).toBe(200)
    expect((await laptop.get('/api/user')).status).toBe(200)
    await laptop.post('/api/logout')
    expect((await laptop.get('/api/user')).status).toBe(401)
    expect((await phone.get('/api/user')).status).toBe(200)
  })

  it('refuses a forged token signed with another secret', async () => {
    const { SignJWT } = await import('jose')
    const forged = await new SignJWT({ id: 1, collection: 'users', sid: 'x' })
      .setProtectedHeader({ alg: 'HS256', authVersion: 1 } as never)
      .sign(new TextEncoder().encode('not-the-secret'))
    const res = await fetch(`${app.url}/api/user`, { headers: { cookie: `payload-token=${forged}`, origin: app.url } })
    expect(res.status).toBe(401)
  })
})
