import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { monthOf, todayIso } from '#shared/dates'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'

let app: TestApp
let admin: ApiClient
let visitor: ApiClient
let family: Family
let other: Family
let idle: Family
let ballet: { id: number; name: string }

// The server's today (no ACADEMY_TIMEZONE in tests: UTC), and the month after.
const thisMonth = monthOf(todayIso())
const nextMonth = monthOf(todayIso(), 1)
const RUN = '/api/admin/tuition/run'

const SETTINGS = {
  billingDay: 5,
  seasonStartMonth: 9,
  registrationFeeCents: 2500,
  siblingDiscountPercent: 0,
  multiClassDiscountPercent: 0,
  familyDiscountCapCents: null,
  lateFeeCents: 0,
  lateFeeAfterDays: 14,
  closures: [],
}

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  visitor = new ApiClient(app.url)
  expect((await admin.put('/api/admin/tuition-settings', SETTINGS)).status).toBe(200)
  ballet = await addClass(app, { name: 'Ballet Statement' })
  family = await createFamily(app, 'statement')
  const student = await addStudent(app, family.userId, 'Stella Statement')
  await app.payload.create({ collection: 'enrollments', overrideAccess: true, data: { student, class: ballet.id, enrollmentDate: '2020-01-01' } })
  other = await createFamily(app, 'statement-other')
  const otherStudent = await addStudent(app, other.userId, 'Otto Other')
  await app.payload.create({ collection: 'enrollments', overrideAccess: true, data: { student: otherStudent, class: ballet.id, enrollmentDate: '2020-01-01' } })
  idle = await createFamily(app, 'statement-idle')
  // Many writes: a loaded machine needs more than the default hook time.
}, 120_000)
afterAll(async () => {
  await app?.close()
})

describe('GET /api/billing/statement', () => {
  it('gives the next invoice exactly as the dry run of that month prices it, before and after the month is billed', async () => {
    const before = await family.client.get('/api/billing/statement')
    expect(before.status).toBe(200)
    expect(before.body).toMatchObject({ userId: family.userId, fullName: family.fullName, email: family.email, balanceCents: 0, invoices: [], payments: [] })
    expect(before.body.autopay).toBeNull()
    const dry = await admin.post(RUN, { period: thisMonth, userIds: [family.userId] })
    expect(before.body.next).toEqual({
      period: thisMonth,
      billingDate: `${thisMonth}-05`,
      // Issued on the billing day, or today once it has passed, and due the day it is issued.
      issueDate: dry.body.dueDate,
      dueDate: dry.body.dueDate,
      estimatedCents: dry.body.families[0].totalCents,
      lines: dry.body.families[0].lines,
    })
    // This season's first tuition carries the registration fee.
    expect(before.body.next.lines.map((l: { kind: string }) => l.kind)).toContain('registration')

    const billed = await admin.post(RUN, { period: thisMonth, dryRun: false, userIds: [family.userId] })
    expect(billed.body.families[0].outcome).toBe('created')
    const after = await family.client.get('/api/billing/statement')
    const dryNext = await admin.post(RUN, { period: nextMonth, userIds: [family.userId] })
    expect(after.body.next).toEqual({
      period: nextMonth,
      billingDate: `${nextMonth}-05`,
      issueDate: `${nextMonth}-05`,
      dueDate: `${nextMonth}-05`,
      estimatedCents: dryNext.body.families[0].totalCents,
      lines: dryNext.body.families[0].lines,
    })
    expect(after.body.balanceCents).toBe(billed.body.families[0].totalCents)
    expect(after.body.invoices).toHaveLength(1)
    expect(after.body.invoices[0]).toMatchObject({ id: billed.body.families[0].invoiceId, kind: 'tuition', period: thisMonth, status: 'pending' })
    expect(after.body.invoices[0].lines.map((l: { amountCents: number }) => l.amountCents)).toEqual(
      billed.body.families[0].lines.map((l: { amountCents: number }) => l.amountCents),
    )
  })

  it('owes only pending and overdue invoices, and lists every payment with its invoice, failed attempts too', async () => {
    const paid = await admin.post('/api/invoices', { userId: family.userId, amount: 30, description: 'Costume', dueDate: '2026-12-01', status: 'paid' })
    const overdue = await admin.post('/api/invoices', {
      userId: family.userId,
      amount: 12.5,
      description: 'Recital tickets',
      dueDate: '2026-10-01',
      status: 'overdue',
    })
    await admin.post('/api/invoices', { userId: family.userId, amount: 99, description: 'Withdrawn trip', dueDate: '2026-10-01', status: 'cancelled' })
    await app.payload.create({
      collection: 'payments',
      overrideAccess: true,
      data: { invoice: overdue.body.id, userId: family.userId, amountCents: 1250, status: 'failed', method: 'stripe', transactionId: 'pi_statement_failed' },
    })
    // Issued as paid: its payment is recorded with it (issue 23), before the failed attempt above.
    expect(paid.body.status).toBe('paid')
    const res = await family.client.get('/api/billing/statement')
    const tuition = res.body.invoices.find((i: { kind: string }) => i.kind === 'tuition')
    expect(res.body.balanceCents).toBe(Math.round(tuition.amount * 100) + 1250)
    expect(res.body.invoices).toHaveLength(4)
    expect(res.body.payments.map((p: { status: string; description: string; amount: number }) => [p.status, p.description, p.amount])).toEqual([
      ['failed', 'Recital tickets', 12.5],
      ['completed', 'Costume', 30],
    ])
  })

  it('shows a family only its own statement, and nothing next without an enrollment', async () => {
    const mine = await other.client.get('/api/billing/statement?userId=' + family.userId)
    expect(mine.body.userId).toBe(other.userId)
    expect(mine.body.invoices).toEqual([])
    expect(mine.body.payments).toEqual([])
    expect(mine.body.next.period).toBe(thisMonth)
    const none = await idle.client.get('/api/billing/statement')
    expect([none.status, none.body.next, none.body.balanceCents, none.body.autopay]).toEqual([200, null, 0, null])
    const refused = await visitor.get('/api/billing/statement')
    expect([refused.status, refused.body.message]).toEqual([401, 'Please log in to continue.'])
  })

  it('lists the open credits with what is left of each, which the next invoices take off, and never another family’s', async () => {
    const issue = async (amountCents: number, reason: string) =>
      (await admin.post('/api/admin/credits', { userId: other.userId, amountCents, reason })).body.id as number
    const big = await issue(10_000, 'Studio closed for a week')
    const small = await issue(500, 'Missed class on the 12th')
    const before = await other.client.get('/api/billing/statement')
    expect(before.body.credits).toEqual([
      { id: big, reason: 'Studio closed for a week', amountCents: 10_000, remainingCents: 10_000, createdAt: expect.any(String) },
      { id: small, reason: 'Missed class on the 12th', amountCents: 500, remainingCents: 500, createdAt: expect.any(String) },
    ])
    expect((await family.client.get('/api/billing/statement')).body.credits).toEqual([])

    // The month's invoice takes what it can from the oldest credit; the statement shows the rest.
    const billed = await admin.post(RUN, { period: thisMonth, dryRun: false, userIds: [other.userId] })
    expect(billed.body.families[0].outcome).toBe('created')
    const stored = (await admin.get(`/api/admin/credits?userId=${other.userId}`)).body as Array<{ id: number; remainingCents: number }>
    const left = stored.find((credit) => credit.id === big)!.remainingCents
    expect(left).toBeGreaterThan(0)
    expect(left).toBeLessThan(10_000)
    const after = await other.client.get('/api/billing/statement')
    expect(after.body.credits.map((c: { id: number; remainingCents: number }) => [c.id, c.remainingCents])).toEqual([
      [big, left],
      [small, 500],
    ])

    // A cancelled credit is gone from the statement.
    expect((await admin.post(`/api/admin/credits/${small}/cancel`)).status).toBe(200)
    expect((await other.client.get('/api/billing/statement')).body.credits.map((c: { id: number }) => c.id)).toEqual([big])
  })
})

describe('GET /api/admin/families/:userId/statement', () => {
  it('gives an administrator the family’s own statement', async () => {
    const own = await family.client.get('/api/billing/statement')
    const seen = await admin.get(`/api/admin/families/${family.userId}/statement`)
    expect(seen.status).toBe(200)
    expect(seen.body).toEqual(own.body)
  })

  it('answers 404 for an account that does not exist or an id that cannot', async () => {
    const missing = await admin.get('/api/admin/families/999999/statement')
    expect([missing.status, missing.body.message]).toEqual([404, 'Family not found.'])
    expect((await admin.get('/api/admin/families/abc/statement')).status).toBe(404)
    expect((await admin.get('/api/admin/families/0/statement')).status).toBe(404)
  })

  it('refuses visitors and families, even for their own account', async () => {
    expect((await visitor.get(`/api/admin/families/${family.userId}/statement`)).status).toBe(401)
    for (const id of [family.userId, other.userId]) {
      const res = await other.client.get(`/api/admin/families/${id}/statement`)
      expect([res.status, res.body.message]).toEqual([403, 'You do not have administrator privileges.'])
    }
  })
})
