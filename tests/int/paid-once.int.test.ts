import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Invoice, Payment } from '#cms/payload-types'
import { chargeDueAutopay } from '#api/autopay'
import { withAcademyClock } from '#api/lib/academy-clock'
import { AUTOPAY_IN_PROGRESS, REFUNDED_ALREADY_PAID, REFUNDED_INVOICE_VOID } from '#api/payments/schemas'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { uniqueName } from '#tests/support/postgres'
import { startStripeStandIn, type StripeStandIn } from '#tests/support/stripe-stand-in'
import { stripeStandInEnv } from '#tests/support/stripe-env'

// An invoice is paid once (decisions §5): one open PaymentIntent at a time, and a success that
// arrives for an invoice already paid or voided is refunded, recorded, and shown to the office.

const SECRET_KEY = 'sk_test_51AcademyPaidOnceSecretKey0042'
const WEBHOOK_SECRET = 'whsec_test_academy_paid_once_secret_01'

let app: TestApp

/** The autopay job as it runs at `now` on the academy's clock. */
const chargeDueAt = (now: Date) =>
  withAcademyClock(
    () => now,
    () => chargeDueAutopay(app.payload),
  )
let standIn: StripeStandIn
/** Plays the browser's and Stripe's side through the real SDK. */
let stripe: Stripe
let admin: ApiClient
let nextMonth = 0

type Family = { client: ApiClient; id: number; email: string }

async function createFamily(label: string): Promise<Family> {
  const username = uniqueName(label).replace(/_/g, '-').toLowerCase().slice(0, 40)
  const email = `${username}@example.com`
  const user = await app.payload.create({
    collection: 'users',
    overrideAccess: true,
    data: { username, email, fullName: `${label} Parent`, password: 'family-password-2026' },
  })
  return { client: await new ApiClient(app.url).login(username, 'family-password-2026'), id: user.id as number, email }
}

/** A tuition invoice of its own month, due on the month's 1st. */
async function tuitionInvoice(family: Family, period = `${2030 + Math.floor(nextMonth / 12)}-${String(1 + (nextMonth++ % 12)).padStart(2, '0')}`) {
  const due = `${period}-01`
  const invoice = (await app.payload.create({
    collection: 'invoices',
    overrideAccess: true,
    data: {
      userId: family.id,
      payerEmail: family.email,
      amountCents: 13_000,
      description: `Tuition, ${period}`,
      status: 'pending',
      dueDate: due,
      kind: 'tuition',
      period,
    },
  })) as Invoice
  return { invoice, due, period }
}

async function enableAutopay(family: Family) {
  const setup = await family.client.post('/api/autopay/setup-intent', {})
  standIn.confirmSetup(setup.body.setupIntentId, 'pm_card_visa')
  expect((await family.client.post('/api/autopay/card', { setupIntentId: setup.body.setupIntentId })).status).toBe(200)
  expect((await family.client.put('/api/autopay', { enabled: true })).status).toBe(200)
}

async function openCardForm(family: Family, invoiceId: number) {
  return family.client.post('/api/stripe/create-payment-intent', { invoiceId })
}

/** A PaymentIntent for the invoice the server never saw opened (an older tab, an earlier release). */
async function untrackedIntent(family: Family, invoice: Invoice): Promise<string> {
  const metadata = { invoiceId: String(invoice.id), userId: String(family.id) }
  return (await stripe.paymentIntents.create({ amount: invoice.amountCents, currency: 'usd', metadata, allowed_payment_method_types: ['card'] })).id
}

const pay = (intentId: string) => stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' })
const report = (family: Family, invoiceId: number, intentId: string) => family.client.post('/api/payments', { invoiceId, paymentIntentId: intentId })

async function deliver(intentId: string): Promise<number> {
  const { payload, signature } = standIn.webhook('payment_intent.succeeded', intentId, WEBHOOK_SECRET)
  const res = await fetch(`${app.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  })
  return res.status
}

async function paymentsOf(invoiceId: number): Promise<Payment[]> {
  return (await app.payload.find({ collection: 'payments', where: { invoice: { equals: invoiceId } }, sort: 'id', overrideAccess: true })).docs as Payment[]
}

const statusOf = async (id: number) => ((await app.payload.findByID({ collection: 'invoices', id, overrideAccess: true })) as Invoice).status
const refundsOf = (intentId: string) => standIn.refunds().filter((refund) => refund.payment_intent === intentId)
const at = (date: string) => new Date(`${date}T15:00:00Z`)

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKeys: [SECRET_KEY] })
  app = await startTestApp({
    ...stripeStandInEnv(standIn, { secretKey: SECRET_KEY, publishableKey: 'pk_test_51AcademyPaidOncePublishable01', webhookSecret: WEBHOOK_SECRET }),
  })
  const base = new URL(standIn.url)
  stripe = new Stripe(SECRET_KEY, { host: base.hostname, port: base.port, protocol: 'http', maxNetworkRetries: 0 })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
})
afterAll(async () => {
  await app?.close()
  await standIn?.close()
})

describe('the Stripe stand-in', () => {
  it('cancels an open PaymentIntent but not a succeeded one, and refunds a payment once per idempotency key', async () => {
    const open = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd' })
    expect((await stripe.paymentIntents.cancel(open.id)).status).toBe('canceled')
    await expect(pay(open.id)).rejects.toThrow(/canceled/)
    const paid = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd', payment_method: 'pm_card_visa', confirm: true })
    await expect(stripe.paymentIntents.cancel(paid.id)).rejects.toThrow(/status of succeeded/)
    const first = await stripe.refunds.create({ payment_intent: paid.id }, { idempotencyKey: `k-${paid.id}` })
    const again = await stripe.refunds.create({ payment_intent: paid.id }, { idempotencyKey: `k-${paid.id}` })
    expect(first).toMatchObject({ id: again.id, amount: 5000, status: 'succeeded', payment_intent: paid.id })
    await expect(stripe.refunds.create({ payment_intent: paid.id })).rejects.toMatchObject({ code: 'charge_already_refunded' })
    expect(refundsOf(paid.id)).toHaveLength(1)
  })
})

describe('autopay and the card form', () => {
  it('refuses the card form (409) while an autopay charge of the invoice is processing', async () => {
    const family = await createFamily('held')
    await enableAutopay(family)
    const { invoice, due } = await tuitionInvoice(family)
    standIn.holdCharges(true)
    try {
      await chargeDueAt(at(due))
    } finally {
      standIn.holdCharges(false)
    }
    const before = standIn.intents().filter((intent) => intent.metadata.invoiceId === String(invoice.id))
    const res = await openCardForm(family, invoice.id)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(AUTOPAY_IN_PROGRESS)
    expect(standIn.intents().filter((intent) => intent.metadata.invoiceId === String(invoice.id))).toHaveLength(before.length)
  })

  it('autopay claiming the invoice cancels the card form’s open PaymentIntent: the family can no longer pay with it', async () => {
    const family = await createFamily('opened')
    await enableAutopay(family)
    const { invoice, due } = await tuitionInvoice(family)
    const opened = await openCardForm(family, invoice.id)
    expect(opened.status).toBe(200)
    await chargeDueAt(at(due))
    expect(standIn.intent(opened.body.paymentIntentId).status).toBe('canceled')
    await expect(pay(opened.body.paymentIntentId)).rejects.toThrow(/canceled/)
    expect(await statusOf(invoice.id)).toBe('paid')
    expect((await paymentsOf(invoice.id)).map((p) => p.status)).toEqual(['completed'])
  })

  it('report, webhooks and autopay racing for one invoice record one payment and refund every other charge once', async () => {
    const family = await createFamily('race')
    await enableAutopay(family)
    const { invoice, due } = await tuitionInvoice(family)
    const opened = await openCardForm(family, invoice.id)
    const other = await untrackedIntent(family, invoice)
    await pay(opened.body.paymentIntentId)
    await pay(other)
    await Promise.all([
      report(family, invoice.id, opened.body.paymentIntentId),
      deliver(other),
      chargeDueAt(at(due)),
      deliver(opened.body.paymentIntentId),
      deliver(other),
    ])
    const charged = standIn.intents().filter((intent) => intent.metadata.invoiceId === String(invoice.id) && intent.status === 'succeeded')
    const payments = await paymentsOf(invoice.id)
    expect(payments.filter((p) => p.status === 'completed')).toHaveLength(1)
    expect(payments.filter((p) => p.status === 'refunded')).toHaveLength(charged.length - 1)
    for (const intent of charged) {
      const row = payments.find((p) => p.transactionId === intent.id)!
      expect(refundsOf(intent.id)).toHaveLength(row.status === 'refunded' ? 1 : 0)
    }
    expect(await statusOf(invoice.id)).toBe('paid')
  })
})

describe('paid offline', () => {
  it('cancels the card form’s open PaymentIntent', async () => {
    const family = await createFamily('offline')
    const { invoice } = await tuitionInvoice(family)
    const opened = await openCardForm(family, invoice.id)
    const marked = await admin.post(`/api/admin/invoices/${invoice.id}/mark-paid`, { method: 'cash', receivedOn: '2026-11-20' })
    expect(marked.status).toBe(200)
    expect(standIn.intent(opened.body.paymentIntentId).status).toBe('canceled')
  })

  it('a card payment that succeeds all the same is refunded and recorded, and the family is told', async () => {
    const family = await createFamily('offlinelate')
    const { invoice } = await tuitionInvoice(family)
    const late = await untrackedIntent(family, invoice)
    expect((await admin.post(`/api/admin/invoices/${invoice.id}/mark-paid`, { method: 'cheque', receivedOn: '2026-11-20' })).status).toBe(200)
    await pay(late)
    const res = await report(family, invoice.id, late)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(REFUNDED_ALREADY_PAID)
    expect(await deliver(late)).toBe(200)
    expect(refundsOf(late)).toHaveLength(1)
    expect((await paymentsOf(invoice.id)).map((p) => [p.method, p.status])).toEqual([
      ['offline', 'completed'],
      ['stripe', 'refunded'],
    ])
    expect(await statusOf(invoice.id)).toBe('paid')
  })
})

describe('a voided invoice', () => {
  it('void cancels the open PaymentIntent; one already paid at Stripe is recorded against the void and refunded', async () => {
    const family = await createFamily('voided')
    const { invoice } = await tuitionInvoice(family)
    const opened = await openCardForm(family, invoice.id)
    const second = await tuitionInvoice(family)
    const confirmed = await openCardForm(family, second.invoice.id)
    await pay(confirmed.body.paymentIntentId)
    expect((await admin.post(`/api/admin/invoices/${invoice.id}/void`, { reason: 'Billed by mistake' })).status).toBe(200)
    expect((await admin.post(`/api/admin/invoices/${second.invoice.id}/void`, { reason: 'Billed by mistake' })).status).toBe(200)
    expect(standIn.intent(opened.body.paymentIntentId).status).toBe('canceled')
    // The family's report arrives after the void: refunded, and the invoice stays void.
    const res = await report(family, second.invoice.id, confirmed.body.paymentIntentId)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(REFUNDED_INVOICE_VOID)
    expect(await statusOf(second.invoice.id)).toBe('cancelled')
    expect((await paymentsOf(second.invoice.id)).map((p) => p.status)).toEqual(['refunded'])
    expect(refundsOf(confirmed.body.paymentIntentId)).toHaveLength(1)
  })

  it('a late success by webhook, delivered twice, is recorded against the void and refunded once', async () => {
    const family = await createFamily('voidhook')
    const { invoice } = await tuitionInvoice(family)
    const late = await untrackedIntent(family, invoice)
    expect((await admin.post(`/api/admin/invoices/${invoice.id}/void`, { reason: 'Family left' })).status).toBe(200)
    await pay(late)
    expect(await deliver(late)).toBe(200)
    expect(await deliver(late)).toBe(200)
    expect(await statusOf(invoice.id)).toBe('cancelled')
    expect(refundsOf(late)).toHaveLength(1)
    const [payment] = await paymentsOf(invoice.id)
    expect(payment).toMatchObject({ status: 'refunded', transactionId: late, amountCents: 13_000, refundId: refundsOf(late)[0]!.id })
    // What the admin console reads (GET /api/payments) carries the refund; the family's history too.
    const listed = (await admin.get('/api/payments')).body as Array<{ transactionId: string; status: string; refund: { reason: string } | null }>
    expect(listed.find((p) => p.transactionId === late)).toMatchObject({ status: 'refunded', refund: { reason: expect.stringContaining('voided') } })
    expect((await family.client.get('/api/payments')).body).toEqual([expect.objectContaining({ status: 'refunded' })])
  })

  it('a month billed again after the void: a late success is refunded and recorded, never a 400 with the card charged', async () => {
    const family = await createFamily('rebilled')
    const { invoice, period } = await tuitionInvoice(family)
    const byReport = await untrackedIntent(family, invoice)
    const byWebhook = await untrackedIntent(family, invoice)
    expect((await admin.post(`/api/admin/invoices/${invoice.id}/void`, { reason: 'Wrong classes' })).status).toBe(200)
    const again = await tuitionInvoice(family, period)
    await pay(byReport)
    await pay(byWebhook)
    const res = await report(family, invoice.id, byReport)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(REFUNDED_INVOICE_VOID)
    expect(await deliver(byWebhook)).toBe(200)
    expect((await paymentsOf(invoice.id)).map((p) => [p.transactionId, p.status])).toEqual([
      [byReport, 'refunded'],
      [byWebhook, 'refunded'],
    ])
    expect([...refundsOf(byReport), ...refundsOf(byWebhook)]).toHaveLength(2)
    expect(await statusOf(invoice.id)).toBe('cancelled')
    expect(await statusOf(again.invoice.id)).toBe('pending')
  })
})
