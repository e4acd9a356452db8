import pg from 'pg'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Invoice, Payment } from '#cms/payload-types'
import { chargeDueAutopay } from '#api/autopay'
import { withAcademyClock } from '#api/lib/academy-clock'
import { FINAL_INVOICE_MESSAGES } from '#api/invoices/final.schemas'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { createFamily, type Family } from '#tests/support/families'
import { startStripeStandIn, type StripeStandIn } from '#tests/support/stripe-stand-in'
import { stripeStandInEnv } from '#tests/support/stripe-env'

/** Issue 23: reversing a paid invoice, with a reason: an offline payment is reversed, a card payment refunded at Stripe. */

const SECRET_KEY = 'sk_test_51AcademyReversalSecretKey0042'
const WEBHOOK_SECRET = 'whsec_test_academy_reversal_secret_01'

let app: TestApp

/** The autopay job as it runs at `now` on the academy's clock. */
const chargeDueAt = (now: Date) =>
  withAcademyClock(
    () => now,
    () => chargeDueAutopay(app.payload),
  )
let db: pg.Client
let standIn: StripeStandIn
let stripe: Stripe
let admin: ApiClient
let family: Family

const reverse = (client: ApiClient, id: number, body: unknown) => client.post(`/api/admin/invoices/${id}/reverse-payment`, body)
const statusOf = async (id: number) => ((await app.payload.findByID({ collection: 'invoices', id, overrideAccess: true })) as Invoice).status
const paymentsOf = async (id: number) =>
  (await app.payload.find({ collection: 'payments', where: { invoice: { equals: id } }, overrideAccess: true, sort: 'id' })).docs as Payment[]
const rows = async () => JSON.stringify(await Promise.all(['invoices', 'payments'].map((t) => db.query(`SELECT * FROM ${t} ORDER BY id`).then((r) => r.rows))))

async function issue(description: string, amount = 60): Promise<number> {
  const res = await admin.post('/api/invoices', { userId: family.userId, amount, description, dueDate: '2027-03-01' })
  expect(res.status).toBe(201)
  return res.body.id
}

/** The family's balance (its statement) is what its live invoices cost less what it paid. */
async function balance(): Promise<number> {
  const statement = (await admin.get(`/api/admin/families/${family.userId}/statement`)).body
  const owed = statement.invoices
    .filter((i: { status: string }) => i.status !== 'cancelled')
    .reduce((sum: number, i: { amount: number }) => sum + Math.round(i.amount * 100), 0)
  const paid = statement.payments
    .filter((p: { status: string }) => p.status === 'completed')
    .reduce((sum: number, p: { amount: number }) => sum + Math.round(p.amount * 100), 0)
  expect(statement.balanceCents).toBe(owed - paid)
  return statement.balanceCents
}

/** Pays the invoice by card the way /billing does: the form's intent, confirmed at the stand-in, reported. */
async function payByCard(id: number): Promise<string> {
  const opened = await family.client.post('/api/stripe/create-payment-intent', { invoiceId: id })
  expect(opened.status).toBe(200)
  await stripe.paymentIntents.confirm(opened.body.paymentIntentId, { payment_method: 'pm_card_visa' })
  expect((await family.client.post('/api/payments', { invoiceId: id, paymentIntentId: opened.body.paymentIntentId })).status).toBe(201)
  return opened.body.paymentIntentId
}

async function deliver(intentId: string): Promise<number> {
  const { payload, signature } = standIn.webhook('payment_intent.succeeded', intentId, WEBHOOK_SECRET)
  const res = await fetch(`${app.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  })
  return res.status
}

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKeys: [SECRET_KEY] })
  app = await startTestApp({
    ...stripeStandInEnv(standIn, { secretKey: SECRET_KEY, publishableKey: 'pk_test_51AcademyReversalPublishable01', webhookSecret: WEBHOOK_SECRET }),
  })
  db = new pg.Client({ connectionString: app.databaseUrl })
  await db.connect()
  const base = new URL(standIn.url)
  stripe = new Stripe(SECRET_KEY, { host: base.hostname, port: base.port, protocol: 'http', maxNetworkRetries: 0 })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await createFamily(app, 'reversal-family')
})
afterAll(async () => {
  await db?.end()
  await app?.close()
  await standIn?.close()
})

describe('POST /api/admin/invoices/{id}/reverse-payment', () => {
  it('reverses an offline payment: a reversal record, never a deletion, and the invoice owed again', async () => {
    const start = await balance()
    const id = await issue('Cheque that bounced', 60)
    expect(await balance()).toBe(start + 6000)
    expect((await admin.post(`/api/admin/invoices/${id}/mark-paid`, { method: 'cheque', receivedOn: '2026-11-02', note: 'Cheque 118' })).status).toBe(200)
    expect(await balance()).toBe(start)

    const res = await reverse(admin, id, { reason: 'The cheque bounced' })
    expect(res.status).toBe(200)
    expect(res.body.invoice).toMatchObject({ id, status: 'pending' })
    expect(res.body.payments).toMatchObject([{ status: 'reversed', reversal: { reason: 'The cheque bounced', reversedByName: expect.any(String) } }])
    const [payment] = await paymentsOf(id)
    expect(payment).toMatchObject({ status: 'reversed', amountCents: 6000, offlineMethod: 'cheque', note: 'Cheque 118', reversalReason: 'The cheque bounced' })
    expect(payment!.reversedById).toBeTypeOf('number')
    expect(payment!.reversedAt).toBeTruthy()
    expect(await balance()).toBe(start + 6000)

    // Reversed once: it is pending now, and its payment history keeps it from being deleted.
    expect((await reverse(admin, id, { reason: 'Again' })).body.message).toBe(FINAL_INVOICE_MESSAGES.notPaid)
    const removed = await admin.delete(`/api/invoices/${id}`)
    expect(removed.status).toBe(409)
    expect(removed.body.message).toBe(FINAL_INVOICE_MESSAGES.hasPayments)
    // Paid again later, then nothing owed: the family's figures follow each step.
    expect((await admin.post(`/api/admin/invoices/${id}/mark-paid`, { method: 'cash', receivedOn: '2026-11-03' })).status).toBe(200)
    expect(await balance()).toBe(start)
    expect((await reverse(admin, id, { reason: 'Cash was counted twice' })).status).toBe(200)
    expect((await admin.post(`/api/admin/invoices/${id}/void`, { reason: 'Waived after all' })).status).toBe(200)
    expect(await balance()).toBe(start)
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['reversed', 'reversed'])
  })

  it('refunds a card payment through Stripe, once, and lets the family pay by card again', async () => {
    const start = await balance()
    const id = await issue('Card payment to refund', 45)
    const intentId = await payByCard(id)
    expect(await statusOf(id)).toBe('paid')
    expect(await balance()).toBe(start)

    const res = await reverse(admin, id, { reason: 'Class cancelled by the academy' })
    expect(res.status).toBe(200)
    expect(res.body.invoice.status).toBe('pending')
    const refunds = standIn.refunds().filter((refund) => refund.payment_intent === intentId)
    expect(refunds).toMatchObject([{ amount: 4500 }])
    const [payment] = await paymentsOf(id)
    expect(payment).toMatchObject({ status: 'refunded', refundId: refunds[0]!.id, reversalReason: 'Class cancelled by the academy' })
    expect(await balance()).toBe(start + 4500)

    // Stripe repeating the old success changes nothing: the invoice stays owed.
    expect(await deliver(intentId)).toBe(200)
    expect(await statusOf(id)).toBe('pending')
    expect(standIn.refunds().filter((refund) => refund.payment_intent === intentId)).toHaveLength(1)
    // The family pays it again by card: a new PaymentIntent, not the refunded one.
    const second = await payByCard(id)
    expect(second).not.toBe(intentId)
    expect(await statusOf(id)).toBe('paid')
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['refunded', 'completed'])
    expect(await balance()).toBe(start)
  })

  it('does not charge a reversed autopay invoice again behind anyone’s back', async () => {
    const setup = await family.client.post('/api/autopay/setup-intent', {})
    standIn.confirmSetup(setup.body.setupIntentId, 'pm_card_visa')
    expect((await family.client.post('/api/autopay/card', { setupIntentId: setup.body.setupIntentId })).status).toBe(200)
    expect((await family.client.put('/api/autopay', { enabled: true })).status).toBe(200)
    const tuition = {
      userId: family.userId,
      amountCents: 13_000,
      description: 'Tuition, 2031-01',
      dueDate: '2031-01-01',
      kind: 'tuition' as const,
      period: '2031-01',
      status: 'pending' as const,
    }
    const { id } = await app.payload.create({ collection: 'invoices', overrideAccess: true, data: tuition })
    await chargeDueAt(new Date('2031-01-01T15:00:00Z'))
    expect(await statusOf(id)).toBe('paid')

    expect((await reverse(admin, id, { reason: 'Family withdrew before January' })).status).toBe(200)
    const intents = () => standIn.intents().filter((intent) => intent.metadata.invoiceId === String(id)).length
    const before = intents()
    for (const day of ['2031-01-01', '2031-01-02', '2031-01-04', '2031-01-08']) await chargeDueAt(new Date(`${day}T15:00:00Z`))
    expect(intents()).toBe(before)
    expect(await statusOf(id)).toBe('pending')
    await balance()
  })

  it('refuses bad input (400), a visitor (401), a family (403), an unknown invoice (404) and an unpaid one (409), changing nothing', async () => {
    const id = await issue('Guarded payment', 20)
    expect((await admin.post(`/api/admin/invoices/${id}/mark-paid`, { method: 'cash', receivedOn: '2026-11-02' })).status).toBe(200)
    const unpaid = await issue('Not paid yet', 20)
    const before = await rows()
    for (const body of [{}, { reason: 'no' }, { reason: 'x'.repeat(301) }, { reason: 42 }]) {
      const res = await reverse(admin, id, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.message).toBe(FINAL_INVOICE_MESSAGES.reason)
    }
    expect((await reverse(new ApiClient(app.url), id, { reason: 'Not mine to undo' })).status).toBe(401)
    expect((await reverse(family.client, id, { reason: 'I want my money' })).status).toBe(403)
    expect((await reverse(admin, 999_999, { reason: 'Nothing here' })).status).toBe(404)
    const pending = await reverse(admin, unpaid, { reason: 'Not paid at all' })
    expect(pending.status).toBe(409)
    expect(pending.body.message).toBe(FINAL_INVOICE_MESSAGES.notPaid)
    expect(await rows()).toBe(before)
    await balance()
  })
})
