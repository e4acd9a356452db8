import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { applyLateFees } from '#api/invoices'
import { ADMIN, FAMILY, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'

/** Decisions §10: voids, offline payments, credits and late fees. */

let app: TestApp
let db: pg.Client
let admin: ApiClient
let visitor: ApiClient
let familyUser: ApiClient
let smith: Family
let other: Family

const RUN = '/api/admin/tuition/run'
const LATE = '/api/admin/tuition/late-fees'
const CREDITS = '/api/admin/credits'
const voidPath = (id: number) => `/api/admin/invoices/${id}/void`
const paidPath = (id: number) => `/api/admin/invoices/${id}/mark-paid`

/** No discounts or registration: each family's month is its class's price (2027-01-01 is a Friday). */
const SETTINGS = {
  billingDay: 5,
  seasonStartMonth: 9,
  registrationFeeCents: 0,
  siblingDiscountPercent: 0,
  multiClassDiscountPercent: 0,
  familyDiscountCapCents: null,
  lateFeeCents: 1500,
  lateFeeAfterDays: 10,
  closures: [],
}

async function invoice(userId: number, description: string, cents = 5000, status = 'pending', dueDate = '2027-02-01') {
  return app.payload.create({
    collection: 'invoices',
    overrideAccess: true,
    data: { userId, amountCents: cents, description, status: status as 'pending', dueDate },
  })
}

/** Every billing row, to prove a refused call changed nothing. */
async function billingRows(): Promise<string> {
  const parts = await Promise.all(
    ['invoices', 'invoices_lines', 'payments', 'credits'].map((table) => db.query(`SELECT * FROM ${table} ORDER BY id`).then((r) => r.rows)),
  )
  return JSON.stringify(parts)
}

/** The first message of a write the collection refused. */
async function refusal(write: Promise<unknown>): Promise<string> {
  const error = (await write.then(
    () => null,
    (e: unknown) => e,
  )) as { data?: { errors?: { message: string }[] } } | null
  return error?.data?.errors?.[0]?.message ?? 'accepted'
}

const familyResult = (body: { families: { userId: number }[] }, family: Family) => body.families.find((f) => f.userId === family.userId) as any

beforeAll(async () => {
  app = await startTestApp()
  db = new pg.Client({ connectionString: app.databaseUrl })
  await db.connect()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  visitor = new ApiClient(app.url)
  familyUser = await new ApiClient(app.url).login(FAMILY.username, FAMILY.password)
  expect((await admin.request('PUT', '/api/admin/tuition-settings', SETTINGS)).status).toBe(200)
  smith = await createFamily(app, 'actions-smith')
  other = await createFamily(app, 'actions-other')
})
afterAll(async () => {
  await db?.end()
  await app?.close()
})

describe('POST /api/admin/invoices/{id}/void', () => {
  it('voids a pending invoice with who, when and why; the family sees it cancelled with the reason', async () => {
    const doc = await invoice(smith.userId, 'Costume fee')
    const res = await admin.post(voidPath(doc.id), { reason: '  Billed twice by mistake  ' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ id: doc.id, status: 'cancelled', voidReason: 'Billed twice by mistake' })
    expect(new Date(res.body.voidedAt).getTime()).toBeGreaterThan(Date.now() - 60_000)
    const { rows } = await db.query('SELECT status, voided_by_id, voided_by_name, void_reason FROM invoices WHERE id = $1', [doc.id])
    expect(rows[0]).toMatchObject({ status: 'cancelled', void_reason: 'Billed twice by mistake' })
    expect(Number(rows[0].voided_by_id)).toBeGreaterThan(0)
    const mine = (await smith.client.get('/api/invoices')).body.find((i: { id: number }) => i.id === doc.id)
    expect(mine).toMatchObject({ status: 'cancelled', voidReason: 'Billed twice by mistake' })
  })

  it('refuses a paid invoice and a void one (409), bad input (400) and an unknown invoice (404), changing nothing', async () => {
    const paid = await invoice(smith.userId, 'Paid already', 5000, 'paid')
    const voided = await invoice(smith.userId, 'Void already')
    expect((await admin.post(voidPath(voided.id), { reason: 'First time' })).status).toBe(200)
    const pending = await invoice(smith.userId, 'Still pending')
    const before = await billingRows()
    const paidRes = await admin.post(voidPath(paid.id), { reason: 'Try anyway' })
    expect([paidRes.status, paidRes.body.message]).toEqual([409, 'A paid invoice cannot be voided.'])
    const voidRes = await admin.post(voidPath(voided.id), { reason: 'Second time' })
    expect([voidRes.status, voidRes.body.message]).toEqual([409, 'This invoice is already void.'])
    for (const body of [{}, { reason: 'no' }, { reason: 'x'.repeat(301) }, { reason: 42 }]) {
      const res = await admin.post(voidPath(pending.id), body)
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, 'Reason must be 3 to 300 characters'])
    }
    expect((await admin.post(voidPath(999_999), { reason: 'Nobody' })).status).toBe(404)
    expect((await admin.post('/api/admin/invoices/abc/void', { reason: 'Nobody' })).status).toBe(404)
    expect(await billingRows()).toBe(before)
  })

  it('refuses a visitor (401), a family even on its own invoice (403), changing nothing', async () => {
    const doc = await invoice(smith.userId, 'Not yours to void')
    const before = await billingRows()
    expect((await visitor.post(voidPath(doc.id), { reason: 'Visitor' })).status).toBe(401)
    expect((await smith.client.post(voidPath(doc.id), { reason: 'Mine' })).status).toBe(403)
    expect((await familyUser.post(voidPath(doc.id), { reason: 'Theirs' })).status).toBe(403)
    expect(await billingRows()).toBe(before)
  })
})

describe('POST /api/admin/invoices/{id}/mark-paid', () => {
  it('records a completed offline payment and marks the invoice paid; the family sees it in its history', async () => {
    const doc = await invoice(smith.userId, 'Paid by cheque', 12_345)
    const res = await admin.post(paidPath(doc.id), { method: 'cheque', receivedOn: '2026-11-20', note: ' Cheque no. 1042 ' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.invoice).toMatchObject({ id: doc.id, status: 'paid' })
    expect(res.body.payment).toMatchObject({
      invoiceId: doc.id,
      userId: smith.userId,
      amount: 123.45,
      method: 'offline',
      status: 'completed',
      transactionId: null,
      description: 'Paid by cheque',
      offline: { method: 'cheque', receivedOn: '2026-11-20', note: 'Cheque no. 1042' },
    })
    const { rows } = await db.query('SELECT amount_cents, method, status, offline_method, recorded_by_id FROM payments WHERE invoice_id = $1', [doc.id])
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ amount_cents: '12345', method: 'offline', status: 'completed', offline_method: 'cheque' })
    const history = (await smith.client.get('/api/payments')).body
    expect(history.find((p: { invoiceId: number }) => p.invoiceId === doc.id)).toMatchObject({
      amount: 123.45,
      method: 'offline',
      offline: { method: 'cheque' },
    })
    // Like a card payment, it keeps the invoice from being deleted.
    expect((await admin.delete(`/api/invoices/${doc.id}`)).status).toBe(409)
  })

  it('refuses a paid or void invoice (409), bad input (400) and an unknown invoice (404), changing nothing', async () => {
    const paid = await invoice(smith.userId, 'Already paid', 5000, 'paid')
    const voided = await invoice(smith.userId, 'Voided before paying')
    await admin.post(voidPath(voided.id), { reason: 'Class cancelled' })
    const pending = await invoice(smith.userId, 'Pending, bad input')
    const before = await billingRows()
    const good = { method: 'cash', receivedOn: '2026-11-20' }
    expect(await admin.post(paidPath(paid.id), good).then((r) => [r.status, r.body.message])).toEqual([409, 'This invoice is already paid.'])
    expect(await admin.post(paidPath(voided.id), good).then((r) => [r.status, r.body.message])).toEqual([409, 'A void invoice cannot be marked paid.'])
    for (const [body, message] of [
      [{ ...good, method: 'bitcoin' }, 'Method must be one of cash, cheque, bank-transfer'],
      [{ receivedOn: '2026-11-20' }, 'Method must be one of cash, cheque, bank-transfer'],
      [{ ...good, receivedOn: '2026-02-30' }, 'Date received must be a valid date (YYYY-MM-DD)'],
      [{ method: 'cash' }, 'Date received must be a valid date (YYYY-MM-DD)'],
      [{ ...good, receivedOn: '2099-01-01' }, 'Date received cannot be in the future'],
      [{ ...good, note: 'x'.repeat(501) }, 'Note must be at most 500 characters'],
    ] as const) {
      const res = await admin.post(paidPath(pending.id), body)
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, message])
    }
    expect((await admin.post(paidPath(999_999), good)).status).toBe(404)
    expect((await visitor.post(paidPath(pending.id), good)).status).toBe(401)
    expect((await smith.client.post(paidPath(pending.id), good)).status).toBe(403)
    expect(await billingRows()).toBe(before)
  })

  it('two at once record one payment; a void racing a payment leaves one consistent outcome', async () => {
    const doc = await invoice(smith.userId, 'Paid twice at the desk')
    const body = { method: 'cash', receivedOn: '2026-11-21' }
    const both = await Promise.all([admin.post(paidPath(doc.id), body), admin.post(paidPath(doc.id), body)])
    expect(both.map((r) => r.status).sort()).toEqual([200, 409])
    expect((await db.query('SELECT count(*)::int AS n FROM payments WHERE invoice_id = $1', [doc.id])).rows[0].n).toBe(1)

    const raced = await invoice(smith.userId, 'Void or paid')
    const [voidRes, paidRes] = await Promise.all([admin.post(voidPath(raced.id), { reason: 'Race' }), admin.post(paidPath(raced.id), body)])
    expect([voidRes.status, paidRes.status].sort()).toEqual([200, 409])
    const { rows } = await db.query('SELECT status FROM invoices WHERE id = $1', [raced.id])
    const payments = (await db.query('SELECT count(*)::int AS n FROM payments WHERE invoice_id = $1', [raced.id])).rows[0].n
    expect(rows[0].status === 'paid' ? payments : rows[0].status === 'cancelled' ? 1 - payments : -1).toBe(1)
  })
})

describe('credits and the tuition run', () => {
  let ballet: { id: number; name: string }
  let creditFamily: Family

  beforeAll(async () => {
    ballet = await addClass(app, { name: 'Ballet Credits' })
    // Every day counts for a class whose days name no weekday: the month is the full price.
    await app.payload.update({ collection: 'classes', id: ballet.id, overrideAccess: true, data: { price: 10_000, days: 'By arrangement' } })
    creditFamily = await createFamily(app, 'actions-credits')
    const zoe = await addStudent(app, creditFamily.userId, 'Zoe Credits')
    await app.payload.create({ collection: 'enrollments', overrideAccess: true, data: { student: zoe, class: ballet.id, enrollmentDate: '2026-09-01' } })
  })

  it('issues a credit (201) and lists it with what is left; refuses bad input (400) and the wrong user, storing nothing', async () => {
    const res = await admin.post(CREDITS, { userId: creditFamily.userId, amountCents: 13_000, reason: '  Missed classes in December  ' })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body).toMatchObject({
      userId: creditFamily.userId,
      amountCents: 13_000,
      remainingCents: 13_000,
      reason: 'Missed classes in December',
      status: 'open',
      usedOn: [],
    })
    const listed = await admin.get(`${CREDITS}?userId=${creditFamily.userId}`)
    expect(listed.body.map((c: { id: number }) => c.id)).toEqual([res.body.id])

    const before = await billingRows()
    for (const [body, message] of [
      [{ userId: creditFamily.userId, amountCents: 0, reason: 'Zero' }, 'Credit amount must be from $0.01 to $1,000,000.00, to the cent'],
      [{ userId: creditFamily.userId, amountCents: 10.5, reason: 'Half a cent' }, 'Credit amount must be from $0.01 to $1,000,000.00, to the cent'],
      [{ userId: creditFamily.userId, amountCents: '500', reason: 'Text' }, 'Credit amount must be from $0.01 to $1,000,000.00, to the cent'],
      [{ userId: creditFamily.userId, amountCents: 100_000_001, reason: 'Too much' }, 'Credit amount must be from $0.01 to $1,000,000.00, to the cent'],
      [{ userId: creditFamily.userId, amountCents: 500, reason: 'no' }, 'Reason must be 3 to 300 characters'],
      [{ userId: 999_999, amountCents: 500, reason: 'Nobody' }, 'Please select a family'],
      [{ amountCents: 500, reason: 'Nobody' }, 'Please select a family'],
    ] as const) {
      const bad = await admin.post(CREDITS, body)
      expect([bad.status, bad.body.message], JSON.stringify(body)).toEqual([400, message])
    }
    const good = { userId: creditFamily.userId, amountCents: 500, reason: 'Not yours' }
    expect((await visitor.post(CREDITS, good)).status).toBe(401)
    expect((await creditFamily.client.post(CREDITS, good)).status).toBe(403)
    expect((await creditFamily.client.get(CREDITS)).status).toBe(403)
    expect((await visitor.get(CREDITS)).status).toBe(401)
    expect(await billingRows()).toBe(before)
  })

  it('takes the credit off the next invoice, dry run first; what the invoice cannot use waits for the next month', async () => {
    const dry = await admin.post(RUN, { period: '2027-01', dryRun: true })
    const before = await billingRows()
    expect(familyResult(dry.body, creditFamily)).toMatchObject({ outcome: 'wouldCreate', totalCents: 0 })
    expect(familyResult(dry.body, creditFamily).lines.map((l: any) => [l.kind, l.amountCents])).toEqual([
      ['tuition', 10_000],
      ['credit', -10_000],
    ])
    expect(await billingRows()).toBe(before)

    // January: the 130.00 credit pays all 100.00 of it, so the invoice is paid at 0.00.
    const january = familyResult((await admin.post(RUN, { period: '2027-01', dryRun: false })).body, creditFamily)
    expect(january).toMatchObject({ outcome: 'created', totalCents: 0 })
    const doc = (await creditFamily.client.get('/api/invoices')).body.find((i: { id: number }) => i.id === january.invoiceId)
    expect(doc).toMatchObject({ amount: 0, status: 'paid', kind: 'tuition', period: '2027-01' })
    expect(doc.lines.map((l: any) => [l.kind, l.description, l.amountCents])).toEqual([
      ['tuition', 'Ballet Credits — Zoe Credits, Jan 2027', 10_000],
      ['credit', 'Credit: Missed classes in December', -10_000],
    ])
    const [credit] = (await admin.get(`${CREDITS}?userId=${creditFamily.userId}`)).body
    expect(credit).toMatchObject({ remainingCents: 3000, usedOn: [{ invoiceId: january.invoiceId, amountCents: 10_000 }] })

    // February takes the 30.00 left; March none.
    const february = familyResult((await admin.post(RUN, { period: '2027-02', dryRun: false })).body, creditFamily)
    expect(february).toMatchObject({ outcome: 'created', totalCents: 7000 })
    const march = familyResult((await admin.post(RUN, { period: '2027-03', dryRun: false })).body, creditFamily)
    expect(march).toMatchObject({ outcome: 'created', totalCents: 10_000 })
    expect((await admin.get(`${CREDITS}?userId=${creditFamily.userId}`)).body[0]).toMatchObject({ remainingCents: 0 })
  })

  it('never spends a credit twice, even when two months are billed at once', async () => {
    await admin.post(CREDITS, { userId: creditFamily.userId, amountCents: 2500, reason: 'Recital refund' })
    const [april, may] = await Promise.all([admin.post(RUN, { period: '2027-04', dryRun: false }), admin.post(RUN, { period: '2027-05', dryRun: false })])
    const totals = [familyResult(april.body, creditFamily).totalCents, familyResult(may.body, creditFamily).totalCents].sort((x, y) => x - y)
    expect(totals).toEqual([7500, 10_000])
    const { rows } = await db.query(
      `SELECT count(*)::int AS n, sum(l.amount_cents)::int AS cents FROM invoices_lines l JOIN invoices i ON i.id = l._parent_id WHERE l.kind = 'credit' AND i.user_id = $1 AND i.period IN ('2027-04', '2027-05')`,
      [creditFamily.userId],
    )
    expect(rows[0]).toEqual({ n: 1, cents: -2500 })
  })

  it('a voided tuition month is not billed again by the run, gives its credit back, and is billed again on request', async () => {
    const may = (await db.query(`SELECT id FROM invoices WHERE user_id = $1 AND period = '2027-05' AND kind = 'tuition'`, [creditFamily.userId])).rows[0].id
    const april = (await db.query(`SELECT id FROM invoices WHERE user_id = $1 AND period = '2027-04' AND kind = 'tuition'`, [creditFamily.userId])).rows[0].id
    const withCredit = (await db.query(`SELECT _parent_id AS id FROM invoices_lines WHERE kind = 'credit' AND _parent_id IN ($1, $2)`, [april, may])).rows[0].id
    expect((await admin.post(voidPath(withCredit), { reason: 'Wrong class billed' })).status).toBe(200)
    const recital = (await admin.get(`${CREDITS}?userId=${creditFamily.userId}`)).body.find((c: { reason: string }) => c.reason === 'Recital refund')
    expect(recital).toMatchObject({ remainingCents: 2500, usedOn: [] })

    const period = withCredit === april ? '2027-04' : '2027-05'
    const again = familyResult((await admin.post(RUN, { period, dryRun: false })).body, creditFamily)
    expect(again).toMatchObject({ outcome: 'voided', invoiceId: withCredit })
    expect(familyResult((await admin.post(RUN, { period, dryRun: true, rebill: [creditFamily.userId] })).body, creditFamily)).toMatchObject({
      outcome: 'wouldCreate',
      totalCents: 7500,
    })
    const rebilled = familyResult((await admin.post(RUN, { period, dryRun: false, rebill: [creditFamily.userId] })).body, creditFamily)
    expect(rebilled).toMatchObject({ outcome: 'created', totalCents: 7500 })
    expect(rebilled.invoiceId).not.toBe(withCredit)
    // Billed once more: now it exists, the voided one stays as it was.
    expect(familyResult((await admin.post(RUN, { period, dryRun: false, rebill: [creditFamily.userId] })).body, creditFamily).outcome).toBe('exists')
    expect((await db.query(`SELECT status FROM invoices WHERE id = $1`, [withCredit])).rows[0].status).toBe('cancelled')
  })

  it('cancels what is left of a credit once; refuses a used-up or unknown credit and the wrong user', async () => {
    const fresh = (await admin.post(CREDITS, { userId: creditFamily.userId, amountCents: 900, reason: 'Goodwill' })).body
    expect((await visitor.post(`${CREDITS}/${fresh.id}/cancel`)).status).toBe(401)
    expect((await creditFamily.client.post(`${CREDITS}/${fresh.id}/cancel`)).status).toBe(403)
    const res = await admin.post(`${CREDITS}/${fresh.id}/cancel`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ status: 'cancelled', remainingCents: 0 })
    expect(await admin.post(`${CREDITS}/${fresh.id}/cancel`).then((r) => [r.status, r.body.message])).toEqual([409, 'This credit is already cancelled.'])
    const usedUp = (await admin.get(`${CREDITS}?userId=${creditFamily.userId}`)).body.find((c: { reason: string }) => c.reason.startsWith('Missed'))
    expect(await admin.post(`${CREDITS}/${usedUp.id}/cancel`).then((r) => [r.status, r.body.message])).toEqual([
      409,
      'This credit has been used in full; there is nothing left to cancel.',
    ])
    expect((await admin.post(`${CREDITS}/999999/cancel`)).status).toBe(404)
    // A cancelled credit is never used.
    const june = familyResult((await admin.post(RUN, { period: '2027-06', dryRun: true })).body, creditFamily)
    expect(june.lines.filter((l: any) => l.kind === 'credit')).toEqual([])
  })
})

describe('late fees', () => {
  let lateFamily: Family
  let overdue: number
  let paid: number
  let manual: number

  beforeAll(async () => {
    lateFamily = await createFamily(app, 'actions-late')
    const tuition = (cents: number, period: string, status = 'pending') =>
      app.payload.create({
        collection: 'invoices',
        overrideAccess: true,
        data: {
          userId: lateFamily.userId,
          amountCents: 0,
          description: `Tuition ${period}`,
          status: status as 'pending',
          dueDate: '2027-03-05',
          kind: 'tuition',
          period,
          lines: [{ kind: 'tuition', description: 'Ballet', amountCents: cents }],
        },
      })
    overdue = (await tuition(8000, '2026-03')).id
    paid = (await tuition(8000, '2026-04', 'paid')).id
    manual = (await invoice(lateFamily.userId, 'Costume, late', 3000, 'pending', '2027-03-05')).id
  })

  const feesOf = async (invoiceId: number) =>
    (await db.query(`SELECT id, amount_cents, status, kind, user_id, due_date FROM invoices WHERE late_fee_for = $1`, [invoiceId])).rows

  it('on a dry run says what it would charge and writes nothing', async () => {
    const before = await billingRows()
    const res = await admin.post(LATE, { today: '2027-03-16' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ today: '2027-03-16', dryRun: true })
    expect(res.body.markedOverdue).toBeGreaterThanOrEqual(2)
    expect(res.body.charges.filter((c: { userId: number }) => c.userId === lateFamily.userId)).toEqual([
      { invoiceId: overdue, userId: lateFamily.userId, payerName: lateFamily.fullName, amountCents: 1500, feeInvoiceId: null },
    ])
    expect(await billingRows()).toBe(before)
  })

  it('marks past-due invoices overdue, and charges the fee only after the delay, once', async () => {
    // Due 5 March, 10 days' delay: 15 March is not late yet.
    const early = await admin.post(LATE, { today: '2027-03-15', dryRun: false })
    expect(early.status).toBe(200)
    expect((await db.query('SELECT status FROM invoices WHERE id = ANY($1) ORDER BY id', [[overdue, manual]])).rows.map((r) => r.status)).toEqual([
      'overdue',
      'overdue',
    ])
    expect(await feesOf(overdue)).toEqual([])

    const late = await admin.post(LATE, { today: '2027-03-16', dryRun: false })
    const charge = late.body.charges.find((c: { invoiceId: number }) => c.invoiceId === overdue)
    expect(charge).toMatchObject({ amountCents: 1500 })
    const [fee] = await feesOf(overdue)
    expect(fee).toMatchObject({ id: charge.feeInvoiceId, amount_cents: '1500', status: 'pending', kind: 'late-fee', user_id: String(lateFamily.userId) })
    // The overdue invoice keeps its amount; a paid one and a manual one get no fee.
    expect((await db.query('SELECT amount_cents FROM invoices WHERE id = $1', [overdue])).rows[0].amount_cents).toBe('8000')
    expect(await feesOf(paid)).toEqual([])
    expect(await feesOf(manual)).toEqual([])
    const mine = (await lateFamily.client.get('/api/invoices')).body.find((i: { id: number }) => i.id === fee.id)
    expect(mine).toMatchObject({ amount: 15, kind: 'late-fee', lateFeeFor: overdue, dueDate: '2027-03-16' })

    // Again, and twice at once in-process and over HTTP: still one fee.
    const [a, b, c] = await Promise.all([
      applyLateFees(app.payload, { today: '2027-03-20' }),
      applyLateFees(app.payload, { today: '2027-03-20' }),
      admin.post(LATE, { today: '2027-03-20', dryRun: false }),
    ])
    expect(a.charged + b.charged + c.body.charged).toBe(0)
    expect(await feesOf(overdue)).toHaveLength(1)
  })

  it('charges concurrent runs exactly once per invoice', async () => {
    const fresh = await app.payload.create({
      collection: 'invoices',
      overrideAccess: true,
      data: {
        userId: lateFamily.userId,
        amountCents: 0,
        description: 'Tuition 2026-05',
        status: 'pending',
        dueDate: '2027-03-05',
        kind: 'tuition',
        period: '2026-05',
        lines: [{ kind: 'tuition', description: 'Ballet', amountCents: 8000 }],
      },
    })
    const results = await Promise.all([applyLateFees(app.payload, { today: '2027-04-01' }), applyLateFees(app.payload, { today: '2027-04-01' })])
    expect(results.reduce((sum, r) => sum + r.charged, 0)).toBeGreaterThanOrEqual(1)
    expect(await feesOf(fresh.id)).toHaveLength(1)
  })

  it('voiding an overdue invoice voids its unpaid late fee; no second fee follows', async () => {
    expect((await admin.post(voidPath(overdue), { reason: 'Family left in February' })).status).toBe(200)
    const [fee] = await feesOf(overdue)
    expect(fee.status).toBe('cancelled')
    await applyLateFees(app.payload, { today: '2027-05-01' })
    expect(await feesOf(overdue)).toHaveLength(1)
  })

  it('refuses bad input (400) and the wrong user, writing nothing', async () => {
    const before = await billingRows()
    for (const [body, message] of [
      [{ today: '2027-13-01', dryRun: false }, 'today must be a valid date (YYYY-MM-DD)'],
      [{ today: '2027-05-01', dryRun: 'no' }, 'dryRun must be true or false'],
    ] as const) {
      const res = await admin.post(LATE, body)
      expect([res.status, res.body.message]).toEqual([400, message])
    }
    expect((await visitor.post(LATE, { dryRun: false })).status).toBe(401)
    expect((await lateFamily.client.post(LATE, { dryRun: false })).status).toBe(403)
    expect(await billingRows()).toBe(before)
  })
})

describe('rules every invoice write obeys (also /cms)', () => {
  it('refuses a line naming another family’s student, and amounts above $1,000,000, on a direct write', async () => {
    const theirs = await addStudent(app, other.userId, 'Other Child')
    const write = (lines: { kind: 'manual'; description: string; amountCents: number; studentId?: number }[]) =>
      app.payload.create({
        collection: 'invoices',
        overrideAccess: true,
        data: { userId: smith.userId, amountCents: 0, description: 'Direct write', status: 'pending', dueDate: '2027-01-01', lines },
      })
    expect(await refusal(write([{ kind: 'manual', description: 'Lesson', amountCents: 100, studentId: theirs }]))).toBe(
      'A line names a student who is not in this family',
    )
    expect(await refusal(write([{ kind: 'manual', description: 'Huge', amountCents: 100_000_001 }]))).toBe(
      'A line amount cannot be more than $1,000,000 either way',
    )
    expect(
      await refusal(
        write([
          { kind: 'manual', description: 'Big', amountCents: 60_000_000 },
          { kind: 'manual', description: 'Bigger', amountCents: 60_000_000 },
        ]),
      ),
    ).toBe('Amount cannot be more than $1,000,000')
    const typed = app.payload.create({
      collection: 'invoices',
      overrideAccess: true,
      data: { userId: smith.userId, amountCents: 100_000_001, description: 'Typed too big', status: 'pending', dueDate: '2027-01-01' },
    })
    expect(await refusal(typed)).toBe('A line amount cannot be more than $1,000,000 either way')
  })

  it('keeps an invoice editable after its student is gone: only added or changed lines are checked', async () => {
    const kid = await addStudent(app, smith.userId, 'Gone Child')
    const doc = await app.payload.create({
      collection: 'invoices',
      overrideAccess: true,
      data: {
        userId: smith.userId,
        amountCents: 0,
        description: 'Lessons',
        status: 'pending',
        dueDate: '2027-01-01',
        lines: [{ kind: 'manual', description: 'Lesson', amountCents: 2000, studentId: kid }],
      },
    })
    expect(doc.lines?.[0]?.studentName).toBe('Gone Child')
    await app.payload.delete({ collection: 'students', id: kid, overrideAccess: true })
    const updated = await app.payload.update({ collection: 'invoices', id: doc.id, overrideAccess: true, data: { status: 'overdue', lines: doc.lines } })
    expect(updated).toMatchObject({ status: 'overdue', amountCents: 2000, lines: [{ studentId: kid, studentName: 'Gone Child' }] })
  })
})
