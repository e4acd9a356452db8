import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { PaymentDto } from '#api/payments/schemas'
import { PAYMENT_LIST_MAX_INVOICES, PAYMENT_LIST_MESSAGES } from '#api/payments/payment-list.schemas'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { createFamily, type Family } from '#tests/support/families'

/*
 * Issue 23: the Invoices tab asks for the payments of the invoices on screen, never for every
 * payment the academy has taken: GET /api/payments?invoiceIds=… (administrators only).
 */

let app: TestApp
let db: pg.Client
let admin: ApiClient
let family: Family
let other: Family
const invoice: Record<'paid' | 'reversed' | 'unpaid' | 'othersPaid', number> = { paid: 0, reversed: 0, unpaid: 0, othersPaid: 0 }

const rows = async () => JSON.stringify((await db.query('SELECT * FROM payments ORDER BY id')).rows)

async function issue(userId: number, description: string): Promise<number> {
  const res = await admin.post('/api/invoices', { userId, amount: 40, description, dueDate: '2027-03-01' })
  expect(res.status).toBe(201)
  return res.body.id
}

async function payOffline(id: number): Promise<void> {
  expect((await admin.post(`/api/admin/invoices/${id}/mark-paid`, { method: 'cash', receivedOn: '2026-11-02' })).status).toBe(200)
}

beforeAll(async () => {
  app = await startTestApp()
  db = new pg.Client({ connectionString: app.databaseUrl })
  await db.connect()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await createFamily(app, 'paylist-family')
  other = await createFamily(app, 'paylist-other')
  invoice.paid = await issue(family.userId, 'Costume paid in cash')
  invoice.reversed = await issue(family.userId, 'Cash counted twice')
  invoice.unpaid = await issue(family.userId, 'Recital photos')
  invoice.othersPaid = await issue(other.userId, 'Another family’s tuition')
  for (const id of [invoice.paid, invoice.reversed, invoice.othersPaid]) await payOffline(id)
  expect((await admin.post(`/api/admin/invoices/${invoice.reversed}/reverse-payment`, { reason: 'Cash was counted twice' })).status).toBe(200)
})
afterAll(async () => {
  await db?.end()
  await app?.close()
})

describe('GET /api/payments?invoiceIds=', () => {
  it('gives an administrator the payments of the named invoices only, with their reversals', async () => {
    const res = await admin.get(`/api/payments?invoiceIds=${invoice.paid},${invoice.reversed},${invoice.unpaid},${invoice.paid}`)
    expect(res.status).toBe(200)
    const payments = res.body as PaymentDto[]
    expect(payments.map((p) => p.invoiceId).sort()).toEqual([invoice.paid, invoice.reversed].sort())
    expect(payments.find((p) => p.invoiceId === invoice.reversed)).toMatchObject({
      status: 'reversed',
      description: 'Cash counted twice',
      reversal: { reason: 'Cash was counted twice' },
    })
    expect(payments.find((p) => p.invoiceId === invoice.paid)).toMatchObject({ status: 'completed', reversal: null, userId: family.userId })

    // An invoice without payments, or one that does not exist, simply has none.
    expect((await admin.get(`/api/payments?invoiceIds=${invoice.unpaid},999999`)).body).toEqual([])
    // Without the parameter the answer is still the spec's: every payment, for an administrator.
    const all = (await admin.get('/api/payments')).body as PaymentDto[]
    expect(all.map((p) => p.invoiceId)).toEqual(expect.arrayContaining([invoice.paid, invoice.reversed, invoice.othersPaid]))
  })

  it('refuses ids that are not a comma-separated list of 1 to 100 whole numbers, with 400 and its message', async () => {
    const before = await rows()
    const tooMany = Array.from({ length: PAYMENT_LIST_MAX_INVOICES + 1 }, (_, i) => i + 1).join(',')
    for (const bad of ['', 'abc', '1,,2', '0', '-3', '1.5', '1;2', '12345678901', '2147483648', tooMany]) {
      const res = await admin.get(`/api/payments?invoiceIds=${encodeURIComponent(bad)}`)
      expect(res.status, bad).toBe(400)
      expect(res.body.message).toContain(PAYMENT_LIST_MESSAGES.invoiceIds)
    }
    expect(await rows()).toBe(before)
  })

  it('is for administrators: a family gets 403 even for its own invoice, a visitor 401; a family’s plain list is unchanged', async () => {
    const before = await rows()
    const asFamily = await family.client.get(`/api/payments?invoiceIds=${invoice.paid}`)
    expect(asFamily.status).toBe(403)
    expect(asFamily.body.message).toBe(PAYMENT_LIST_MESSAGES.adminOnly)
    expect((await family.client.get(`/api/payments?invoiceIds=${invoice.othersPaid}`)).status).toBe(403)
    expect((await new ApiClient(app.url).get(`/api/payments?invoiceIds=${invoice.paid}`)).status).toBe(401)
    const own = (await family.client.get('/api/payments')).body as PaymentDto[]
    expect(own.map((p) => p.invoiceId).sort()).toEqual([invoice.paid, invoice.reversed].sort())
    expect(await rows()).toBe(before)
  })
})
