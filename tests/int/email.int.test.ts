import net from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { getAppContext, setAppContext } from '#server/context.server'
import { createMailer } from '#server/mailer.server'
import { startTestApp, ADMIN, FAMILY, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { startSmtpListener } from '#tests/support/smtp'

/** A port on this machine where nothing listens: connecting is refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let admin: ApiClient
let family: ApiClient

beforeAll(async () => {
  smtp = await startSmtpListener()
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Academy Tests <tests@academy.example>' })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await new ApiClient(app.url).login(FAMILY.username, FAMILY.password)
})
afterAll(async () => {
  await app?.close()
  await smtp?.close()
})

/**
 * Payload allows one instance per process, so the other mail setups are the same app with its
 * mail configuration replaced, exactly as server.ts would build it from another SMTP_URL.
 */
function useSmtpUrl(smtpUrl: string | undefined, options: { keepOutbox?: boolean } = {}): void {
  const context = getAppContext()
  setAppContext({
    ...context,
    env: { ...context.env, SMTP_URL: smtpUrl },
    mailer: createMailer({ smtpUrl, from: context.env.MAIL_FROM, log: () => {}, keepOutbox: options.keepOutbox }),
  })
}

describe('with a working SMTP server', () => {
  it('GET /api/test-email-config reports a successful connection with the host, port and TLS setting', async () => {
    const res = await admin.get('/api/test-email-config')
    expect(res.status).toBe(200)
    const port = Number(new URL(smtp.url).port)
    expect(res.body).toEqual({ success: true, message: `Connected to 127.0.0.1:${port} successfully.`, details: { host: '127.0.0.1', port, secure: false } })
  })

  it('POST /api/troubleshoot-email sends a real test message to the address', async () => {
    const res = await admin.post('/api/troubleshoot-email', { emailAddress: '  Office.Manager@Example.com ' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, message: 'Test email sent to Office.Manager@Example.com' })
    const mail = await smtp.waitFor((m) => m.to.some((to) => to.toLowerCase() === 'office.manager@example.com'))
    expect(mail.from).toBe('tests@academy.example')
    expect(mail.subject).toBe('Test email from the academy')
    expect(mail.text).toContain('outgoing email works')
  })

  it('asks for the address with the spec message, refuses an invalid one, and sends nothing', async () => {
    const before = smtp.messages.length
    for (const body of [{}, { emailAddress: '' }, { emailAddress: '   ' }, { emailAddress: null }]) {
      const res = await admin.post('/api/troubleshoot-email', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.message).toBe('Please enter an email address to send the test email.')
    }
    for (const emailAddress of ['not-an-email', 'a@b', 'someone@example.com\r\nBcc: victim@example.com']) {
      const res = await admin.post('/api/troubleshoot-email', { emailAddress })
      expect(res.status, emailAddress).toBe(400)
      expect(res.body.message).toBe('Please enter a valid email address')
    }
    await new Promise((r) => setTimeout(r, 200))
    expect(smtp.messages.length).toBe(before)
  })

  it('refuses a family (403) and a visitor (401) on both calls, and sends nothing', async () => {
    const before = smtp.messages.length
    expect((await family.get('/api/test-email-config')).status).toBe(403)
    expect((await new ApiClient(app.url).get('/api/test-email-config')).status).toBe(401)
    const asFamily = await family.post('/api/troubleshoot-email', { emailAddress: 'family-spam@example.com' })
    expect(asFamily.status).toBe(403)
    expect(asFamily.body.message).toBeTypeOf('string')
    expect((await new ApiClient(app.url).post('/api/troubleshoot-email', { emailAddress: 'visitor-spam@example.com' })).status).toBe(401)
    await new Promise((r) => setTimeout(r, 200))
    expect(smtp.messages.length).toBe(before)
  })
})

describe('with an unreachable SMTP server', () => {
  const password = 's3cret-Pa55'
  let port: number

  beforeAll(async () => {
    port = await closedPort()
    useSmtpUrl(`smtps://mailer:${password}@127.0.0.1:${port}`)
  })
  afterAll(() => useSmtpUrl(smtp.url))

  it('GET /api/test-email-config answers success false with the reason, and never the password', async () => {
    const res = await admin.get('/api/test-email-config')
    expect(res.status).toBe(200)
    expect(res.body.success).toBe(false)
    expect(res.body.message).toBe('Could not connect to the SMTP server.')
    expect(res.body.details).toMatchObject({ host: '127.0.0.1', port, secure: true })
    expect(res.body.details.error).toMatch(/ECONNREFUSED/)
    expect(JSON.stringify(res.body)).not.toContain(password)
    expect(JSON.stringify(res.body)).not.toContain('mailer')
  })

  it('POST /api/troubleshoot-email answers 502 with the failure, not a 500', async () => {
    const res = await admin.post('/api/troubleshoot-email', { emailAddress: 'office@example.com' })
    expect(res.status).toBe(502)
    expect(res.body).toMatchObject({ success: false, message: 'Failed to send email' })
    expect(res.body.error).toMatch(/ECONNREFUSED/)
    expect(JSON.stringify(res.body)).not.toContain(password)
  })
})

describe('without SMTP configured (demo mail mode)', () => {
  beforeAll(() => useSmtpUrl(undefined))
  afterAll(() => useSmtpUrl(smtp.url))

  it('reports that email is not configured', async () => {
    const res = await admin.get('/api/test-email-config')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: false, details: { error: 'SMTP_URL is not set.' } })
  })

  it('does not pretend a test message was sent: 503 with the reason', async () => {
    const res = await admin.post('/api/troubleshoot-email', { emailAddress: 'office@example.com' })
    expect(res.status).toBe(503)
    expect(res.body).toMatchObject({ success: false, message: 'Failed to send email' })
    expect(res.body.error).toContain('SMTP_URL is not set')
  })
})

describe("Payload's own mail", () => {
  it('goes out through the app mailer: the configured SMTP server and sender', async () => {
    const to = `payload-mail-${Date.now()}@example.com`
    await app.payload.sendEmail({ to, subject: 'From the CMS', text: 'Sent by Payload itself.' })
    const mail = await smtp.waitFor((m) => m.to.includes(to))
    expect(mail.subject).toBe('From the CMS')
    expect(mail.from).toContain('tests@academy.example')
    expect(mail.text).toContain('Sent by Payload itself.')
  })
})

describe('the demo outbox (GET /api/email-outbox)', () => {
  afterAll(() => useSmtpUrl(smtp.url))

  it('is not available outside demo mode, and says so', async () => {
    useSmtpUrl(smtp.url)
    const res = await admin.get('/api/email-outbox')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ available: false, messages: [] })
  })

  it('lists what the app sent, newest first, with the whole text', async () => {
    useSmtpUrl(smtp.url, { keepOutbox: true })
    expect((await admin.post('/api/troubleshoot-email', { emailAddress: 'first@example.com' })).status).toBe(200)
    const familyEmail = (await family.get('/api/user')).body.email as string
    expect((await new ApiClient(app.url).post('/api/request-password-reset', { email: familyEmail })).status).toBe(200)
    // The reset mail goes out after the answer outside demo mode: wait for it to be kept.
    await smtp.waitFor((m) => m.to.includes(familyEmail))
    const res = await admin.get('/api/email-outbox')
    expect(res.status).toBe(200)
    expect(res.body.available).toBe(true)
    const [newest, older] = res.body.messages
    expect(newest).toMatchObject({ to: familyEmail, outcome: 'sent' })
    expect(newest.text).toMatch(/reset-password\?token=/)
    expect(older).toMatchObject({ to: 'first@example.com', subject: 'Test email from the academy', outcome: 'sent' })
    expect(Date.parse(newest.sentAt)).toBeGreaterThanOrEqual(Date.parse(older.sentAt))
    expect(newest.id).toBeGreaterThan(older.id)
  })

  it('keeps mail that only went to the log, and mail that failed to send', async () => {
    useSmtpUrl(undefined, { keepOutbox: true })
    const familyEmail = (await family.get('/api/user')).body.email as string
    expect((await new ApiClient(app.url).post('/api/request-password-reset', { email: familyEmail })).status).toBe(200)
    // Sent by its mail job, which runs after the answer: as long as the SMTP listener's wait.
    await expect.poll(async () => (await admin.get('/api/email-outbox')).body.messages[0]?.outcome, { timeout: 5000 }).toBe('logged')

    useSmtpUrl(`smtp://127.0.0.1:${await closedPort()}`, { keepOutbox: true })
    expect((await admin.post('/api/troubleshoot-email', { emailAddress: 'nobody-home@example.com' })).status).toBe(502)
    const res = await admin.get('/api/email-outbox')
    expect(res.body.messages[0]).toMatchObject({ to: 'nobody-home@example.com', outcome: 'failed' })
  })

  it('is for admins only: a family gets 403, a visitor 401', async () => {
    useSmtpUrl(smtp.url, { keepOutbox: true })
    const asFamily = await family.get('/api/email-outbox')
    expect(asFamily.status).toBe(403)
    expect(asFamily.body.message).toBeTypeOf('string')
    const asVisitor = await new ApiClient(app.url).get('/api/email-outbox')
    expect(asVisitor.status).toBe(401)
    expect(JSON.stringify(asFamily.body) + JSON.stringify(asVisitor.body)).not.toContain('token')
  })
})
