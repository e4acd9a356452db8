import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { TUITION_RUN_MESSAGES } from '#api/tuition/schemas'
import { TUITION_SUMMARY_MESSAGES } from '#api/tuition/summary.schemas'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'
import { INVOICE_CONTEXT } from '#api/invoices/final.schemas'

let app: TestApp
let admin: ApiClient
let visitor: ApiClient
let paidByCard: Family
let paidByHand: Family
let owing: Family
let cancelled: Family
let hostile: Family
let bystander: Family
const invoiceOf = new Map<number, number>()

const MONTH = '2027-03'
const RUN = '/api/admin/tuition/run'
const SUMMARY = `/api/admin/tuition/summary?month=${MONTH}`
const CSV = `/api/admin/tuition/summary.csv?month=${MONTH}`

async function payment(invoice: number, userId: number, status: 'completed' | 'failed', amountCents: number, method = 'stripe') {
  await app.payload.create({
    collection: 'payments',
    overrideAccess: true,
    data: { invoice, userId, amountCents, status, method, transactionId: `pi_summary_${invoice}_${status}_${Math.random().toString(36).slice(2)}` },
  })
}

/** Cancelled, or paid as the card payment's recording does it, its payment row written first (issue 23). */
const setStatus = (id: number, status: 'paid' | 'cancelled') =>
  app.payload.update({ collection: 'invoices', id, overrideAccess: true, data: { status }, context: { [INVOICE_CONTEXT.recordingPayment]: id } })

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  visitor = new ApiClient(app.url)
  // Monday & Wednesday, $65.00 a month: every family below owes 6500 for March 2027.
  const ballet = await addClass(app, { name: 'Ballet Summary' })
  const families: Family[] = []
  for (const label of ['sum-card', 'sum-hand', 'sum-owing', 'sum-cancelled', 'sum-hostile', 'sum-bystander']) {
    const family = await createFamily(app, label)
    const student = await addStudent(app, family.userId, `${label} child`)
    await app.payload.create({ collection: 'enrollments', overrideAccess: true, data: { student, class: ballet.id, enrollmentDate: '2026-09-01' } })
    families.push(family)
  }
  ;[paidByCard, paidByHand, owing, cancelled, hostile, bystander] = families as [Family, Family, Family, Family, Family, Family]
  await app.payload.update({ collection: 'users', id: hostile.userId, overrideAccess: true, data: { fullName: '=HYPERLINK("http://x","y")' } })

  // The run bills only the families it names: the bystander (and the seeded demo family) stay unbilled.
  const named = families.filter((f) => f !== bystander).map((f) => f.userId)
  const run = await admin.post(RUN, { period: MONTH, dryRun: false, userIds: named })
  expect(run.status, JSON.stringify(run.body)).toBe(200)
  for (const result of run.body.families) invoiceOf.set(result.userId, result.invoiceId)

  await payment(invoiceOf.get(paidByCard.userId)!, paidByCard.userId, 'failed', 6500)
  await payment(invoiceOf.get(paidByCard.userId)!, paidByCard.userId, 'completed', 6500)
  await setStatus(invoiceOf.get(paidByCard.userId)!, 'paid')
  const byHand = await admin.post(`/api/admin/invoices/${invoiceOf.get(paidByHand.userId)!}/mark-paid`, { method: 'cash', receivedOn: '2026-11-01' })
  expect(byHand.status).toBe(200)
  await payment(invoiceOf.get(owing.userId)!, owing.userId, 'failed', 6500)
  await payment(invoiceOf.get(owing.userId)!, owing.userId, 'failed', 6500)
  await setStatus(invoiceOf.get(cancelled.userId)!, 'cancelled')
  // Many writes: a loaded machine needs more than the default hook time.
}, 120_000)
afterAll(async () => {
  await app?.close()
})

describe('POST /api/admin/tuition/run with userIds', () => {
  it('bills only the named families, and refuses a list that is not one of account ids', async () => {
    expect([...invoiceOf.keys()].sort()).toEqual([paidByCard, paidByHand, owing, cancelled, hostile].map((f) => f.userId).sort())
    const dry = await admin.post(RUN, { period: MONTH, userIds: [bystander.userId, bystander.userId] })
    expect(dry.body.families.map((f: { userId: number; outcome: string }) => [f.userId, f.outcome])).toEqual([[bystander.userId, 'wouldCreate']])
    const nobody = await admin.post(RUN, { period: MONTH, userIds: [999999] })
    expect([nobody.status, nobody.body.families, nobody.body.totalCents]).toEqual([200, [], 0])
    for (const userIds of [[], ['x'], [0], [1.5], 'all']) {
      const res = await admin.post(RUN, { period: MONTH, dryRun: false, userIds })
      expect([res.status, res.body.message]).toEqual([400, TUITION_RUN_MESSAGES.userIds])
    }
    const count = await app.payload.count({ collection: 'invoices', overrideAccess: true, where: { userId: { equals: bystander.userId } } })
    expect(count.totalDocs).toBe(0)
  })
})

describe('GET /api/admin/tuition/summary', () => {
  it('counts the month’s invoices as created, charged, failed, paid otherwise, outstanding and cancelled', async () => {
    const res = await admin.get(SUMMARY)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      month: MONTH,
      created: { count: 5, cents: 32500 },
      charged: { count: 1, cents: 6500 },
      paidOtherwise: { count: 1, cents: 6500 },
      outstanding: { count: 2, cents: 13000 },
      cancelled: { count: 1, cents: 6500 },
      failed: { attempts: 3, invoices: 2 },
    })
  })

  it('answers an empty month with zeros, and only tuition invoices of the month count', async () => {
    await admin.post('/api/invoices', { userId: bystander.userId, amount: 40, description: 'Costume fee', dueDate: '2027-03-10' })
    const res = await admin.get('/api/admin/tuition/summary?month=2027-04')
    const zero = { count: 0, cents: 0 }
    expect(res.body).toEqual({
      month: '2027-04',
      created: zero,
      charged: zero,
      paidOtherwise: zero,
      outstanding: zero,
      cancelled: zero,
      failed: { attempts: 0, invoices: 0 },
    })
    expect((await admin.get(SUMMARY)).body.created).toEqual({ count: 5, cents: 32500 })
  })

  it('refuses a month that is not YYYY-MM, visitors and families', async () => {
    for (const path of ['/api/admin/tuition/summary', '/api/admin/tuition/summary?month=2027-13', '/api/admin/tuition/summary?month=March']) {
      for (const url of [path, path.replace('summary', 'summary.csv')]) {
        const res = await admin.get(url)
        expect([res.status, res.body.message]).toEqual([400, TUITION_SUMMARY_MESSAGES.month])
      }
    }
    for (const url of [SUMMARY, CSV]) {
      expect((await visitor.get(url)).status).toBe(401)
      const refused = await owing.client.get(url)
      expect([refused.status, refused.body.message]).toEqual([403, 'You do not have administrator privileges.'])
    }
  })
})

describe('GET /api/admin/tuition/summary.csv', () => {
  it('has one row per invoice of the month, with what was paid, how and the failed attempts', async () => {
    const res = await admin.get(CSV)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="tuition-${MONTH}.csv"`)
    const rows = (res.body as string).trimEnd().split('\r\n')
    expect(rows[0]).toBe('Invoice,Family,Email,Month,Due date,Amount,Status,Paid,Paid by,Failed attempts,Lines')
    expect(rows).toHaveLength(6)
    const row = (family: Family) => rows.find((r) => r.startsWith(`${invoiceOf.get(family.userId)},`))
    const lines = `"Ballet Summary — sum-card child, Mar 2027: 65.00"`
    expect(row(paidByCard)).toBe(`${invoiceOf.get(paidByCard.userId)},sum-card parent,${paidByCard.email},${MONTH},2027-03-01,65.00,paid,65.00,card,1,${lines}`)
    expect(row(paidByHand)).toContain(',65.00,paid,65.00,other,0,')
    expect(row(owing)).toContain(',65.00,pending,0.00,,2,')
    expect(row(cancelled)).toContain(',65.00,cancelled,0.00,,0,')
  })

  it('neutralises every cell that a spreadsheet would read as a formula', async () => {
    const names = ['=HYPERLINK("http://x","y")', '+1+1', '-2', '@SUM(A1)', '\tTab', '\rReturn']
    const expected = [`"'=HYPERLINK(""http://x"",""y"")"`, "'+1+1", "'-2", "'@SUM(A1)", "'\tTab", `"'\rReturn"`]
    for (const [index, name] of names.entries()) {
      await app.payload.update({ collection: 'invoices', id: invoiceOf.get(hostile.userId)!, overrideAccess: true, data: { payerName: name } })
      const text = (await admin.get(CSV)).body as string
      expect(text).toContain(`${invoiceOf.get(hostile.userId)},${expected[index]},${hostile.email},`)
      // No cell of any row starts with a formula character.
      const cells = text.split(/,|\r\n/).map((cell) => cell.replace(/^"/, ''))
      expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([])
    }
  })
})
