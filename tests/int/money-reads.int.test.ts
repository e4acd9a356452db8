import { createLocalReq } from 'payload'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Invoice, Message } from '#cms/payload-types'
import { noticePaymentFailed, sendScheduledNotices } from '#api/notices'
import { addDays, todayIso } from '#shared/dates'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { eventually } from '#tests/support/eventually'
import { addClass, addGuardian, addStudent, createFamily, type Family } from '#tests/support/families'
import { uniqueName } from '#tests/support/postgres'
import { startSmtpListener } from '#tests/support/smtp'
import { stripeStandInEnv } from '#tests/support/stripe-env'
import { startStripeStandIn, type StripeStandIn } from '#tests/support/stripe-stand-in'

/**
 * The wrong-guardian matrix of decisions §10 and §38: every money read and every money mail
 * follows one "billed to" rule. One household that splits (a child billed to the second full
 * guardian), read with split billing on and then off, by the payer, the other full guardian, a
 * view-only guardian, a guardian who left, another household and the office.
 */
const SECRET_KEY = 'sk_test_51AcademyMoneyReads0000000042'

let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let standIn: StripeStandIn
let stripe: Stripe
let admin: ApiClient
let payer: Family
let other: Family
let viewer: Family
let leaver: Family
let stranger: Family
/** The household's invoices: its own (naming no one), the payer's share, the other guardian's, and one billed to the guardian who left. */
const inv: Record<'own' | 'payers' | 'others' | 'leavers', Invoice> = {} as never
const paymentOf: Record<'payers' | 'others' | 'declined', number> = {} as never
let creditId: number
/** The household's child, billed to the other full guardian. */
let benId: number

type Reader = 'payer' | 'other' | 'viewer' | 'leaver' | 'stranger'
const readers = (): Record<Reader, Family> => ({ payer, other, viewer, leaver, stranger })

const setSplit = (splitBilling: boolean) => app.payload.updateGlobal({ slug: 'tuition-settings', overrideAccess: true, data: { splitBilling } })
const newInvoice = (description: string, billedTo: number | null) =>
  app.payload.create({
    collection: 'invoices',
    overrideAccess: true,
    depth: 0,
    data: { userId: payer.userId, description: uniqueName(description), amountCents: 5000, dueDate: addDays(todayIso(), 10), status: 'pending', billedTo },
  }) as Promise<Invoice>

/** Pays an invoice by card as `guardian` does on /billing: the intent, Stripe's confirmation, the browser's report. */
async function payByCard(guardian: Family, invoice: Invoice): Promise<number> {
  const intent = await guardian.client.post('/api/stripe/create-payment-intent', { invoiceId: invoice.id })
  expect(intent.status, JSON.stringify(intent.body)).toBe(200)
  const intentId = intent.body.paymentIntentId as string
  await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' })
  const reported = await guardian.client.post('/api/payments', {
    invoiceId: invoice.id,
    amount: 50,
    method: 'stripe',
    status: 'completed',
    transactionId: intentId,
  })
  expect(reported.status, JSON.stringify(reported.body)).toBe(201)
  return reported.body.id as number
}

/** The notice copies (inbox rows) a guardian has of one notice key. */
async function noticedTo(key: string): Promise<number[]> {
  const { docs } = await app.payload.find({ collection: 'message-recipients', overrideAccess: true, depth: 1, limit: 0 })
  return docs
    .filter((row) => (row.message as Message).noticeKey === key)
    .map((row) => (typeof row.user === 'object' ? row.user.id : row.user) as number)
    .sort((a, b) => a - b)
}

/** A household card expiring within the month, told by the scheduled notices: who hears of it. */
async function cardExpiryNoticedTo(label: string): Promise<number[]> {
  const [year, month] = addDays(todayIso(), 10).split('-').map(Number) as [number, number]
  const card = await app.payload.create({
    collection: 'payment-methods',
    overrideAccess: true,
    data: { user: payer.userId, cardBrand: 'visa', lastFour: '1111', expiryMonth: month, expiryYear: year, stripePaymentMethodId: `pm_money_${label}` },
  })
  await sendScheduledNotices(app.payload)
  return noticedTo(`card-expiring:${card.id}:${String(month).padStart(2, '0')}/${year}`)
}

const receiptsTo = (description: string) =>
  smtp.messages.filter((m) => m.subject.startsWith('Payment received') && m.text.includes(description)).flatMap((m) => m.to)

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKeys: [SECRET_KEY] })
  smtp = await startSmtpListener()
  app = await startTestApp({
    SMTP_URL: smtp.url,
    ...stripeStandInEnv(standIn, { secretKey: SECRET_KEY, publishableKey: 'pk_test_51AcademyMoneyReads00001', webhookSecret: 'whsec_test_money_reads_01' }),
  })
  const base = new URL(standIn.url)
  stripe = new Stripe(SECRET_KEY, { host: base.hostname, port: base.port, protocol: 'http', maxNetworkRetries: 0 })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  await setSplit(true)
  payer = await createFamily(app, 'money-payer')
  other = await addGuardian(app, payer, 'money-other', 'full')
  viewer = await addGuardian(app, payer, 'money-viewer', 'view')
  leaver = await addGuardian(app, payer, 'money-leaver', 'full')
  stranger = await createFamily(app, 'money-stranger')
  const child = await addStudent(app, payer.userId, 'Ben Money')
  benId = child
  expect((await payer.client.put('/api/household/billed-to', { studentId: child, guardianId: other.userId })).status).toBe(200)
  expect((await other.client.post('/api/household/billed-to/accept', { studentId: child })).status).toBe(200)
  inv.own = await newInvoice('Costume', null)
  inv.payers = await newInvoice('Tuition payer share', payer.userId)
  inv.others = await newInvoice('Tuition other share', other.userId)
  inv.leavers = await newInvoice('Tuition leaver share', leaver.userId)
  // The guardian who leaves (the flow any guardian has) becomes a household of one.
  expect((await leaver.client.post('/api/household/leave', {})).status).toBe(204)
  paymentOf.payers = await payByCard(payer, inv.payers)
  paymentOf.others = await payByCard(other, inv.others)
  const declined = await app.payload.create({
    collection: 'payments',
    overrideAccess: true,
    data: { invoice: inv.leavers.id, userId: payer.userId, amountCents: 5000, method: 'stripe', status: 'failed', transactionId: 'pi_money_declined_1' },
  })
  paymentOf.declined = declined.id as number
  const credit = await admin.post('/api/admin/credits', { userId: payer.userId, amountCents: 1000, reason: 'Goodwill credit' })
  expect(credit.status, JSON.stringify(credit.body)).toBe(201)
  creditId = credit.body.id as number
  await app.payload.create({
    collection: 'payment-methods',
    overrideAccess: true,
    data: { user: payer.userId, cardBrand: 'visa', lastFour: '4242', expiryMonth: 12, expiryYear: 2040, stripePaymentMethodId: 'pm_money_household' },
  })
})

afterAll(async () => {
  await setSplit(false).catch(() => undefined)
  await app?.close()
  await smtp?.close()
  await standIn?.close()
})

type Seen = { invoices: (keyof typeof inv)[]; payments: (keyof typeof paymentOf)[]; credits: boolean; card: boolean }
const ALL: Seen = { invoices: ['own', 'payers', 'others', 'leavers'], payments: ['payers', 'others', 'declined'], credits: true, card: true }
const PAYERS: Seen = { invoices: ['own', 'payers', 'leavers'], payments: ['payers', 'declined'], credits: true, card: true }
const NOTHING: Seen = { invoices: [], payments: [], credits: false, card: false }

/** What each reader sees, splitting (split billing on) and as one purse (off). */
const MATRIX: { split: boolean; expected: Record<Reader, Seen> }[] = [
  {
    split: true,
    expected: {
      payer: PAYERS,
      other: { invoices: ['others'], payments: ['others'], credits: false, card: false },
      viewer: PAYERS,
      leaver: NOTHING,
      stranger: NOTHING,
    },
  },
  { split: false, expected: { payer: ALL, other: ALL, viewer: ALL, leaver: NOTHING, stranger: NOTHING } },
]

/** Which of the named rows (invoices or payments) the ids are, in the order of the names. */
function names<K extends string>(ids: number[], of: Record<K, { id: number } | number>): K[] {
  return (Object.keys(of) as K[]).filter((key) => {
    const value: { id: number } | number = of[key]
    return ids.includes(typeof value === 'number' ? value : value.id)
  })
}

describe.each(MATRIX)('every money read with split billing $split', ({ split, expected }) => {
  beforeAll(() => setSplit(split))

  it.each(Object.keys(expected) as Reader[])('shows %s exactly what is billed to them in the statement, the invoices and the payments', async (reader) => {
    const seen = expected[reader]
    const client = readers()[reader].client
    const statement = (await client.get('/api/billing/statement')).body
    expect(
      names(
        statement.invoices.map((i: { id: number }) => i.id),
        inv,
      ),
    ).toEqual(seen.invoices)
    expect(
      names(
        statement.payments.map((p: { id: number }) => p.id),
        paymentOf,
      ),
    ).toEqual(seen.payments)
    expect(statement.credits.some((c: { id: number }) => c.id === creditId)).toBe(seen.credits)
    const invoices = (await client.get('/api/invoices')).body as { id: number }[]
    expect(
      names(
        invoices.map((i) => i.id),
        inv,
      ),
    ).toEqual(seen.invoices)
    const payments = (await client.get('/api/payments')).body as { id: number; transactionId: string | null }[]
    expect(
      names(
        payments.map((p) => p.id),
        paymentOf,
      ),
    ).toEqual(seen.payments)
    const autopay = (await client.get('/api/autopay')).body
    expect(autopay.card?.lastFour === '4242').toBe(seen.card)
    // Paying is reading: an invoice the reader does not see is not found (a view-only guardian pays nothing at all).
    const hidden = (Object.keys(inv) as (keyof typeof inv)[]).find((key) => !seen.invoices.includes(key))
    if (hidden && reader !== 'viewer') expect((await client.post('/api/stripe/create-payment-intent', { invoiceId: inv[hidden].id })).status).toBe(404)
  })

  it('shows the office all of the household', async () => {
    const statement = (await admin.get(`/api/admin/families/${payer.userId}/statement`)).body
    expect(
      names(
        statement.invoices.map((i: { id: number }) => i.id),
        inv,
      ),
    ).toEqual(ALL.invoices)
    expect(
      names(
        statement.payments.map((p: { id: number }) => p.id),
        paymentOf,
      ),
    ).toEqual(ALL.payments)
    const payments = (
      await admin.get(
        `/api/payments?invoiceIds=${Object.values(inv)
          .map((i) => i.id)
          .join(',')}`,
      )
    ).body as { id: number }[]
    expect(
      names(
        payments.map((p) => p.id),
        paymentOf,
      ),
    ).toEqual(ALL.payments)
  })
})

describe('every money mail', () => {
  it('splitting, mails each invoice notice and receipt to the guardian it is billed to alone, the household’s own to the payer', async () => {
    await setSplit(true)
    // The invoice-issued notices of the invoices made in beforeAll.
    await eventually(async () => (await noticedTo(`invoice-issued:${inv.others.id}`)).length > 0)
    expect(await noticedTo(`invoice-issued:${inv.own.id}`)).toEqual([payer.userId])
    expect(await noticedTo(`invoice-issued:${inv.payers.id}`)).toEqual([payer.userId])
    expect(await noticedTo(`invoice-issued:${inv.others.id}`)).toEqual([other.userId])
    // The receipt of the other guardian's payment goes to them alone, "your card payment".
    const mine = await smtp.waitFor((m) => m.subject.startsWith('Payment received') && m.text.includes(inv.others.description))
    expect(mine.text).toContain('your card payment')
    await smtp.waitFor((m) => m.subject.startsWith('Payment received') && m.text.includes(inv.payers.description))
    expect(receiptsTo(inv.others.description)).toEqual([other.email])
    expect(receiptsTo(inv.payers.description)).toEqual([payer.email])
    // A decline of the other guardian's invoice: their inbox alone.
    const declined = await newInvoice('Declined share', other.userId)
    await noticePaymentFailed(await createLocalReq({}, app.payload), declined, { attempt: 1, reason: 'Card declined.', nextAttempt: null })
    expect(await noticedTo(`payment-failed:${declined.id}:1`)).toEqual([other.userId])
    // The household's card is the payer's: its expiry is told to them.
    expect(await cardExpiryNoticedTo('split')).toEqual([payer.userId])
  })

  it('as one purse, mails every guardian, and only the one who paid reads “your card payment”', async () => {
    await setSplit(false)
    expect(await cardExpiryNoticedTo('whole')).toEqual([payer.userId, other.userId, viewer.userId].sort((a, b) => a - b))
    const whole = await newInvoice('Whole purse', other.userId)
    await eventually(async () => (await noticedTo(`invoice-issued:${whole.id}`)).length === 3)
    expect(await noticedTo(`invoice-issued:${whole.id}`)).toEqual([payer.userId, other.userId, viewer.userId].sort((a, b) => a - b))
    await payByCard(other, whole)
    const receipts = await Promise.all(
      [payer, other, viewer].map((guardian) =>
        smtp.waitFor((m) => m.to.includes(guardian.email) && m.subject.startsWith('Payment received') && m.text.includes(whole.description)),
      ),
    )
    expect(receipts.map((m) => m.text.includes('your card payment'))).toEqual([false, true, false])
    expect(receipts[0]!.text).toContain(`a card payment by ${other.fullName}`)
    expect(receiptsTo(whole.description).sort()).toEqual([payer.email, other.email, viewer.email].sort())
    const outsiders = [leaver.email, stranger.email]
    const about = (m: { subject: string; text: string }) => m.subject.startsWith('Payment received') || m.text.includes(whole.description)
    expect(smtp.messages.some((m) => about(m) && m.to.some((to) => outsiders.includes(to)))).toBe(false)
  })
})

describe('the enrollment quote', () => {
  it('shows a guardian of a household that splits only the lines their own invoice will carry', async () => {
    await setSplit(true)
    const cls = await addClass(app, { name: uniqueName('Quote Split') })
    const path = `/api/enrollments/quote?studentId=${benId}&classId=${cls.id}`
    const [byOther, byPayer, byViewer, byOffice] = await Promise.all([other.client.get(path), payer.client.get(path), viewer.client.get(path), admin.get(path)])
    expect(byOther.status, JSON.stringify(byOther.body)).toBe(200)
    const classLines = (body: { lines: { classId: number | null }[] }) => body.lines.filter((line) => line.classId === cls.id).length
    // Ben is billed to the other guardian: the new class's tuition is on their invoice, not the payer's.
    expect(classLines(byOther.body)).toBeGreaterThan(0)
    expect(classLines(byPayer.body)).toBe(0)
    expect(classLines(byViewer.body)).toBe(0)
    expect(byPayer.body.totalCents).toBe(byPayer.body.lines.reduce((sum: number, line: { amountCents: number }) => sum + line.amountCents, 0))
    // The office reads every line; another household cannot ask at all.
    expect(classLines(byOffice.body)).toBeGreaterThan(0)
    expect((await stranger.client.get(path)).status).toBe(404)
  })
})
