import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Invoice } from '#cms/payload-types'
import { startTestApp, ADMIN, FAMILY, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { FINAL_INVOICE_MESSAGES } from '#api/invoices/final.schemas'

let app: TestApp
let admin: ApiClient
let family: ApiClient
let familyId: number
let otherFamily: ApiClient
let otherFamilyId: number

const FOREIGN_INVOICE = 'Invoice for the other family only'
const future = '2027-01-15'

async function createFamily(username: string): Promise<{ id: number; client: ApiClient }> {
  const user = await app.payload.create({
    collection: 'users',
    overrideAccess: true,
    data: { username, email: `${username}@example.com`, fullName: `Parent ${username}`, password: 'invoice-pass-1' },
  })
  return { id: user.id, client: await new ApiClient(app.url).login(username, 'invoice-pass-1') }
}

async function storedInvoice(id: number): Promise<Invoice | null> {
  return (await app.payload.findByID({ collection: 'invoices', id, overrideAccess: true, disableErrors: true })) as Invoice | null
}

async function invoiceCount(): Promise<number> {
  return (await app.payload.count({ collection: 'invoices', overrideAccess: true })).totalDocs
}

async function issue(body: Record<string, unknown>) {
  const res = await admin.post('/api/invoices', { userId: familyId, amount: 50, description: 'Monthly tuition', dueDate: future, ...body })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as { id: number; amount: number; status: string }
}

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await new ApiClient(app.url).login(FAMILY.username, FAMILY.password)
  familyId = (await family.get('/api/user')).body.id
  const other = await createFamily('invoice-other-family')
  otherFamily = other.client
  otherFamilyId = other.id
  const res = await admin.post('/api/invoices', { userId: otherFamilyId, amount: 80, description: FOREIGN_INVOICE, dueDate: future })
  expect(res.status).toBe(201)
})
afterAll(async () => {
  await app?.close()
})

describe('GET /api/invoices', () => {
  it('answers 401 to a visitor', async () => {
    const res = await new ApiClient(app.url).get('/api/invoices')
    expect(res.status).toBe(401)
    expect(res.body.message).toBeTypeOf('string')
  })

  it("gives a family its own invoices only, never another family's", async () => {
    const res = await family.get('/api/invoices')
    expect(res.status).toBe(200)
    expect(Array.isArray(res.body)).toBe(true)
    expect(res.body.length).toBeGreaterThanOrEqual(1)
    expect(res.body.every((i: { userId: number }) => i.userId === familyId)).toBe(true)
    expect(res.body.some((i: { description: string }) => i.description === FOREIGN_INVOICE)).toBe(false)

    const theirs = await otherFamily.get('/api/invoices')
    expect(theirs.body.map((i: { description: string }) => i.description)).toEqual([FOREIGN_INVOICE])
  })

  it('shows the seeded invoice in the contract shape: dollars, a calendar due date, the payer', async () => {
    const res = await family.get('/api/invoices')
    const seeded = res.body.find((i: { description: string }) => i.description.includes('monthly tuition'))
    expect(seeded).toMatchObject({ userId: familyId, amount: 75, status: 'pending', payerName: 'Jordan Rivera', payerEmail: 'jordan.rivera@example.com' })
    expect(seeded.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(new Date(seeded.createdAt).toISOString()).toBe(seeded.createdAt)
    expect(Object.keys(seeded).sort()).toEqual([
      'amount',
      'createdAt',
      'description',
      'dueDate',
      'id',
      'kind',
      'lateFeeFor',
      'lines',
      'payerEmail',
      'payerName',
      'period',
      'status',
      'userId',
      'voidReason',
      'voidedAt',
    ])
    // Typed as one amount: stored as one line of that amount, so lines always add up to the amount.
    expect(seeded).toMatchObject({ kind: 'manual', period: null, lateFeeFor: null, voidedAt: null, voidReason: null })
    expect(seeded.lines).toEqual([
      {
        kind: 'manual',
        description: seeded.description,
        amountCents: 7500,
        studentId: null,
        studentName: null,
        classId: null,
        className: null,
        creditId: null,
      },
    ])
  })

  it("gives an admin only the admin's own invoices: /billing cannot pay anyone else's", async () => {
    const adminId = (await admin.get('/api/user')).body.id
    const own = await issue({ userId: adminId, description: 'Admin own costume' })
    const res = await admin.get('/api/invoices')
    expect(res.status).toBe(200)
    expect(res.body.map((i: { id: number }) => i.id)).toContain(own.id)
    expect(res.body.every((i: { userId: number }) => i.userId === adminId)).toBe(true)
  })
})

describe('GET /api/invoices/all', () => {
  it('answers 401 to a visitor and 403 to a family', async () => {
    expect((await new ApiClient(app.url).get('/api/invoices/all')).status).toBe(401)
    const res = await family.get('/api/invoices/all')
    expect(res.status).toBe(403)
    expect(res.body.message).toBeTypeOf('string')
  })

  it('gives an admin every invoice, newest first', async () => {
    const first = await issue({ description: 'Ordering check one' })
    const second = await issue({ description: 'Ordering check two' })
    const res = await admin.get('/api/invoices/all')
    expect(res.status).toBe(200)
    const users = new Set(res.body.map((i: { userId: number }) => i.userId))
    expect(users.has(familyId) && users.has(otherFamilyId)).toBe(true)
    const ids = res.body.map((i: { id: number }) => i.id)
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id))
    const times = res.body.map((i: { createdAt: string }) => Date.parse(i.createdAt))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
  })
})

describe('POST /api/invoices', () => {
  it('issues an invoice: 201, pending by default, with a snapshot of the payer', async () => {
    const res = await admin.post('/api/invoices', { userId: familyId, amount: 125, description: '  Spring recital costume  ', dueDate: '2027-03-01' })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      userId: familyId,
      amount: 125,
      description: 'Spring recital costume',
      status: 'pending',
      dueDate: '2027-03-01',
      payerName: 'Jordan Rivera',
      payerEmail: 'jordan.rivera@example.com',
    })
    const stored = await storedInvoice(res.body.id)
    expect(stored).toMatchObject({ amountCents: 12500, payerName: 'Jordan Rivera', payerEmail: 'jordan.rivera@example.com', status: 'pending' })
    const mine = await family.get('/api/invoices')
    expect(mine.body.find((i: { id: number }) => i.id === res.body.id)).toEqual(res.body)
  })

  it('stores 19.99 as exactly 1999 cents and answers 19.99 back', async () => {
    const invoice = await issue({ amount: 19.99 })
    expect(invoice.amount).toBe(19.99)
    expect((await storedInvoice(invoice.id))!.amountCents).toBe(1999)
    const listed = (await admin.get('/api/invoices/all')).body.find((i: { id: number }) => i.id === invoice.id)
    expect(listed.amount).toBe(19.99)
  })

  it('treats 0.1 + 0.2 as 30 cents, not a float with a tail', async () => {
    const invoice = await issue({ amount: 0.1 + 0.2 })
    expect(invoice.amount).toBe(0.3)
    expect((await storedInvoice(invoice.id))!.amountCents).toBe(30)
  })

  it('keeps cents exact for values floats get wrong (1.15, 4.35, 1234.56) and accepts the maximum', async () => {
    for (const [amount, cents] of [
      [1.15, 115],
      [4.35, 435],
      [1234.56, 123456],
      [0.01, 1],
      [1_000_000, 100_000_000],
    ] as const) {
      const invoice = await issue({ amount })
      expect(invoice.amount).toBe(amount)
      expect((await storedInvoice(invoice.id))!.amountCents).toBe(cents)
    }
  })

  it('accepts an amount and a user id sent as strings by a form', async () => {
    const invoice = await issue({ userId: String(familyId), amount: '42.50' })
    expect(invoice.amount).toBe(42.5)
  })

  it('honours an explicit status', async () => {
    const invoice = await issue({ status: 'overdue' })
    expect(invoice.status).toBe('overdue')
  })

  it('answers each invalid field with the spec message and stores nothing', async () => {
    const before = await invoiceCount()
    const valid = { userId: familyId, amount: 10, description: 'Tuition', dueDate: future }
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ userId: undefined }, 'Please select a user'],
      [{ userId: 0 }, 'Please select a user'],
      [{ userId: -3 }, 'Please select a user'],
      [{ userId: 1.5 }, 'Please select a user'],
      [{ userId: 'someone' }, 'Please select a user'],
      [{ userId: 999_999 }, 'Please select a user'],
      [{ amount: 0 }, 'Amount must be greater than 0'],
      [{ amount: -5 }, 'Amount must be greater than 0'],
      [{ amount: '-5' }, 'Amount must be greater than 0'],
      [{ amount: undefined }, 'Amount must be greater than 0'],
      [{ amount: 0.001 }, 'Amount can have at most 2 decimal places'],
      [{ amount: 19.999 }, 'Amount can have at most 2 decimal places'],
      [{ amount: 1.005 }, 'Amount can have at most 2 decimal places'],
      [{ amount: 1_000_000.01 }, 'Amount cannot be more than $1,000,000'],
      [{ amount: 'ten dollars' }, 'Amount must be a number'],
      [{ description: 'ab' }, 'Description must be at least 3 characters'],
      [{ description: '   ab   ' }, 'Description must be at least 3 characters'],
      [{ description: undefined }, 'Description must be at least 3 characters'],
      [{ description: 'x'.repeat(301) }, 'Description must be at most 300 characters'],
      [{ status: 'refunded' }, 'Status must be one of pending, paid, overdue or cancelled'],
      [{ dueDate: undefined }, 'Due date is required'],
      [{ dueDate: '' }, 'Due date is required'],
      [{ dueDate: '2027-02-30' }, 'Due date must be a valid date (YYYY-MM-DD)'],
      [{ dueDate: '15/01/2027' }, 'Due date must be a valid date (YYYY-MM-DD)'],
    ]
    for (const [change, message] of cases) {
      const res = await admin.post('/api/invoices', { ...valid, ...change })
      expect(res.status, `${JSON.stringify(change)} → ${JSON.stringify(res.body)}`).toBe(400)
      expect(res.body.message, JSON.stringify(change)).toBe(message)
    }
    const malformed = await admin.request('POST', '/api/invoices', undefined, { headers: { 'content-type': 'application/json' }, rawBody: '{"amount": 5,' })
    expect(malformed.status).toBe(400)
    expect(malformed.body.message).toBe('The request body is not valid JSON.')
    expect(await invoiceCount()).toBe(before)
  })

  it('refuses a family (403) and a visitor (401), and stores nothing', async () => {
    const before = await invoiceCount()
    const body = { userId: familyId, amount: 1, description: 'Free money', dueDate: future }
    const asFamily = await family.post('/api/invoices', body)
    expect(asFamily.status).toBe(403)
    expect(asFamily.body.message).toBeTypeOf('string')
    expect((await new ApiClient(app.url).post('/api/invoices', body)).status).toBe(401)
    expect(await invoiceCount()).toBe(before)
  })
})

describe('PATCH /api/invoices/{id}/status', () => {
  it('lets an admin set overdue, pending and paid (recording the payment), and the family sees it', async () => {
    const invoice = await issue({ description: 'Status change check' })
    expect((await admin.patch(`/api/invoices/${invoice.id}/status`, { status: 'overdue' })).body.status).toBe('overdue')
    const pending = await admin.patch(`/api/invoices/${invoice.id}/status`, { status: 'pending' })
    expect(pending.body.status).toBe('pending')
    const paid = await admin.patch(`/api/invoices/${invoice.id}/status`, { status: 'paid' })
    expect(paid.status).toBe(200)
    expect(paid.body).toMatchObject({ id: invoice.id, status: 'paid', amount: 50 })
    expect((await family.get('/api/invoices')).body.find((i: { id: number }) => i.id === invoice.id).status).toBe('paid')
    // Issue 23: paid is final; the way back is reversing the payment (tests/int/payment-reversal.int.test.ts).
    expect((await admin.patch(`/api/invoices/${invoice.id}/status`, { status: 'pending' })).status).toBe(409)
    expect((await storedInvoice(invoice.id))!.status).toBe('paid')
  })

  it('refuses an unknown status (400) and an unknown invoice (404)', async () => {
    const invoice = await issue({ description: 'Bad status check' })
    const bad = await admin.patch(`/api/invoices/${invoice.id}/status`, { status: 'refunded' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('Status must be one of pending, paid, overdue or cancelled')
    expect((await admin.patch(`/api/invoices/${invoice.id}/status`, {})).status).toBe(400)
    expect((await storedInvoice(invoice.id))!.status).toBe('pending')
    const missing = await admin.patch('/api/invoices/999999/status', { status: 'paid' })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Invoice not found.')
    expect((await admin.patch('/api/invoices/abc/status', { status: 'paid' })).status).toBe(404)
  })

  it('refuses a family, even on its own invoice (403), and a visitor (401); the invoice is unchanged', async () => {
    const invoice = await issue({ description: 'Family cannot mark paid' })
    const res = await family.patch(`/api/invoices/${invoice.id}/status`, { status: 'paid' })
    expect(res.status).toBe(403)
    expect((await new ApiClient(app.url).patch(`/api/invoices/${invoice.id}/status`, { status: 'paid' })).status).toBe(401)
    expect((await storedInvoice(invoice.id))!.status).toBe('pending')
  })
})

describe('DELETE /api/invoices/{id}', () => {
  it('lets an admin delete an invoice', async () => {
    const invoice = await issue({ description: 'To be deleted' })
    const res = await admin.delete(`/api/invoices/${invoice.id}`)
    expect(res.status).toBe(200)
    expect(res.body.message).toBeTypeOf('string')
    expect(await storedInvoice(invoice.id)).toBeNull()
    expect((await family.get('/api/invoices')).body.some((i: { id: number }) => i.id === invoice.id)).toBe(false)
  })

  it('refuses to delete an invoice issued as paid: its payment was recorded (issue 23)', async () => {
    const invoice = await issue({ description: 'Paid in cash', status: 'paid' })
    const res = await admin.delete(`/api/invoices/${invoice.id}`)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(FINAL_INVOICE_MESSAGES.paidDelete)
    expect(await storedInvoice(invoice.id)).not.toBeNull()
  })

  it('refuses to delete an invoice with a completed payment (409) and keeps both records', async () => {
    const invoice = await issue({ description: 'Paid by card', amount: 65 })
    const payment = await app.payload.create({
      collection: 'payments',
      overrideAccess: true,
      data: { invoice: invoice.id, userId: familyId, amountCents: 6500, status: 'completed', transactionId: `pi_test_${invoice.id}` },
    })
    const res = await admin.delete(`/api/invoices/${invoice.id}`)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(FINAL_INVOICE_MESSAGES.hasPayments)
    expect(await storedInvoice(invoice.id)).not.toBeNull()
    const kept = await app.payload.findByID({ collection: 'payments', id: payment.id, overrideAccess: true, depth: 0 })
    expect(kept.invoice).toBe(invoice.id)
  })

  it('deletes an invoice whose only payment attempt failed', async () => {
    const invoice = await issue({ description: 'Declined card' })
    await app.payload.create({
      collection: 'payments',
      overrideAccess: true,
      data: { invoice: invoice.id, userId: familyId, amountCents: 5000, status: 'failed', transactionId: `pi_failed_${invoice.id}` },
    })
    expect((await admin.delete(`/api/invoices/${invoice.id}`)).status).toBe(200)
    expect(await storedInvoice(invoice.id)).toBeNull()
  })

  it('answers 404 for an unknown invoice and for a malformed id', async () => {
    const res = await admin.delete('/api/invoices/999999')
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Invoice not found.')
    expect((await admin.delete('/api/invoices/0')).status).toBe(404)
  })

  it('refuses a family (403) and a visitor (401), and the invoice stays', async () => {
    const invoice = await issue({ description: 'Family cannot delete' })
    expect((await family.delete(`/api/invoices/${invoice.id}`)).status).toBe(403)
    expect((await otherFamily.delete(`/api/invoices/${invoice.id}`)).status).toBe(403)
    expect((await new ApiClient(app.url).delete(`/api/invoices/${invoice.id}`)).status).toBe(401)
    expect(await storedInvoice(invoice.id)).not.toBeNull()
  })
})
