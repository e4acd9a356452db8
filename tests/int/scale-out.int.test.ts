import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'

import { TOO_MANY_LOGINS } from '#api/accounts'
import { ENROLLMENT_MESSAGES } from '#api/enrollment/schemas'

import { adminQuery, databaseUrl, uniqueName } from '#tests/support/postgres'
import { ApiClient } from '#tests/support/client'
import { startServerProcess, stopAllServerProcesses, type ServerProcess } from '#tests/support/server-process'
import { startStripeStandIn, type StripeStandIn } from '#tests/support/stripe-stand-in'
import { stripeStandInEnv } from '#tests/support/stripe-env'
import { eventually } from '#tests/support/eventually'

/**
 * Two app processes on one database, as behind a load balancer: a change handled by one
 * must be seen by the other at once (caches are invalidated over LISTEN/NOTIFY).
 */
const ORIGIN = 'http://academy.test'
const SECRET_KEY = 'sk_test_51AcademyScaleOutSecretKey0042'
const WEBHOOK_SECRET = 'whsec_test_academy_scale_out_webhook_01'
let database = ''
let a: ServerProcess
let b: ServerProcess
let standIn: StripeStandIn
let stripe: Stripe

function clientFor(server: ServerProcess, cookie = ''): ApiClient {
  const client = new ApiClient(server.url)
  // Both processes serve the same public origin; the browser's Origin is that one.
  const request = client.request.bind(client)
  client.request = (method, path, body, init = {}) =>
    request(method, path, body, { ...init, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...init.headers } })
  return client
}

beforeAll(async () => {
  database = uniqueName('academy_scale')
  await adminQuery(inject('pgServer'), `CREATE DATABASE ${database} TEMPLATE ${inject('pgTemplate')}`)
  standIn = await startStripeStandIn({ secretKeys: [SECRET_KEY] })
  const base = new URL(standIn.url)
  stripe = new Stripe(SECRET_KEY, { host: base.hostname, port: base.port, protocol: 'http', maxNetworkRetries: 0 })
  const env = {
    DATABASE_URL: databaseUrl(inject('pgServer'), database),
    PAYLOAD_SECRET: 'scale-out-test-secret-long-enough-for-the-check',
    PUBLIC_ORIGIN: ORIGIN,
    SEED_DEMO_DATA: 'false',
    ...stripeStandInEnv(standIn, { secretKey: SECRET_KEY, publishableKey: 'pk_test_51AcademyScaleOutPublishable01', webhookSecret: WEBHOOK_SECRET }),
  }
  ;[a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)])
}, 120_000)

afterAll(async () => {
  await stopAllServerProcesses()
  await standIn?.close()
  await adminQuery(inject('pgServer'), `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {})
})

async function loginCookie(server: ServerProcess, username = 'family', password = 'ballet-family-2026'): Promise<string> {
  const res = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ username, password }),
  })
  expect(res.status).toBe(200)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

describe('two processes on one database', () => {
  it('a session started on one process works on the other', async () => {
    const cookie = await loginCookie(a)
    expect((await clientFor(b, cookie).get('/api/user')).status).toBe(200)
  })

  it('a logout on one process ends the session on the other at once, though it had the user cached', async () => {
    const cookie = await loginCookie(a)
    expect((await clientFor(b, cookie).get('/api/user')).status).toBe(200)
    expect((await clientFor(a, cookie).post('/api/logout')).status).toBe(200)
    expect(await eventually(async () => (await clientFor(b, cookie).get('/api/user')).status === 401, 1000)).toBe(true)
  })

  it('a class with three places takes exactly three of eight simultaneous enrollments spread over both processes', async () => {
    const admin = clientFor(a, await loginCookie(a, 'admin', 'admin-password-1'))
    const cls = await admin.post('/api/classes', {
      name: `Two Process Ballet ${Date.now()}`,
      description: 'Capacity is counted across processes.',
      ageGroup: '6-8',
      level: 'Beginner',
      days: 'Tuesday',
      time: '5:00-6:00pm',
      location: 'Studio B',
      instructor: 'Ms. Scale',
      price: 6000,
      capacity: 3,
    })
    expect(cls.status).toBe(201)
    const families = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const username = `scale-${i}-${Date.now().toString(36)}`
        const server = i % 2 ? b : a
        const register = await clientFor(server).post('/api/register', {
          fullName: `Scale Parent ${i}`,
          email: `${username}@example.com`,
          username,
          password: 'a-long-scale-password',
        })
        expect(register.status).toBe(201)
        const family = clientFor(server, await loginCookie(server, username, 'a-long-scale-password'))
        const student = await family.post('/api/students', {
          fullName: `Dancer ${i}`,
          dateOfBirth: '2019-03-01',
          experienceLevel: 'Beginner',
          emergencyContact: { name: 'Gran Scale', phone: '555 010 2030' },
        })
        expect(student.status).toBe(201)
        return { family, studentId: student.body.id as number }
      }),
    )
    const results = await Promise.all(families.map(({ family, studentId }) => family.post('/api/enrollments', { studentId, classId: cls.body.id })))
    expect(results.filter((r) => r.status === 201)).toHaveLength(3)
    const refused = results.filter((r) => r.status !== 201)
    expect(refused.map((r) => [r.status, r.body.message])).toEqual(refused.map(() => [409, ENROLLMENT_MESSAGES.classFull]))
    const roster = await admin.get('/api/enrollments/all')
    expect(roster.body.filter((e: { classId: number }) => e.classId === cls.body.id)).toHaveLength(3)
  })

  it('a payment reported to both processes at once is recorded once', async () => {
    const admin = clientFor(a, await loginCookie(a, 'admin', 'admin-password-1'))
    const familyCookie = await loginCookie(a)
    const me = await clientFor(a, familyCookie).get('/api/user')
    const invoice = await admin.post('/api/invoices', { userId: me.body.id, amount: 42.5, description: 'Two-process tuition', dueDate: '2026-12-15' })
    expect(invoice.status).toBe(201)
    const intent = await clientFor(b, familyCookie).post('/api/stripe/create-payment-intent', { invoiceId: invoice.body.id })
    expect(intent.status).toBe(200)
    await stripe.paymentIntents.confirm(intent.body.paymentIntentId, { payment_method: 'pm_card_visa' })
    const event = standIn.webhook('payment_intent.succeeded', intent.body.paymentIntentId, WEBHOOK_SECRET)
    const deliver = (server: ServerProcess) =>
      fetch(`${server.url}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        body: event.payload,
      })
    const report = (server: ServerProcess) =>
      clientFor(server, familyCookie).post('/api/payments', { invoiceId: invoice.body.id, transactionId: intent.body.paymentIntentId })
    const answers = await Promise.all([deliver(a), deliver(b), report(a), report(b), deliver(a), report(b)])
    for (const answer of answers) expect(answer.status).toBeLessThan(300)
    const payments = (await clientFor(b, familyCookie).get('/api/payments')).body as { invoiceId: number; status: string }[]
    expect(payments.filter((p) => p.invoiceId === invoice.body.id)).toHaveLength(1)
    const invoices = (await clientFor(a, familyCookie).get('/api/invoices')).body as { id: number; status: string }[]
    expect(invoices.find((i) => i.id === invoice.body.id)?.status).toBe('paid')
  })

  it('failed logins count against one limit, whichever process they reach', async () => {
    const username = `limit-${Date.now().toString(36)}`
    expect(
      (await clientFor(a).post('/api/register', { fullName: 'Limit Parent', email: `${username}@example.com`, username, password: 'the-right-password' }))
        .status,
    ).toBe(201)
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) statuses.push((await clientFor(i % 2 ? b : a).post('/api/login', { username, password: `wrong-${i}` })).status)
    expect(statuses).toEqual(Array(8).fill(401))
    for (const server of [a, b]) {
      const blocked = await clientFor(server).post('/api/login', { username, password: 'wrong-again' })
      expect([blocked.status, blocked.body.message]).toEqual([429, TOO_MANY_LOGINS])
    }
  })

  it('a site text or class edited on one process is served fresh by the other at once', async () => {
    const admin = clientFor(a, await loginCookie(a, 'admin', 'admin-password-1'))
    const key = `home.scale_${Date.now().toString(36)}`
    expect((await clientFor(b).get(`/api/site-content/${key}`)).status).toBe(404)
    expect((await admin.post('/api/site-content', { key, title: 'Scale text', content: 'Written on A', section: 'home' })).status).toBe(201)
    expect(await eventually(async () => (await clientFor(b).get(`/api/site-content/${key}`)).body?.content === 'Written on A', 1000)).toBe(true)

    const classes = (await clientFor(b).get('/api/classes')).body as { id: number; name: string }[]
    const target = classes[0]!
    expect((await admin.patch(`/api/classes/${target.id}`, { name: `${target.name} (renamed)` })).status).toBe(200)
    expect(
      await eventually(
        async () =>
          ((await clientFor(b).get('/api/classes')).body as { id: number; name: string }[]).find((c) => c.id === target.id)?.name ===
          `${target.name} (renamed)`,
        1000,
      ),
    ).toBe(true)
  })

  it('both processes stop cleanly', async () => {
    expect(await a.stop()).toBe(0)
    expect(await b.stop()).toBe(0)
  })
})
