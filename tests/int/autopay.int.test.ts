import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { AutopayAttempt, Invoice, Payment, PaymentMethod } from '#cms/payload-types'
import { chargeDueAutopay } from '#api/autopay'
import { withAcademyClock } from '#api/lib/academy-clock'
import { runBillingDay } from '#api/scheduled'
import { AUTOPAY_NEEDS_CARD } from '#api/autopay/schemas'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent } from '#tests/support/families'
import { uniqueName } from '#tests/support/postgres'
import { startSmtpListener } from '#tests/support/smtp'
import { startStripeStandIn, type StripeStandIn } from '#tests/support/stripe-stand-in'
import { stripeStandInEnv } from '#tests/support/stripe-env'

const SECRET_KEY = 'sk_test_51AcademyAutopaySecretKey0042'
const PUBLISHABLE_KEY = 'pk_test_51AcademyAutopayPublishable01'
const WEBHOOK_SECRET = 'whsec_test_academy_autopay_secret_0001'

let app: TestApp

/** The autopay job as it runs at `now` on the academy's clock. */
const chargeDueAt = (now: Date) =>
  withAcademyClock(
    () => now,
    () => chargeDueAutopay(app.payload),
  )
let standIn: StripeStandIn
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let stripe: Stripe
let admin: ApiClient
/** Each family bills its own month, so their tuition invoices never meet. */
let nextMonth = 0

type Family = { client: ApiClient; id: number; email: string }

async function createFamily(label: string): Promise<Family> {
  const username = uniqueName(label).replace(/_/g, '-').toLowerCase().slice(0, 40)
  const email = `${username}@example.com`
  const password = 'family-password-2026'
  const user = await app.payload.create({ collection: 'users', overrideAccess: true, data: { username, email, fullName: `${label} Parent`, password } })
  return { client: await new ApiClient(app.url).login(username, password), id: user.id as number, email }
}

/** A tuition invoice due on the month's 1st (the billing day), as the tuition run makes it. */
async function tuitionInvoice(family: Family, amountCents = 13_000): Promise<{ invoice: Invoice; due: string }> {
  const index = nextMonth++
  const month = 1 + (index % 12)
  const year = 2027 + Math.floor(index / 12)
  const period = `${year}-${String(month).padStart(2, '0')}`
  const due = `${period}-01`
  const invoice = (await app.payload.create({
    collection: 'invoices',
    overrideAccess: true,
    data: {
      userId: family.id,
      payerEmail: family.email,
      amountCents,
      description: `Tuition, ${period}`,
      status: 'pending',
      dueDate: due,
      kind: 'tuition',
      period,
    },
  })) as Invoice
  return { invoice, due }
}

const at = (date: string, hour = 15) => new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`)
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** The browser's side of saving a card: a SetupIntent from our server, confirmed at Stripe, reported back. */
async function saveCard(family: Family, paymentMethod = 'pm_card_visa') {
  const setup = await family.client.post('/api/autopay/setup-intent', {})
  expect(setup.status).toBe(200)
  const confirmed = standIn.confirmSetup(setup.body.setupIntentId, paymentMethod)
  if (confirmed.status === 'requires_action') standIn.confirmSetup(setup.body.setupIntentId)
  const saved = await family.client.post('/api/autopay/card', { setupIntentId: setup.body.setupIntentId })
  expect(saved.status, JSON.stringify(saved.body)).toBe(200)
  return { setupIntentId: setup.body.setupIntentId as string, card: saved.body }
}

async function enableAutopay(family: Family, paymentMethod = 'pm_card_visa') {
  await saveCard(family, paymentMethod)
  const res = await family.client.put('/api/autopay', { enabled: true })
  expect(res.status).toBe(200)
  expect(res.body.enabled).toBe(true)
}

async function cardsOf(userId: number): Promise<PaymentMethod[]> {
  return (await app.payload.find({ collection: 'payment-methods', where: { user: { equals: userId } }, overrideAccess: true })).docs as PaymentMethod[]
}

async function attemptsOf(invoiceId: number): Promise<AutopayAttempt[]> {
  return (await app.payload.find({ collection: 'autopay-attempts', where: { invoiceId: { equals: invoiceId } }, sort: 'attempt', overrideAccess: true }))
    .docs as AutopayAttempt[]
}

async function paymentsOf(invoiceId: number): Promise<Payment[]> {
  return (await app.payload.find({ collection: 'payments', where: { invoice: { equals: invoiceId } }, overrideAccess: true })).docs as Payment[]
}

async function invoiceStatus(id: number): Promise<string> {
  return ((await app.payload.findByID({ collection: 'invoices', id, overrideAccess: true })) as Invoice).status
}

const intentsFor = (invoiceId: number) => standIn.intents().filter((intent) => intent.metadata.invoiceId === String(invoiceId))
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email))

async function deliver(type: string, objectId: string) {
  const { payload, signature } = standIn.webhook(type, objectId, WEBHOOK_SECRET)
  const res = await fetch(`${app.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  })
  return res.status
}

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKeys: [SECRET_KEY] })
  smtp = await startSmtpListener()
  app = await startTestApp({
    ...stripeStandInEnv(standIn, { secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY, webhookSecret: WEBHOOK_SECRET }),
    SMTP_URL: smtp.url,
  })
  const base = new URL(standIn.url)
  stripe = new Stripe(SECRET_KEY, { host: base.hostname, port: base.port, protocol: 'http', maxNetworkRetries: 0 })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
})
afterAll(async () => {
  await app?.close()
  await smtp?.close()
  await standIn?.close()
})

describe('the Stripe stand-in', () => {
  it('speaks customers, SetupIntents, payment methods and off-session charges like Stripe, idempotency keys included', async () => {
    const customer = await stripe.customers.create({ email: 'stand-in@example.com' })
    const setup = await stripe.setupIntents.create({ customer: customer.id, allowed_payment_method_types: ['card'], usage: 'off_session' })
    expect(setup).toMatchObject({ status: 'requires_payment_method', customer: customer.id })
    standIn.confirmSetup(setup.id, 'pm_card_visa')
    const done = await stripe.setupIntents.retrieve(setup.id)
    expect(done.status).toBe('succeeded')
    const method = await stripe.paymentMethods.retrieve(done.payment_method as string)
    expect(method).toMatchObject({ customer: customer.id, card: { brand: 'visa', last4: '4242' } })

    const params: Stripe.PaymentIntentCreateParams = {
      amount: 5000,
      currency: 'usd',
      customer: customer.id,
      payment_method: method.id,
      off_session: true,
      confirm: true,
    }
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'stand-in-key-1' })
    const again = await stripe.paymentIntents.create(params, { idempotencyKey: 'stand-in-key-1' })
    expect(first.status).toBe('succeeded')
    expect(again.id).toBe(first.id)

    // A card of another customer is refused; a detached one is no one's.
    const other = await stripe.customers.create({ email: 'other@example.com' })
    await expect(stripe.paymentIntents.create({ ...params, customer: other.id })).rejects.toMatchObject({ type: 'StripeInvalidRequestError' })
    await stripe.paymentMethods.detach(method.id)
    expect(standIn.paymentMethod(method.id).customer).toBeNull()
    await expect(stripe.paymentMethods.detach(method.id)).rejects.toMatchObject({ type: 'StripeInvalidRequestError' })

    // Declines and authentication, off-session.
    const declining = await stripe.paymentMethods.attach('pm_card_chargeDeclined', { customer: customer.id })
    await expect(stripe.paymentIntents.create({ ...params, payment_method: declining.id })).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
      payment_intent: { status: 'requires_payment_method' },
    })
    const asking = await stripe.paymentMethods.attach('pm_card_authenticationRequired', { customer: customer.id })
    await expect(stripe.paymentIntents.create({ ...params, payment_method: asking.id })).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'authentication_required',
    })
  })
})

describe('saving a card', () => {
  it('keeps the brand, last four and expiry of a card confirmed at Stripe, never the Stripe customer in answers', async () => {
    const family = await createFamily('savecard')
    const { card } = await saveCard(family)
    expect(card).toMatchObject({ brand: 'visa', lastFour: '4242', expiryMonth: 12 })
    const state = await family.client.get('/api/autopay')
    expect(state.status).toBe(200)
    expect(state.body).toMatchObject({ enabled: false, card: { brand: 'visa', lastFour: '4242' } })
    expect(JSON.stringify(state.body)).not.toContain('cus_')
    expect(JSON.stringify(card)).not.toContain('pm_')
    const [stored] = await cardsOf(family.id)
    expect(standIn.paymentMethod(stored!.stripePaymentMethodId!).customer).toMatch(/^cus_/)
  })

  it('makes one Stripe customer per family, however many cards it saves', async () => {
    const family = await createFamily('onecustomer')
    await saveCard(family)
    await saveCard(family, 'pm_card_mastercard')
    const customers = standIn.customers().filter((c) => (c.metadata as Record<string, string>).userId === String(family.id))
    expect(customers).toHaveLength(1)
    const cards = await cardsOf(family.id)
    expect(cards.map((c) => c.lastFour)).toEqual(['4444'])
  })

  it('replacing a card detaches the old one at Stripe', async () => {
    const family = await createFamily('replace')
    await saveCard(family)
    const [old] = await cardsOf(family.id)
    await saveCard(family, 'pm_card_mastercard')
    expect(standIn.paymentMethod(old!.stripePaymentMethodId!).customer).toBeNull()
  })

  it('saves a card that needed 3-D Secure once the bank confirmed it', async () => {
    const family = await createFamily('threeds')
    const { card } = await saveCard(family, 'pm_card_authenticationRequiredOnSetup')
    expect(card.lastFour).toBe('3155')
  })

  it('the setup_intent.succeeded webhook saves it too, once, whatever arrives twice', async () => {
    const family = await createFamily('webhookcard')
    const setup = await family.client.post('/api/autopay/setup-intent', {})
    standIn.confirmSetup(setup.body.setupIntentId, 'pm_card_visa')
    expect(await deliver('setup_intent.succeeded', setup.body.setupIntentId)).toBe(200)
    expect(await deliver('setup_intent.succeeded', setup.body.setupIntentId)).toBe(200)
    expect((await family.client.post('/api/autopay/card', { setupIntentId: setup.body.setupIntentId })).status).toBe(200)
    expect(await cardsOf(family.id)).toHaveLength(1)
  })

  it('refuses an unfinished setup and bad input (400), changing nothing', async () => {
    const family = await createFamily('badsetup')
    const setup = await family.client.post('/api/autopay/setup-intent', {})
    const unfinished = await family.client.post('/api/autopay/card', { setupIntentId: setup.body.setupIntentId })
    expect(unfinished.status).toBe(400)
    for (const body of [{}, { setupIntentId: 'pi_123' }, { setupIntentId: 42 }]) {
      const res = await family.client.post('/api/autopay/card', body)
      expect(res.status).toBe(400)
      expect(res.body.message).toBeTruthy()
    }
    expect(await cardsOf(family.id)).toHaveLength(0)
  })

  it('autopay cannot be turned on without a card (400, clear message), and bad input changes nothing', async () => {
    const family = await createFamily('nocard')
    const res = await family.client.put('/api/autopay', { enabled: true })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(AUTOPAY_NEEDS_CARD)
    expect((await family.client.put('/api/autopay', { enabled: 'yes' })).status).toBe(400)
    expect((await family.client.get('/api/autopay')).body.enabled).toBe(false)
  })

  it('removing the card detaches it at Stripe and turns autopay off', async () => {
    const family = await createFamily('remove')
    await enableAutopay(family)
    const [card] = await cardsOf(family.id)
    const res = await family.client.delete('/api/autopay/card')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ enabled: false, card: null })
    expect(standIn.paymentMethod(card!.stripePaymentMethodId!).customer).toBeNull()
    expect(await cardsOf(family.id)).toHaveLength(0)
    expect((await family.client.delete('/api/autopay/card')).status).toBe(404)
  })
})

describe('the statement', () => {
  it('GET /api/billing/statement names the card and the next automatic charge, null while autopay is off', async () => {
    const family = await createFamily('statement')
    await saveCard(family)
    const { due } = await tuitionInvoice(family)
    expect((await family.client.get('/api/billing/statement')).body.autopay).toBeNull()
    expect((await family.client.put('/api/autopay', { enabled: true })).status).toBe(200)
    const res = await family.client.get('/api/billing/statement')
    expect(res.status).toBe(200)
    expect(res.body.autopay).toEqual({ cardBrand: 'Visa', cardLast4: '4242', chargeDate: due, amountCents: 13_000 })
    expect((await admin.get(`/api/admin/families/${family.id}/statement`)).body.autopay).toEqual(res.body.autopay)
  })
})

describe('who may', () => {
  it('visitors get 401 everywhere', async () => {
    const visitor = new ApiClient(app.url)
    expect((await visitor.get('/api/autopay')).status).toBe(401)
    expect((await visitor.put('/api/autopay', { enabled: true })).status).toBe(401)
    expect((await visitor.post('/api/autopay/setup-intent', {})).status).toBe(401)
    expect((await visitor.post('/api/autopay/card', { setupIntentId: 'seti_123' })).status).toBe(401)
    expect((await visitor.delete('/api/autopay/card')).status).toBe(401)
    expect((await visitor.post('/api/admin/autopay/run', {})).status).toBe(401)
  })

  it('family B cannot take, see or remove family A’s card', async () => {
    const a = await createFamily('owner')
    const b = await createFamily('intruder')
    const { setupIntentId } = await saveCard(a)
    const stolen = await b.client.post('/api/autopay/card', { setupIntentId })
    expect(stolen.status).toBe(404)
    expect(await cardsOf(b.id)).toHaveLength(0)
    expect((await b.client.get('/api/autopay')).body.card).toBeNull()
    expect((await b.client.delete('/api/autopay/card')).status).toBe(404)
    expect(await cardsOf(a.id)).toHaveLength(1)
    expect((await b.client.get(`/api/admin/autopay/${a.id}`)).status).toBe(403)
    expect((await b.client.post('/api/admin/autopay/run', {})).status).toBe(403)
  })

  it('an administrator sees a family’s autopay and attempts', async () => {
    const family = await createFamily('adminview')
    await enableAutopay(family)
    const res = await admin.get(`/api/admin/autopay/${family.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ enabled: true, card: { lastFour: '4242' }, attempts: [] })
    expect((await admin.get('/api/admin/autopay/999999')).status).toBe(404)
  })
})

describe('chargeDueAutopay', () => {
  it('charges the saved card off-session on the billing day, records it once, and not before', async () => {
    const family = await createFamily('charge')
    await enableAutopay(family)
    const { invoice, due } = await tuitionInvoice(family)
    expect((await family.client.get('/api/autopay')).body.upcoming).toEqual([
      { invoiceId: invoice.id, description: invoice.description, amount: 130, date: due },
    ])

    await chargeDueAt(at(plusDays(due, -1)))
    expect(intentsFor(invoice.id)).toHaveLength(0)

    const result = await chargeDueAt(at(due))
    expect(result.attempted).toBeGreaterThanOrEqual(1)
    const [intent] = intentsFor(invoice.id)
    expect(intent).toMatchObject({ status: 'succeeded', amount: 13_000, customer: expect.stringMatching(/^cus_/) })
    expect(await invoiceStatus(invoice.id)).toBe('paid')
    expect((await paymentsOf(invoice.id)).map((p) => p.status)).toEqual(['completed'])
    expect((await attemptsOf(invoice.id)).map((a) => [a.attempt, a.status])).toEqual([[1, 'succeeded']])
    await smtp.waitFor((m) => m.to.includes(family.email) && m.subject.startsWith('Payment received'))

    // Again, the same day and later: nothing more.
    await chargeDueAt(at(due, 20))
    await chargeDueAt(at(plusDays(due, 5)))
    expect(intentsFor(invoice.id)).toHaveLength(1)
    expect(await paymentsOf(invoice.id)).toHaveLength(1)

    // Stripe's webhooks for the same charge change nothing.
    expect(await deliver('payment_intent.succeeded', intent!.id)).toBe(200)
    expect(await deliver('payment_intent.succeeded', intent!.id)).toBe(200)
    expect(await paymentsOf(invoice.id)).toHaveLength(1)
  })

  it('leaves alone families without autopay, paid invoices and manual invoices', async () => {
    const off = await createFamily('autopayoff')
    await saveCard(off)
    const { invoice, due } = await tuitionInvoice(off)
    const on = await createFamily('manualonly')
    await enableAutopay(on)
    const manual = (await app.payload.create({
      collection: 'invoices',
      overrideAccess: true,
      data: { userId: on.id, payerEmail: on.email, amountCents: 5000, description: 'Costume', status: 'pending', dueDate: due },
    })) as Invoice
    await chargeDueAt(at(due))
    expect(intentsFor(invoice.id)).toHaveLength(0)
    expect(intentsFor(manual.id)).toHaveLength(0)
  })

  it('a decline is recorded, mailed with a link to /billing, and retried 3 and 7 days after the first attempt', async () => {
    const family = await createFamily('declines')
    await enableAutopay(family, 'pm_card_chargeCustomerFail')
    const { invoice, due } = await tuitionInvoice(family)

    const first = await chargeDueAt(at(due))
    expect(first.failed).toBeGreaterThanOrEqual(1)
    expect(await invoiceStatus(invoice.id)).toBe('pending')
    expect((await paymentsOf(invoice.id)).map((p) => p.status)).toEqual(['failed'])
    const mail = await smtp.waitFor((m) => m.to.includes(family.email) && m.subject.startsWith('Autopay could not charge'))
    expect(mail.text).toContain(`/billing?invoice=${invoice.id}`)
    expect(mail.text).toContain(plusDays(due, 3))

    for (const offset of [1, 2]) await chargeDueAt(at(plusDays(due, offset)))
    expect(intentsFor(invoice.id)).toHaveLength(1)
    await chargeDueAt(at(plusDays(due, 3)))
    expect(intentsFor(invoice.id)).toHaveLength(2)
    for (const offset of [4, 5, 6]) await chargeDueAt(at(plusDays(due, offset)))
    expect(intentsFor(invoice.id)).toHaveLength(2)
    await chargeDueAt(at(plusDays(due, 7)))
    await chargeDueAt(at(plusDays(due, 30)))
    expect(intentsFor(invoice.id)).toHaveLength(3)
    expect((await attemptsOf(invoice.id)).map((a) => [a.attempt, a.status, a.day])).toEqual([
      [1, 'failed', due],
      [2, 'failed', plusDays(due, 3)],
      [3, 'failed', plusDays(due, 7)],
    ])
    await expect.poll(() => mailsTo(family.email).filter((m) => m.subject.startsWith('Autopay could not charge')).length).toBe(3)
    const last = mailsTo(family.email).filter((m) => m.subject.startsWith('Autopay could not charge'))[2]!
    expect(last.text).toContain('We will not try the card again')
    expect(await paymentsOf(invoice.id)).toHaveLength(3)

    // Stripe's payment_failed webhooks for these charges add nothing.
    const [intent] = intentsFor(invoice.id)
    expect(await deliver('payment_intent.payment_failed', intent!.id)).toBe(200)
    expect(await deliver('payment_intent.payment_failed', intent!.id)).toBe(200)
    expect(await paymentsOf(invoice.id)).toHaveLength(3)
  })

  it('a charge still processing is settled by Stripe’s webhook: a failure is mailed once and retried on schedule, a success pays', async () => {
    const family = await createFamily('processing')
    await enableAutopay(family)
    const { invoice, due } = await tuitionInvoice(family)
    standIn.holdCharges(true)
    try {
      await chargeDueAt(at(due))
    } finally {
      standIn.holdCharges(false)
    }
    const [held] = intentsFor(invoice.id)
    expect(held!.status).toBe('processing')
    expect((await attemptsOf(invoice.id)).map((a) => [a.attempt, a.status, a.paymentIntentId])).toEqual([[1, 'processing', held!.id]])
    // Nothing is retried while the bank decides.
    await chargeDueAt(at(plusDays(due, 3)))
    expect(intentsFor(invoice.id)).toHaveLength(1)

    // The bank declines: Stripe says so (twice, as it may); one email, and the retry is back on.
    standIn.decline(held!.id)
    expect(await deliver('payment_intent.payment_failed', held!.id)).toBe(200)
    expect(await deliver('payment_intent.payment_failed', held!.id)).toBe(200)
    expect((await attemptsOf(invoice.id)).map((a) => [a.attempt, a.status, a.failureMessage])).toEqual([[1, 'failed', 'Your card was declined.']])
    const mail = await smtp.waitFor((m) => m.to.includes(family.email) && m.subject.startsWith('Autopay could not charge'))
    expect(mail.text).toContain(plusDays(due, 3))
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(mailsTo(family.email).filter((m) => m.subject.startsWith('Autopay could not charge'))).toHaveLength(1)
    expect(await invoiceStatus(invoice.id)).toBe('pending')

    // The retry on day 3 is held too, and this time the bank pays.
    standIn.holdCharges(true)
    try {
      await chargeDueAt(at(plusDays(due, 3)))
    } finally {
      standIn.holdCharges(false)
    }
    const retry = intentsFor(invoice.id).find((intent) => intent.id !== held!.id)!
    expect(retry.status).toBe('processing')
    standIn.succeed(retry.id)
    expect(await deliver('payment_intent.succeeded', retry.id)).toBe(200)
    expect((await attemptsOf(invoice.id)).map((a) => [a.attempt, a.status])).toEqual([
      [1, 'failed'],
      [2, 'succeeded'],
    ])
    expect(await invoiceStatus(invoice.id)).toBe('paid')
    expect((await paymentsOf(invoice.id)).map((p) => p.status).sort()).toEqual(['completed', 'failed'])
  })

  it('a retry charges the card the family saved since the decline', async () => {
    const family = await createFamily('newcard')
    await enableAutopay(family, 'pm_card_chargeCustomerFail')
    const { invoice, due } = await tuitionInvoice(family)
    await chargeDueAt(at(due))
    await saveCard(family, 'pm_card_visa')
    await chargeDueAt(at(plusDays(due, 3)))
    expect(await invoiceStatus(invoice.id)).toBe('paid')
    expect((await attemptsOf(invoice.id)).map((a) => a.status)).toEqual(['failed', 'succeeded'])
  })

  it('a charge the bank wants confirmed (3-D Secure) is mailed with a link, never retried, and the family pays on /billing', async () => {
    const family = await createFamily('authreq')
    await enableAutopay(family, 'pm_card_authenticationRequired')
    const { invoice, due } = await tuitionInvoice(family)
    const result = await chargeDueAt(at(due))
    expect(result.requiresAction).toBeGreaterThanOrEqual(1)
    const mail = await smtp.waitFor((m) => m.to.includes(family.email) && m.subject.startsWith('Please confirm your payment'))
    expect(mail.text).toContain(`/billing?invoice=${invoice.id}`)
    await chargeDueAt(at(plusDays(due, 3)))
    await chargeDueAt(at(plusDays(due, 7)))
    expect(intentsFor(invoice.id)).toHaveLength(1)
    expect(await invoiceStatus(invoice.id)).toBe('pending')

    // On /billing: the usual card payment, with the bank's confirmation.
    const created = await family.client.post('/api/stripe/create-payment-intent', { invoiceId: invoice.id, amount: 130 })
    expect(created.status).toBe(200)
    const paying = await stripe.paymentIntents.confirm(created.body.paymentIntentId, { payment_method: 'pm_card_authenticationRequired' })
    expect(paying.status).toBe('requires_action')
    await stripe.paymentIntents.confirm(created.body.paymentIntentId)
    const reported = await family.client.post('/api/payments', {
      invoiceId: invoice.id,
      userId: family.id,
      amount: 130,
      paymentMethodId: 1,
      method: 'stripe',
      status: 'completed',
      transactionId: created.body.paymentIntentId,
      metadata: JSON.stringify({ cardholderName: 'Pat Parent', paymentIntentId: created.body.paymentIntentId }),
    })
    expect(reported.status).toBe(201)
    expect(await invoiceStatus(invoice.id)).toBe('paid')
  })

  it('a card set up with 3-D Secure pays off-session without asking again', async () => {
    const family = await createFamily('setupthreeds')
    await enableAutopay(family, 'pm_card_authenticationRequiredOnSetup')
    const { invoice, due } = await tuitionInvoice(family)
    await chargeDueAt(at(due))
    expect(await invoiceStatus(invoice.id)).toBe('paid')
  })

  it('two runs at once charge each invoice once', async () => {
    const family = await createFamily('concurrent')
    await enableAutopay(family)
    const { invoice, due } = await tuitionInvoice(family)
    const second = await tuitionInvoice(family, 9_000)
    const creationsBefore = standIn.creations
    const runs = await Promise.all([1, 2, 3].map(() => chargeDueAt(at(due))))
    await Promise.all([1, 2].map(() => chargeDueAt(at(second.due))))
    expect(intentsFor(invoice.id)).toHaveLength(1)
    expect(intentsFor(second.invoice.id)).toHaveLength(1)
    expect(standIn.creations - creationsBefore).toBe(2)
    expect(runs.reduce((sum, r) => sum + r.succeeded, 0)).toBeGreaterThanOrEqual(1)
    expect(await paymentsOf(invoice.id)).toHaveLength(1)
    expect(await attemptsOf(invoice.id)).toHaveLength(1)
  })

  it('POST /api/admin/autopay/run runs it on today’s date', async () => {
    const res = await admin.post('/api/admin/autopay/run', {})
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ attempted: expect.any(Number), succeeded: expect.any(Number), failed: expect.any(Number), requiresAction: expect.any(Number) })
  })
})

describe('the billing calendar with card payments configured', () => {
  it('bills the month on its billing day and charges the autopay family’s new invoice on the same tick, once however often it ticks', async () => {
    const family = await createFamily('tick')
    await enableAutopay(family)
    const cls = await addClass(app, { name: uniqueName('Tick Ballet') })
    const student = await addStudent(app, family.id, 'Tilda Tick')
    await app.payload.create({ collection: 'enrollments', overrideAccess: true, data: { student, class: cls.id, enrollmentDate: '2032-01-01' } })
    const { billingDay } = (await admin.get('/api/admin/tuition-settings')).body as { billingDay: number }
    const day = `2032-03-${String(billingDay).padStart(2, '0')}`
    const tick = () =>
      withAcademyClock(
        () => at(day),
        () => runBillingDay(app.payload),
      )

    const first = await tick()
    expect(first.tuition).toMatchObject({ outcome: 'billed', period: '2032-03' })
    expect(first.autopay).toMatchObject({ outcome: 'applied' })
    const [invoice] = (
      await app.payload.find({
        collection: 'invoices',
        where: { and: [{ userId: { equals: family.id } }, { period: { equals: '2032-03' } }] },
        overrideAccess: true,
        depth: 0,
      })
    ).docs as Invoice[]
    expect(invoice).toMatchObject({ kind: 'tuition', dueDate: expect.stringContaining(day) })
    expect(await invoiceStatus(invoice!.id)).toBe('paid')
    expect((await attemptsOf(invoice!.id)).map((a) => [a.attempt, a.status])).toEqual([[1, 'succeeded']])
    expect((await paymentsOf(invoice!.id)).map((p) => p.status)).toEqual(['completed'])

    // The hourly tick comes again the same day: nothing is billed or charged twice.
    const again = await tick()
    expect(again.tuition.outcome).toBe('finished')
    expect(intentsFor(invoice!.id)).toHaveLength(1)
    expect(await paymentsOf(invoice!.id)).toHaveLength(1)
    await app.payload.delete({ collection: 'classes', id: cls.id, overrideAccess: true })
  })
})
