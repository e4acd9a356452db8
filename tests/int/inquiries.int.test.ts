import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { poolOf } from '#api/lib/database'
import { getAppContext, setAppContext } from '#server/context.server'
import { ADMIN, FAMILY, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { startSmtpListener } from '#tests/support/smtp'

let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let admin: ApiClient
let family: ApiClient
let visitor: ApiClient
let adminId: number
let seq = 0

const inquiry = (extra: Record<string, unknown> = {}) => ({
  name: 'Ana Torres',
  email: `ana.${Date.now().toString(36)}.${++seq}@example.com`,
  subject: 'Class Information',
  message: 'Do you have a beginner class for a six year old?',
  ...extra,
})

async function snapshot() {
  const result = await app.payload.find({ collection: 'inquiries', overrideAccess: true, limit: 0, pagination: false, depth: 0, sort: 'id' })
  return JSON.stringify(result.docs)
}

async function storedInquiry(id: number) {
  return app.payload.findByID({ collection: 'inquiries', id, overrideAccess: true, depth: 0 })
}

/** Every test starts with a fresh per-IP allowance (all test requests come from 127.0.0.1). */
async function resetRateLimits() {
  await poolOf(app.payload).query('DELETE FROM rate_limits')
}

beforeAll(async () => {
  smtp = await startSmtpListener()
  app = await startTestApp({ SMTP_URL: smtp.url })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await new ApiClient(app.url).login(FAMILY.username, FAMILY.password)
  visitor = new ApiClient(app.url)
  adminId = (await admin.get('/api/user')).body.id
})
afterAll(async () => {
  await app?.close()
  await smtp?.close()
})
beforeEach(async () => {
  await resetRateLimits()
})

describe('POST /api/inquiries', () => {
  it('stores a visitor inquiry, unaddressed, with the server time instead of the client one', async () => {
    const body = inquiry({ submittedAt: '2001-01-01T00:00:00.000Z' })
    const before = Date.now()
    const res = await visitor.post('/api/inquiries', body)
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      name: body.name,
      email: body.email,
      subject: body.subject,
      message: body.message,
      isAddressed: false,
      addressedAt: null,
      addressedBy: null,
    })
    const submittedAt = Date.parse(res.body.submittedAt)
    expect(submittedAt).toBeGreaterThanOrEqual(before - 1000)
    expect(submittedAt).toBeLessThanOrEqual(Date.now() + 1000)
    const stored = await storedInquiry(res.body.id)
    expect(stored.message).toBe(body.message)
    expect(stored.isAddressed).toBe(false)
  })

  it('accepts an inquiry from a signed-in family too', async () => {
    expect((await family.post('/api/inquiries', inquiry())).status).toBe(201)
  })

  it('validates with the spec messages and stores nothing', async () => {
    const before = await snapshot()
    const cases: Array<[Record<string, unknown>, string]> = [
      [inquiry({ name: '' }), 'Name is required'],
      [inquiry({ name: undefined }), 'Name is required'],
      [inquiry({ name: 'A' }), 'Name must be at least 2 characters'],
      [inquiry({ name: 'x'.repeat(121) }), 'Name must be at most 120 characters'],
      // A name goes into the notice's Subject header: no line breaks, no header injection.
      [inquiry({ name: 'Eve\r\nBcc: victim@example.com' }), 'Name cannot contain line breaks or control characters'],
      [inquiry({ email: '' }), 'Email is required'],
      [inquiry({ email: 'not-an-email' }), 'Please enter a valid email'],
      [inquiry({ subject: '' }), 'Please select a subject'],
      [inquiry({ subject: undefined }), 'Please select a subject'],
      [inquiry({ subject: 'Free pizza' }), 'Please select a subject'],
      [inquiry({ message: 'Too short' }), 'Message must be at least 10 characters'],
      [inquiry({ message: '          x         ' }), 'Message must be at least 10 characters'],
      [inquiry({ message: 'x'.repeat(5001) }), 'Message must be at most 5000 characters'],
    ]
    for (const [body, message] of cases) {
      const res = await visitor.post('/api/inquiries', body)
      expect(res.status, message).toBe(400)
      expect(res.body.message).toBe(message)
    }
    expect(await snapshot()).toBe(before)
  })

  it('accepts every subject of the contact form', async () => {
    for (const subject of ['General Question', 'Class Information', 'Registration', 'Billing & Payments', 'Private Lessons', 'Other']) {
      await resetRateLimits()
      expect((await visitor.post('/api/inquiries', inquiry({ subject }))).status, subject).toBe(201)
    }
  })

  it('stores and returns HTML in an inquiry as the plain text it was typed as', async () => {
    const hostile = inquiry({
      name: '<b>Bobby</b> "Tables"',
      message: "<script>alert(document.cookie)</script><img src=x onerror=alert(1)> Robert'); DROP TABLE inquiries;--",
    })
    const res = await visitor.post('/api/inquiries', hostile)
    expect(res.status).toBe(201)
    expect(res.body.name).toBe(hostile.name)
    expect(res.body.message).toBe(hostile.message)
    expect((await storedInquiry(res.body.id)).message).toBe(hostile.message)
    const list = await admin.get('/api/inquiries')
    const listed = list.body.find((i: { id: number }) => i.id === res.body.id)
    expect(listed.message).toBe(hostile.message)
    expect(listed.name).toBe(hostile.name)
  })

  it('limits each address to 5 inquiries in 10 minutes', async () => {
    for (let i = 0; i < 5; i++) expect((await visitor.post('/api/inquiries', inquiry())).status).toBe(201)
    const before = await snapshot()
    const res = await visitor.post('/api/inquiries', inquiry())
    expect(res.status).toBe(429)
    expect(res.body.message).toBe('You have sent several messages in a short time. Please wait a few minutes and try again.')
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(600)
    expect(await snapshot()).toBe(before)
  })

  it('answers malformed JSON with 400', async () => {
    const res = await visitor.request('POST', '/api/inquiries', undefined, { headers: { 'content-type': 'application/json' }, rawBody: '{"name":' })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('The request body is not valid JSON.')
  })
})

describe('the new-inquiry email', () => {
  it('goes to the footer email of the site, with reply-to the sender and the message never read as markup', async () => {
    const body = inquiry({ name: 'Grace <Kelly>', message: 'Hello <b>academy</b>, can we visit on Saturday?' })
    const res = await visitor.post('/api/inquiries', body)
    expect(res.status).toBe(201)
    const mail = await smtp.waitFor((m) => m.text.includes('can we visit on Saturday'))
    expect(mail.to).toEqual(['hello@graceballet.example'])
    expect(mail.subject).toBe('New inquiry: Class Information from Grace <Kelly>')
    expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${body.email.replace(/\./g, '\\.')}`, 'mi'))
    expect(mail.raw).toMatch(/^Content-Type: text\/plain/im)
    // The HTML part (decisions §19) escapes the visitor's words.
    expect(mail.html).toContain('Hello &lt;b&gt;academy&lt;/b&gt;, can we visit on Saturday?')
    expect(mail.html).not.toContain('<b>academy</b>')
    expect(mail.text).toContain('Hello <b>academy</b>, can we visit on Saturday?')
    expect(mail.text).toContain(`From: Grace <Kelly> <${body.email}>`)
  })

  it('follows an edited footer email at once', async () => {
    expect(
      (await admin.post('/api/site-content', { key: 'footer.email', title: 'Footer email', content: 'office@ballet.example', section: 'footer' })).status,
    ).toBe(201)
    await visitor.post('/api/inquiries', inquiry({ message: 'Routed to the edited footer address please' }))
    const mail = await smtp.waitFor((m) => m.text.includes('Routed to the edited footer address'))
    expect(mail.to).toEqual(['office@ballet.example'])
    await admin.delete('/api/site-content/footer.email')
  })

  it('goes to ACADEMY_INBOX when it is set', async () => {
    const context = getAppContext()
    setAppContext({ ...context, env: { ...context.env, ACADEMY_INBOX: 'inbox@academy.example' } })
    try {
      await visitor.post('/api/inquiries', inquiry({ message: 'Routed to the configured inbox please' }))
      const mail = await smtp.waitFor((m) => m.text.includes('Routed to the configured inbox'))
      expect(mail.to).toEqual(['inbox@academy.example'])
    } finally {
      setAppContext(context)
    }
  })

  it('does not fail the submission when the mail cannot be sent', async () => {
    const context = getAppContext()
    let attempts = 0
    setAppContext({
      ...context,
      mailer: {
        logOnly: false,
        outbox: () => null,
        verify: async () => 'down',
        send: async () => {
          attempts++
          throw new Error('SMTP server unreachable')
        },
      },
    })
    try {
      const res = await visitor.post('/api/inquiries', inquiry({ message: 'Sent while the mail server is down' }))
      expect(res.status).toBe(201)
      expect((await storedInquiry(res.body.id)).message).toBe('Sent while the mail server is down')
      await expect.poll(() => attempts).toBe(1)
    } finally {
      setAppContext(context)
    }
  })
})

describe('GET /api/inquiries', () => {
  it('lists every inquiry to an admin, newest first, in the contract shape', async () => {
    const first = (await visitor.post('/api/inquiries', inquiry({ message: 'The older of the two messages' }))).body
    await new Promise((r) => setTimeout(r, 15))
    const second = (await visitor.post('/api/inquiries', inquiry({ message: 'The newer of the two messages' }))).body
    const res = await admin.get('/api/inquiries')
    expect(res.status).toBe(200)
    expect(Array.isArray(res.body)).toBe(true)
    const ids = res.body.map((i: { id: number }) => i.id)
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id))
    const times = res.body.map((i: { submittedAt: string }) => Date.parse(i.submittedAt))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    expect(Object.keys(res.body[0]).sort()).toEqual(['addressedAt', 'addressedBy', 'email', 'id', 'isAddressed', 'message', 'name', 'subject', 'submittedAt'])
  })

  it('answers 401 to a visitor and 403 to a family', async () => {
    const signedOut = await visitor.get('/api/inquiries')
    expect(signedOut.status).toBe(401)
    const notAdmin = await family.get('/api/inquiries')
    expect(notAdmin.status).toBe(403)
    expect(notAdmin.body.message).toBe('You do not have administrator privileges.')
  })
})

describe('PATCH /api/inquiries/{id}/mark-addressed', () => {
  it('marks an inquiry addressed by the admin, with the time', async () => {
    const created = (await visitor.post('/api/inquiries', inquiry())).body
    const before = Date.now()
    const res = await admin.patch(`/api/inquiries/${created.id}/mark-addressed`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: created.id, isAddressed: true, addressedBy: adminId, message: created.message })
    expect(Date.parse(res.body.addressedAt)).toBeGreaterThanOrEqual(before - 1000)
    const stored = await storedInquiry(created.id)
    expect(stored.isAddressed).toBe(true)
    expect(stored.addressedBy).toBe(adminId)
  })

  it('is one way: a second admin marking it again changes nothing', async () => {
    const second = await app.payload.create({
      collection: 'users',
      overrideAccess: true,
      data: {
        username: `second-admin-${++seq}`,
        email: `second.admin.${seq}@example.com`,
        fullName: 'Second Admin',
        password: 'second-admin-pass',
        isAdmin: true,
      },
    })
    const secondAdmin = await new ApiClient(app.url).login(second.username!, 'second-admin-pass')
    const created = (await visitor.post('/api/inquiries', inquiry())).body
    const first = await admin.patch(`/api/inquiries/${created.id}/mark-addressed`)
    const again = await secondAdmin.patch(`/api/inquiries/${created.id}/mark-addressed`)
    expect(again.status).toBe(200)
    expect(again.body).toEqual(first.body)
    expect((await storedInquiry(created.id)).addressedBy).toBe(adminId)
  })

  it('answers 404 for an unknown inquiry and for an id that is not a number', async () => {
    const missing = await admin.patch('/api/inquiries/99999999/mark-addressed')
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Inquiry not found.')
    expect((await admin.patch('/api/inquiries/abc/mark-addressed')).status).toBe(404)
  })

  it('answers 401 to a visitor and 403 to a family, and changes nothing', async () => {
    const created = (await visitor.post('/api/inquiries', inquiry())).body
    const before = await snapshot()
    expect((await visitor.patch(`/api/inquiries/${created.id}/mark-addressed`)).status).toBe(401)
    expect((await family.patch(`/api/inquiries/${created.id}/mark-addressed`)).status).toBe(403)
    expect(await snapshot()).toBe(before)
  })
})
