import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Invoice, Payment } from '#cms/payload-types'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { uniqueName } from '#tests/support/postgres'
import { startSmtpListener } from '#tests/support/smtp'
import { startStripeStandIn, type StripeStandIn } from '#tests/support/stripe-stand-in'
import { stripeStandInEnv } from '#tests/support/stripe-env'

const SECRET_KEY = 'sk_test_51AcademyEnvSecretKey000042'
const PUBLISHABLE_KEY = 'pk_test_51AcademyEnvPublishableKey01'
const WEBHOOK_SECRET = 'whsec_test_academy_webhook_secret_0001'

let app: TestApp
let standIn: StripeStandIn
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
/** Plays the browser's and Stripe's side: confirms intents on the stand-in through the real SDK. */
let stripe: Stripe
let admin: ApiClient

type Family = { client: ApiClient; id: number; email: string; password: string; username: string }

async function createFamily(label: string, options: { emailNotifications?: boolean } = {}): Promise<Family> {
  const username = uniqueName(label).replace(/_/g, '-').toLowerCase().slice(0, 40)
  const email = `${username}@example.com`
  const password = 'family-password-2026'
  const user = await app.payload.create({ collection: 'users', overrideAccess: true, data: { username, email, fullName: `${label} Parent`, password } })
  if (options.emailNotifications !== undefined) {
    await app.payload.create({
      collection: 'notification-preferences',
      overrideAccess: true,
      data: { user: user.id, emailNotifications: options.emailNotifications },
    })
  }
  return { client: await new ApiClient(app.url).login(username, password), id: user.id as number, email, password, username }
}

async function createInvoice(family: Family, amountCents = 7500, status: Invoice['status'] = 'pending'): Promise<Invoice> {
  const invoice = (await app.payload.create({
    collection: 'invoices',
    overrideAccess: true,
    data: {
      userId: family.id,
      payerEmail: family.email,
      amountCents,
      description: uniqueName('Tuition'),
      status: status === 'paid' ? 'pending' : status,
      dueDate: '2026-12-01',
    },
  })) as Invoice
  if (status !== 'paid') return invoice
  // Issue 23: an invoice becomes paid only with its payment recorded.
  expect((await admin.post(`/api/admin/invoices/${invoice.id}/mark-paid`, { method: 'cash', receivedOn: '2026-11-01' })).status).toBe(200)
  return { ...invoice, status: 'paid' }
}

async function invoiceStatus(id: number): Promise<string> {
  return ((await app.payload.findByID({ collection: 'invoices', id, overrideAccess: true })) as Invoice).status
}

async function paymentsForIntent(intentId: string): Promise<Payment[]> {
  return (await app.payload.find({ collection: 'payments', where: { transactionId: { equals: intentId } }, overrideAccess: true })).docs as Payment[]
}

async function paymentsForInvoice(invoiceId: number): Promise<Payment[]> {
  return (await app.payload.find({ collection: 'payments', where: { invoice: { equals: invoiceId } }, overrideAccess: true })).docs as Payment[]
}

async function createIntent(family: Family, invoiceId: number): Promise<string> {
  const res = await family.client.post('/api/stripe/create-payment-intent', { invoiceId, amount: 1, currency: 'EUR' })
  expect(res.status).toBe(200)
  return res.body.paymentIntentId as string
}

/** What the browser sends after stripe.confirmCardPayment succeeds (spec §7), tampering included. */
function report(family: Family, invoiceId: number, intentId: string, extra: Record<string, unknown> = {}) {
  return family.client.post('/api/payments', {
    invoiceId,
    userId: family.id,
    amount: 75,
    paymentMethodId: 1,
    method: 'stripe',
    status: 'completed',
    transactionId: intentId,
    metadata: JSON.stringify({ cardholderName: 'Jordan Rivera', paymentIntentId: intentId }),
    ...extra,
  })
}

/** Stripe delivering a signed event: no cookie, no Origin. */
async function deliver(type: string, intentId: string, secret = WEBHOOK_SECRET, signature?: string) {
  const { payload, signature: signed } = standIn.webhook(type, intentId, secret)
  const res = await fetch(`${app.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? signed },
    body: payload,
  })
  return { status: res.status, body: await res.json() }
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

describe('keys from the environment', () => {
  it('override the saved settings, and the secret key reaches an admin only masked', async () => {
    const family = await createFamily('envkeys')
    expect((await family.client.get('/api/stripe/config')).body).toEqual({
      publicKey: PUBLISHABLE_KEY,
      paymentsDisabled: false,
      testMode: true,
      subscriptionEnabled: false,
    })
    const res = await admin.get('/api/stripe/config')
    expect(res.body).toMatchObject({ publicKey: PUBLISHABLE_KEY, secretKey: 'sk_test_…0042', secretKeySource: 'environment', webhookConfigured: true })
    expect(JSON.stringify(res.body)).not.toContain(SECRET_KEY)
  })
})

describe('POST /api/stripe/create-payment-intent', () => {
  it('charges the invoice’s amount in USD whatever amount and currency the browser sends', async () => {
    const family = await createFamily('amount')
    const invoice = await createInvoice(family, 12_345)
    const res = await family.client.post('/api/stripe/create-payment-intent', { invoiceId: invoice.id, amount: 1, currency: 'EUR' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ amount: 123.45, currency: 'usd' })
    const intent = standIn.intent(res.body.paymentIntentId)
    expect(res.body.clientSecret).toBe(intent.client_secret)
    expect(intent).toMatchObject({
      amount: 12_345,
      currency: 'usd',
      metadata: { invoiceId: String(invoice.id), userId: String(family.id) },
      allowed_payment_method_types: ['card'],
      automatic_payment_methods: null,
    })
    const call = standIn.requests.findLast((r) => r.path === '/v1/payment_intents')!
    expect(call.apiKey).toBe(SECRET_KEY)
    expect(call.idempotencyKey).toMatch(new RegExp(`^academy-invoice-${invoice.id}-12345-`))
  })

  it('gives two concurrent requests, and a later click, the same single intent', async () => {
    const family = await createFamily('concurrent')
    const secondTab = await new ApiClient(app.url).login(family.username, family.password)
    const invoice = await createInvoice(family)
    const creations = standIn.creations
    const answers = await Promise.all([
      family.client.post('/api/stripe/create-payment-intent', { invoiceId: invoice.id }),
      family.client.post('/api/stripe/create-payment-intent', { invoiceId: invoice.id }),
      secondTab.post('/api/stripe/create-payment-intent', { invoiceId: invoice.id }),
    ])
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
    const ids = new Set(answers.map((a) => a.body.paymentIntentId))
    expect(ids.size).toBe(1)
    expect(standIn.creations).toBe(creations + 1)

    // A click a moment later reaches Stripe with the same idempotency key and gets the same intent back.
    const later = await secondTab.post('/api/stripe/create-payment-intent', { invoiceId: invoice.id })
    expect(later.body.paymentIntentId).toBe([...ids][0])
    expect(later.body.clientSecret).toBe(answers[0]!.body.clientSecret)
    expect(standIn.creations).toBe(creations + 1)
    const keys = new Set(
      standIn.requests
        .filter((r) => r.path === '/v1/payment_intents' && r.params.metadata && (r.params.metadata as Record<string, string>).invoiceId === String(invoice.id))
        .map((r) => r.idempotencyKey),
    )
    expect(keys.size).toBe(1)
  })

  it('answers 404 for another family’s invoice and an unknown one, without asking Stripe', async () => {
    const owner = await createFamily('owner')
    const stranger = await createFamily('stranger')
    const invoice = await createInvoice(owner)
    const creations = standIn.creations
    const other = await stranger.client.post('/api/stripe/create-payment-intent', { invoiceId: invoice.id })
    expect(other.status).toBe(404)
    expect(other.body.message).toBe('Invoice not found')
    const unknown = await stranger.client.post('/api/stripe/create-payment-intent', { invoiceId: 987_654 })
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('Invoice not found')
    expect(standIn.creations).toBe(creations)
  })

  it('refuses a paid or cancelled invoice with 409, a visitor with 401 and a missing invoice id with 400', async () => {
    const family = await createFamily('refusals')
    const paid = await createInvoice(family, 5000, 'paid')
    const cancelled = await createInvoice(family, 5000, 'cancelled')
    const creations = standIn.creations
    const paidRes = await family.client.post('/api/stripe/create-payment-intent', { invoiceId: paid.id })
    expect(paidRes.status).toBe(409)
    expect(paidRes.body.message).toBe('This invoice is already paid.')
    const cancelledRes = await family.client.post('/api/stripe/create-payment-intent', { invoiceId: cancelled.id })
    expect(cancelledRes.status).toBe(409)
    expect(cancelledRes.body.message).toBe('This invoice has been cancelled.')
    expect((await new ApiClient(app.url).post('/api/stripe/create-payment-intent', { invoiceId: paid.id })).status).toBe(401)
    const missing = await family.client.post('/api/stripe/create-payment-intent', { amount: 50 })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe('Invoice ID is required')
    expect(standIn.creations).toBe(creations)
  })
})

describe('paying an invoice: intent, card, report', () => {
  it('records one completed payment, marks the invoice paid, and answers the payment DTO', async () => {
    const family = await createFamily('happy')
    const invoice = await createInvoice(family, 7500)
    const intentId = await createIntent(family, invoice.id)
    const confirmed = await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' })
    expect(confirmed.status).toBe('succeeded')

    // The browser claims another user, amount and status: all ignored.
    const res = await report(family, invoice.id, intentId, { userId: 1, amount: 1, status: 'failed' })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      invoiceId: invoice.id,
      userId: family.id,
      amount: 75,
      paymentMethodId: 1,
      method: 'stripe',
      status: 'completed',
      transactionId: intentId,
      description: invoice.description,
    })
    expect(JSON.parse(res.body.metadata)).toEqual({ cardholderName: 'Jordan Rivera', paymentIntentId: intentId })
    expect(await invoiceStatus(invoice.id)).toBe('paid')
    expect(await paymentsForIntent(intentId)).toHaveLength(1)

    // A second report (a retry, a double click) returns the same row.
    const again = await report(family, invoice.id, intentId)
    expect(again.status).toBe(200)
    expect(again.body.id).toBe(res.body.id)
    expect(await paymentsForIntent(intentId)).toHaveLength(1)

    // Paying it again is refused.
    const more = await family.client.post('/api/stripe/create-payment-intent', { invoiceId: invoice.id })
    expect(more.status).toBe(409)
  })

  it('emails the family a receipt when their email notifications are on', async () => {
    const family = await createFamily('receipt')
    const invoice = await createInvoice(family, 4250)
    const intentId = await createIntent(family, invoice.id)
    await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' })
    expect((await report(family, invoice.id, intentId)).status).toBe(201)
    // (The invoice's own notice, "New invoice: …", is a mail too: decisions "Automatic notices".)
    const mail = await smtp.waitFor((m) => m.to.includes(family.email) && m.subject.startsWith('Payment received'))
    expect(mail.subject).toContain('Payment received: $42.50')
    expect(mail.text).toContain(invoice.description)
    expect(mail.text).toContain(intentId)
  })

  it('sends no receipt to a family that turned email notifications off', async () => {
    const family = await createFamily('quiet', { emailNotifications: false })
    const invoice = await createInvoice(family)
    const intentId = await createIntent(family, invoice.id)
    await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' })
    expect((await report(family, invoice.id, intentId)).status).toBe(201)
    // A family with notifications on, paid after it, proves the mail queue has moved on.
    const witness = await createFamily('witness')
    const witnessInvoice = await createInvoice(witness)
    const witnessIntent = await createIntent(witness, witnessInvoice.id)
    await stripe.paymentIntents.confirm(witnessIntent, { payment_method: 'pm_card_visa' })
    await report(witness, witnessInvoice.id, witnessIntent)
    await smtp.waitFor((m) => m.to.includes(witness.email))
    expect(smtp.messages.filter((m) => m.to.includes(family.email))).toHaveLength(0)
    expect(await invoiceStatus(invoice.id)).toBe('paid')
  })

  it('needs a second confirmation for a 3D Secure card; before that the report is refused', async () => {
    const family = await createFamily('threeds')
    const invoice = await createInvoice(family)
    const intentId = await createIntent(family, invoice.id)
    const first = await stripe.paymentIntents.confirm(intentId, {
      payment_method_data: { type: 'card', card: { number: '4000002760003184' } },
    } as Stripe.PaymentIntentConfirmParams)
    expect(first.status).toBe('requires_action')
    const early = await report(family, invoice.id, intentId)
    expect(early.status).toBe(400)
    expect(early.body.message).toBe('This payment has not succeeded (status: requires_action).')
    expect(await invoiceStatus(invoice.id)).toBe('pending')
    const second = await stripe.paymentIntents.confirm(intentId)
    expect(second.status).toBe('succeeded')
    expect((await report(family, invoice.id, intentId)).status).toBe(201)
    expect(await invoiceStatus(invoice.id)).toBe('paid')
  })

  it('a declined card raises Stripe’s card error and records nothing', async () => {
    const family = await createFamily('declined')
    const invoice = await createInvoice(family)
    const intentId = await createIntent(family, invoice.id)
    const error = await stripe.paymentIntents
      .confirm(intentId, { payment_method_data: { type: 'card', card: { number: '4000000000000002' } } } as Stripe.PaymentIntentConfirmParams)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError)
    expect(error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' })
    const res = await report(family, invoice.id, intentId)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('This payment has not succeeded (status: requires_payment_method).')
    expect(await paymentsForInvoice(invoice.id)).toHaveLength(0)
    expect(await invoiceStatus(invoice.id)).toBe('pending')
  })
})

describe('POST /api/payments refuses forged reports and leaves the invoice untouched', () => {
  it('an intent that has not succeeded', async () => {
    const family = await createFamily('unpaid')
    const invoice = await createInvoice(family)
    const intentId = await createIntent(family, invoice.id)
    const res = await report(family, invoice.id, intentId, { status: 'completed' })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('This payment has not succeeded (status: requires_payment_method).')
    expect(await invoiceStatus(invoice.id)).toBe('pending')
    expect(await paymentsForIntent(intentId)).toHaveLength(0)
  })

  it('a succeeded intent of one invoice reported for another', async () => {
    const family = await createFamily('swap')
    const cheap = await createInvoice(family, 5000)
    const dear = await createInvoice(family, 50_000)
    const intentId = await createIntent(family, cheap.id)
    standIn.succeed(intentId)
    const res = await report(family, dear.id, intentId)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('This payment does not belong to this invoice.')
    expect(await invoiceStatus(dear.id)).toBe('pending')
    expect(await invoiceStatus(cheap.id)).toBe('pending')
    expect(await paymentsForIntent(intentId)).toHaveLength(0)
  })

  it('another family’s succeeded intent', async () => {
    const payer = await createFamily('payer')
    const thief = await createFamily('thief')
    const payerInvoice = await createInvoice(payer)
    const thiefInvoice = await createInvoice(thief)
    const payerIntent = await createIntent(payer, payerInvoice.id)
    standIn.succeed(payerIntent)
    // Reported against the other family's invoice: not theirs, so not found.
    const notTheirs = await report(thief, payerInvoice.id, payerIntent)
    expect(notTheirs.status).toBe(404)
    expect(notTheirs.body.message).toBe('Invoice not found')
    // Reported against their own invoice: the intent is for another invoice.
    expect((await report(thief, thiefInvoice.id, payerIntent)).status).toBe(400)
    // An intent naming the thief's invoice but another user (made outside the app) is refused too.
    const forged = await stripe.paymentIntents.create({
      amount: thiefInvoice.amountCents,
      currency: 'usd',
      metadata: { invoiceId: String(thiefInvoice.id), userId: String(payer.id) },
    })
    standIn.succeed(forged.id)
    const res = await report(thief, thiefInvoice.id, forged.id)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('This payment does not belong to this account.')
    expect(await invoiceStatus(thiefInvoice.id)).toBe('pending')
    expect(await invoiceStatus(payerInvoice.id)).toBe('pending')
    expect(await paymentsForIntent(payerIntent)).toHaveLength(0)
    expect(await paymentsForIntent(forged.id)).toHaveLength(0)
  })

  it('a succeeded intent for less than the invoice', async () => {
    const family = await createFamily('short')
    const invoice = await createInvoice(family, 7500)
    const cheap = await stripe.paymentIntents.create({ amount: 100, currency: 'usd', metadata: { invoiceId: String(invoice.id), userId: String(family.id) } })
    standIn.succeed(cheap.id)
    const res = await report(family, invoice.id, cheap.id, { amount: 1 })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('The payment amount does not match the invoice.')
    expect(await invoiceStatus(invoice.id)).toBe('pending')
    expect(await paymentsForIntent(cheap.id)).toHaveLength(0)
  })

  it('an intent Stripe does not know, a missing id, a visitor', async () => {
    const family = await createFamily('unknown')
    const invoice = await createInvoice(family)
    const unknown = await report(family, invoice.id, 'pi_doesNotExist123')
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('We could not find this payment with the card processor.')
    const missing = await family.client.post('/api/payments', { invoiceId: invoice.id, amount: 75, status: 'completed' })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe('Payment intent ID is required')
    const noInvoice = await family.client.post('/api/payments', { transactionId: 'pi_abc' })
    expect(noInvoice.body.message).toBe('Invoice ID is required')
    expect((await new ApiClient(app.url).post('/api/payments', { invoiceId: invoice.id, transactionId: 'pi_abc' })).status).toBe(401)
    expect(await invoiceStatus(invoice.id)).toBe('pending')
    expect(await paymentsForInvoice(invoice.id)).toHaveLength(0)
  })
})

describe('POST /api/stripe/webhook', () => {
  it('refuses a missing, forged or wrongly signed event with 400 and records nothing', async () => {
    const family = await createFamily('forged')
    const invoice = await createInvoice(family)
    const intentId = await createIntent(family, invoice.id)
    standIn.succeed(intentId)
    const wrongSecret = await deliver('payment_intent.succeeded', intentId, 'whsec_not_ours')
    expect(wrongSecret).toEqual({ status: 400, body: { message: 'Invalid signature' } })
    const garbage = await deliver('payment_intent.succeeded', intentId, WEBHOOK_SECRET, 't=1,v1=deadbeef')
    expect(garbage.status).toBe(400)
    const { payload } = standIn.webhook('payment_intent.succeeded', intentId, WEBHOOK_SECRET)
    const unsigned = await fetch(`${app.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload })
    expect(unsigned.status).toBe(400)
    expect(await invoiceStatus(invoice.id)).toBe('pending')
    expect(await paymentsForIntent(intentId)).toHaveLength(0)
  })

  it('records a succeeded intent once however often Stripe delivers it, and a later browser report finds that row', async () => {
    const family = await createFamily('twice')
    const invoice = await createInvoice(family)
    const intentId = await createIntent(family, invoice.id)
    await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' })
    expect(await deliver('payment_intent.succeeded', intentId)).toEqual({ status: 200, body: { received: true } })
    expect(await deliver('payment_intent.succeeded', intentId)).toEqual({ status: 200, body: { received: true } })
    expect(await invoiceStatus(invoice.id)).toBe('paid')
    const rows = await paymentsForIntent(intentId)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ status: 'completed', amountCents: 7500, userId: family.id })

    const late = await report(family, invoice.id, intentId)
    expect(late.status).toBe(200)
    expect(late.body.id).toBe(rows[0]!.id)
    expect(await paymentsForIntent(intentId)).toHaveLength(1)
    // The browser's report adds the cardholder name the webhook did not know.
    expect(JSON.parse((await paymentsForIntent(intentId))[0]!.metadata!)).toEqual({ cardholderName: 'Jordan Rivera', paymentIntentId: intentId })
  })

  it('keeps one row through a failure, a success and a late copy of the failure', async () => {
    const family = await createFamily('retry')
    const invoice = await createInvoice(family)
    const intentId = await createIntent(family, invoice.id)
    await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_chargeDeclined' }).catch(() => {})
    const failedEvent = standIn.webhook('payment_intent.payment_failed', intentId, WEBHOOK_SECRET)
    expect((await deliver('payment_intent.payment_failed', intentId)).status).toBe(200)
    const failed = await paymentsForIntent(intentId)
    expect(failed).toHaveLength(1)
    expect(failed[0]!.status).toBe('failed')
    expect(await invoiceStatus(invoice.id)).toBe('pending')

    await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' })
    expect((await deliver('payment_intent.succeeded', intentId)).status).toBe(200)
    const upgraded = await paymentsForIntent(intentId)
    expect(upgraded).toHaveLength(1)
    expect(upgraded[0]).toMatchObject({ id: failed[0]!.id, status: 'completed' })
    expect(await invoiceStatus(invoice.id)).toBe('paid')

    // Stripe retries the old failure event after the success: nothing goes backwards.
    const replay = await fetch(`${app.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': failedEvent.signature },
      body: failedEvent.payload,
    })
    expect(replay.status).toBe(200)
    expect(await paymentsForIntent(intentId)).toEqual(upgraded)
    expect(await invoiceStatus(invoice.id)).toBe('paid')
  })

  it('keeps one row when the browser and two webhook deliveries arrive at the same moment', async () => {
    const family = await createFamily('race')
    const invoice = await createInvoice(family)
    const intentId = await createIntent(family, invoice.id)
    await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' })
    const [browser, hookA, hookB] = await Promise.all([
      report(family, invoice.id, intentId),
      deliver('payment_intent.succeeded', intentId),
      deliver('payment_intent.succeeded', intentId),
    ])
    expect([200, 201]).toContain(browser.status)
    expect(hookA.status).toBe(200)
    expect(hookB.status).toBe(200)
    expect(await paymentsForIntent(intentId)).toHaveLength(1)
    expect(await invoiceStatus(invoice.id)).toBe('paid')
    const receipt = (m: { to: string[]; subject: string }) => m.to.includes(family.email) && m.subject.startsWith('Payment received')
    await smtp.waitFor(receipt)
    await new Promise((r) => setTimeout(r, 300))
    expect(smtp.messages.filter(receipt)).toHaveLength(1)
  })

  it('acknowledges, but does not record, a signed success whose amount does not match the invoice', async () => {
    const family = await createFamily('mismatch')
    const invoice = await createInvoice(family, 7500)
    const odd = await stripe.paymentIntents.create({ amount: 700, currency: 'usd', metadata: { invoiceId: String(invoice.id), userId: String(family.id) } })
    standIn.succeed(odd.id)
    expect(await deliver('payment_intent.succeeded', odd.id)).toEqual({ status: 200, body: { received: true } })
    expect(await paymentsForIntent(odd.id)).toHaveLength(0)
    expect(await invoiceStatus(invoice.id)).toBe('pending')
  })

  it('acknowledges other events without acting on them', async () => {
    const family = await createFamily('other')
    const invoice = await createInvoice(family)
    const intentId = await createIntent(family, invoice.id)
    expect(await deliver('payment_intent.created', intentId)).toEqual({ status: 200, body: { received: true } })
    expect(await paymentsForIntent(intentId)).toHaveLength(0)
  })
})

describe('GET /api/payments', () => {
  it('lists a family’s own payments newest first, all of them for an admin, and 401 for a visitor', async () => {
    const family = await createFamily('history')
    const neighbour = await createFamily('neighbour')
    const first = await createInvoice(family, 1000)
    const second = await createInvoice(family, 2000)
    const theirs = await createInvoice(neighbour, 3000)
    for (const [who, invoice] of [
      [family, first],
      [family, second],
      [neighbour, theirs],
    ] as const) {
      const intentId = await createIntent(who, invoice.id)
      await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' })
      expect((await report(who, invoice.id, intentId)).status).toBe(201)
    }
    const own = await family.client.get('/api/payments')
    expect(own.status).toBe(200)
    expect(own.body.map((p: { invoiceId: number }) => p.invoiceId)).toEqual([second.id, first.id])
    expect(own.body[0]).toMatchObject({ amount: 20, status: 'completed', description: second.description, userId: family.id })
    expect(Object.keys(own.body[0]).sort()).toEqual([
      'amount',
      'createdAt',
      'description',
      'id',
      'invoiceId',
      'metadata',
      'method',
      'offline',
      'paidByName',
      'paymentMethodId',
      'refund',
      'reversal',
      'status',
      'transactionId',
      'userId',
    ])

    const all = await admin.get('/api/payments')
    const invoiceIds = all.body.map((p: { invoiceId: number }) => p.invoiceId)
    expect(invoiceIds).toEqual(expect.arrayContaining([first.id, second.id, theirs.id]))
    expect((await new ApiClient(app.url).get('/api/payments')).status).toBe(401)
  })
})
