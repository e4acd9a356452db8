import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Invoice, Payment } from '#cms/payload-types'
import { FINAL_INVOICE_MESSAGES } from '#api/invoices/final.schemas'
import { INVOICE_ACTION_MESSAGES } from '#api/invoices/schemas'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { cmsRest, sessionCookie } from '#tests/support/cms-rest'
import { createFamily, type Family } from '#tests/support/families'

/** Issue 23, final is final: a paid or void invoice keeps its status and is never deleted, whoever writes; paid only with a payment. */

let app: TestApp
let db: pg.Client
let admin: ApiClient
let adminCookie: string
let family: Family

const rows = async () =>
  JSON.stringify(await Promise.all(['invoices', 'invoices_lines', 'payments'].map((t) => db.query(`SELECT * FROM ${t} ORDER BY id`).then((r) => r.rows))))

async function issue(description: string, amount = 40): Promise<number> {
  const res = await admin.post('/api/invoices', { userId: family.userId, amount, description, dueDate: '2027-03-01' })
  expect(res.status).toBe(201)
  return res.body.id
}

async function paidInvoice(description: string): Promise<number> {
  const id = await issue(description)
  expect((await admin.post(`/api/admin/invoices/${id}/mark-paid`, { method: 'cash', receivedOn: '2026-11-01' })).status).toBe(200)
  return id
}

async function voidedInvoice(description: string): Promise<number> {
  const id = await issue(description)
  expect((await admin.post(`/api/admin/invoices/${id}/void`, { reason: 'Issued twice' })).status).toBe(200)
  return id
}

const paymentsOf = async (id: number) =>
  (await app.payload.find({ collection: 'payments', where: { invoice: { equals: id } }, overrideAccess: true, sort: 'id' })).docs as Payment[]

/** The family's balance (its statement) is what its live invoices cost less what it paid. */
async function expectBalanceAgrees() {
  const statement = (await admin.get(`/api/admin/families/${family.userId}/statement`)).body
  const owed = statement.invoices
    .filter((i: { status: string }) => i.status !== 'cancelled')
    .reduce((sum: number, i: { amount: number }) => sum + Math.round(i.amount * 100), 0)
  const paid = statement.payments
    .filter((p: { status: string }) => p.status === 'completed')
    .reduce((sum: number, p: { amount: number }) => sum + Math.round(p.amount * 100), 0)
  expect(statement.balanceCents).toBe(owed - paid)
}

/** The message of a Local API write the collection refused. */
async function refusal(write: Promise<unknown>): Promise<string> {
  const error = await write.then(
    () => null,
    (e: unknown) => e as { message?: string; status?: number },
  )
  return error ? `${error.status} ${error.message}` : 'accepted'
}

beforeAll(async () => {
  app = await startTestApp()
  db = new pg.Client({ connectionString: app.databaseUrl })
  await db.connect()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  adminCookie = await sessionCookie(app, ADMIN.username, ADMIN.password)
  family = await createFamily(app, 'final-family')
})
afterAll(async () => {
  await db?.end()
  await app?.close()
})

describe('the /api contract', () => {
  it('refuses to move a paid invoice away from paid, void it, or delete it (409), and changes nothing', async () => {
    const id = await paidInvoice('Paid costume')
    const before = await rows()
    for (const status of ['pending', 'overdue', 'cancelled']) {
      const res = await admin.patch(`/api/invoices/${id}/status`, { status })
      expect(res.status, status).toBe(409)
      expect(res.body.message).toBe(FINAL_INVOICE_MESSAGES.paidStatus)
    }
    const removed = await admin.delete(`/api/invoices/${id}`)
    expect(removed.status).toBe(409)
    expect(removed.body.message).toBe(FINAL_INVOICE_MESSAGES.paidDelete)
    expect((await admin.post(`/api/admin/invoices/${id}/void`, { reason: 'Changed my mind' })).body.message).toBe(INVOICE_ACTION_MESSAGES.paidCannotVoid)
    // Setting the status it has changes nothing and is not an error.
    expect((await admin.patch(`/api/invoices/${id}/status`, { status: 'paid' })).body).toMatchObject({ id, status: 'paid' })
    expect(await rows()).toBe(before)
    await expectBalanceAgrees()
  })

  it('refuses to move a void invoice anywhere, pay it or delete it (409)', async () => {
    const id = await voidedInvoice('Voided trip')
    const before = await rows()
    for (const status of ['pending', 'overdue']) {
      const res = await admin.patch(`/api/invoices/${id}/status`, { status })
      expect(res.status).toBe(409)
      expect(res.body.message).toBe(FINAL_INVOICE_MESSAGES.voidStatus)
    }
    const paid = await admin.patch(`/api/invoices/${id}/status`, { status: 'paid' })
    expect(paid.status).toBe(409)
    expect(paid.body.message).toBe(INVOICE_ACTION_MESSAGES.voidCannotBePaid)
    const removed = await admin.delete(`/api/invoices/${id}`)
    expect(removed.status).toBe(409)
    expect(removed.body.message).toBe(FINAL_INVOICE_MESSAGES.voidDelete)
    expect(await rows()).toBe(before)
  })

  it("routes the spec's Set Paid and an invoice issued as paid through the recorded payment", async () => {
    const id = await issue('Set paid by hand', 25)
    const res = await admin.patch(`/api/invoices/${id}/status`, { status: 'paid' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id, status: 'paid', amount: 25 })
    expect(await paymentsOf(id)).toMatchObject([{ status: 'completed', method: 'offline', offlineMethod: 'other', amountCents: 2500 }])

    const created = await admin.post('/api/invoices', {
      userId: family.userId,
      amount: 12.5,
      description: 'Paid at the desk',
      dueDate: '2027-03-01',
      status: 'paid',
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ status: 'paid', amount: 12.5 })
    expect(await paymentsOf(created.body.id)).toMatchObject([{ status: 'completed', method: 'offline', amountCents: 1250 }])
    await expectBalanceAgrees()
  })

  it('still lets a pending invoice become overdue or cancelled, and be deleted', async () => {
    const id = await issue('Still open')
    expect((await admin.patch(`/api/invoices/${id}/status`, { status: 'overdue' })).body.status).toBe('overdue')
    expect((await admin.patch(`/api/invoices/${id}/status`, { status: 'pending' })).body.status).toBe('pending')
    expect((await admin.delete(`/api/invoices/${id}`)).status).toBe(200)
  })

  it('keeps the rules to administrators and to good input', async () => {
    const id = await paidInvoice('Guarded')
    expect((await family.client.patch(`/api/invoices/${id}/status`, { status: 'pending' })).status).toBe(403)
    expect((await new ApiClient(app.url).delete(`/api/invoices/${id}`)).status).toBe(401)
    expect((await admin.patch(`/api/invoices/${id}/status`, { status: 'refunded' })).status).toBe(400)
  })
})

describe("Payload's REST (/cms-api) and Local API obey the same rules", () => {
  it('refuses status changes, amount changes and deletion of a paid or void invoice with a clear 409', async () => {
    const paid = await paidInvoice('Paid, via REST')
    const voided = await voidedInvoice('Void, via REST')
    const before = await rows()
    const cases: Array<[string, string, unknown, string]> = [
      ['PATCH', `/invoices/${paid}`, { status: 'pending' }, FINAL_INVOICE_MESSAGES.paidStatus],
      ['PATCH', `/invoices/${paid}`, { status: 'cancelled' }, FINAL_INVOICE_MESSAGES.paidStatus],
      ['PATCH', `/invoices/${paid}`, { amountCents: 100, lines: [] }, FINAL_INVOICE_MESSAGES.paidChange],
      ['DELETE', `/invoices/${paid}`, undefined, FINAL_INVOICE_MESSAGES.paidDelete],
      ['PATCH', `/invoices/${voided}`, { status: 'pending' }, FINAL_INVOICE_MESSAGES.voidStatus],
      ['PATCH', `/invoices/${voided}`, { status: 'paid' }, FINAL_INVOICE_MESSAGES.voidStatus],
      ['DELETE', `/invoices/${voided}`, undefined, FINAL_INVOICE_MESSAGES.voidDelete],
    ]
    for (const [method, path, body, message] of cases) {
      const res = await cmsRest(app, method, path, { cookie: adminCookie, body })
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(409)
      expect(JSON.stringify(res.body)).toContain(message)
    }
    expect(await rows()).toBe(before)
  })

  it('refuses to make an invoice paid without a payment, by REST or the Local API', async () => {
    const id = await issue('Pending, via REST')
    const patched = await cmsRest(app, 'PATCH', `/invoices/${id}`, { cookie: adminCookie, body: { status: 'paid' } })
    expect(patched.status).toBe(409)
    expect(JSON.stringify(patched.body)).toContain(FINAL_INVOICE_MESSAGES.paidOnlyByPayment)
    const created = await cmsRest(app, 'POST', '/invoices', {
      cookie: adminCookie,
      body: { userId: family.userId, amountCents: 900, description: 'Paid from nowhere', status: 'paid', dueDate: '2027-03-01' },
    })
    expect(created.status).toBe(409)
    const local = app.payload.update({ collection: 'invoices', id, overrideAccess: true, data: { status: 'paid' } })
    expect(await refusal(local)).toBe(`409 ${FINAL_INVOICE_MESSAGES.paidOnlyByPayment}`)
    expect(((await app.payload.findByID({ collection: 'invoices', id, overrideAccess: true })) as Invoice).status).toBe('pending')
  })

  it('refuses the Local API too, even with overrideAccess', async () => {
    const paid = await paidInvoice('Paid, via Local API')
    const voided = await voidedInvoice('Void, via Local API')
    const update = (id: number, data: Partial<Invoice>) => app.payload.update({ collection: 'invoices', id, overrideAccess: true, data })
    expect(await refusal(update(paid, { status: 'pending' }))).toBe(`409 ${FINAL_INVOICE_MESSAGES.paidStatus}`)
    expect(await refusal(update(voided, { status: 'pending' }))).toBe(`409 ${FINAL_INVOICE_MESSAGES.voidStatus}`)
    expect(await refusal(app.payload.delete({ collection: 'invoices', id: paid, overrideAccess: true }))).toBe(`409 ${FINAL_INVOICE_MESSAGES.paidDelete}`)
    expect(await refusal(app.payload.delete({ collection: 'invoices', id: voided, overrideAccess: true }))).toBe(`409 ${FINAL_INVOICE_MESSAGES.voidDelete}`)
    // A description can still be corrected.
    expect(await refusal(update(paid, { description: 'Paid, via Local API (costume)' }))).toBe('accepted')
  })
})
