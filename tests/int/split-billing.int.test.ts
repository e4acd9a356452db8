import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Message } from '#cms/payload-types'
import { SPLIT_BILLING_MESSAGES } from '#api/households/schemas'
import { todayIso } from '#shared/dates'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { eventually } from '#tests/support/eventually'
import { addClass, addGuardian, addStudent, createFamily, createTeacher, type Family } from '#tests/support/families'

/**
 * Split billing for separated parents (issue 24, decisions "split billing"): a child billed to
 * one full guardian, the month computed once for the household and shared out, one invoice per
 * guardian, each guardian's statement showing only theirs.
 */
let app: TestApp
let admin: ApiClient
let first: Family
let second: { client: ApiClient; userId: number }
let viewer: { client: ApiClient; userId: number }
let stranger: Family
let teacher: Family
let ana: number
let ben: number
let strangersChild: number

const RUN = '/api/admin/tuition/run'
const SETTINGS = {
  billingDay: 5,
  seasonStartMonth: 9,
  registrationFeeCents: 3500,
  siblingDiscountPercent: 10,
  multiClassDiscountPercent: 0,
  familyDiscountCapCents: null,
  lateFeeCents: 0,
  lateFeeAfterDays: 14,
  closures: [],
}

const setSplit = (splitBilling: boolean) => app.payload.updateGlobal({ slug: 'tuition-settings', overrideAccess: true, data: { splitBilling } })
const monthInvoices = async (period: string) =>
  (
    await app.payload.find({
      collection: 'invoices',
      overrideAccess: true,
      depth: 0,
      limit: 0,
      sort: 'id',
      where: { and: [{ userId: { equals: first.userId } }, { period: { equals: period } }] },
    })
  ).docs
const studentRows = async () => JSON.stringify((await app.payload.find({ collection: 'students', overrideAccess: true, depth: 0, limit: 0, sort: 'id' })).docs)
const familyResult = (body: any, userId: number) => body.families.find((f: { userId: number }) => f.userId === userId)

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  expect((await admin.put('/api/admin/tuition-settings', SETTINGS)).status).toBe(200)
  first = await createFamily(app, 'split-first')
  second = await addGuardian(app, first, 'split-second', 'full')
  viewer = await addGuardian(app, first, 'split-viewer', 'view')
  stranger = await createFamily(app, 'split-stranger')
  teacher = await createTeacher(app, 'split-teacher')
  const ballet = await addClass(app, { name: 'Ballet Split' })
  const jazz = await addClass(app, { name: 'Jazz Split' })
  await app.payload.update({ collection: 'classes', id: jazz.id, overrideAccess: true, data: { price: 6000 } })
  await app.payload.update({ collection: 'classes', id: ballet.id, overrideAccess: true, data: { price: 8000 } })
  ana = await addStudent(app, first.userId, 'Ana Split')
  ben = await addStudent(app, first.userId, 'Ben Split')
  strangersChild = await addStudent(app, stranger.userId, 'Other Split')
  for (const [student, cls] of [
    [ana, ballet.id],
    [ben, jazz.id],
  ] as const)
    await app.payload.create({ collection: 'enrollments', overrideAccess: true, data: { student, class: cls, enrollmentDate: '2026-09-01' } })
})

afterAll(async () => {
  await setSplit(false).catch(() => undefined)
  await app?.close()
})

describe('PUT /api/household/billed-to', () => {
  it('is refused while the academy has not switched split billing on', async () => {
    const res = await first.client.put('/api/household/billed-to', { studentId: ben, guardianId: second.userId })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(SPLIT_BILLING_MESSAGES.off)
  })

  it('refuses a guardian of another household, a view-only guardian and a stranger’s child, changing nothing', async () => {
    await setSplit(true)
    const before = await studentRows()
    const other = await first.client.put('/api/household/billed-to', { studentId: ben, guardianId: stranger.userId })
    expect(other.status).toBe(400)
    expect(other.body.message).toBe(SPLIT_BILLING_MESSAGES.guardian)
    expect((await first.client.put('/api/household/billed-to', { studentId: ben, guardianId: viewer.userId })).status).toBe(400)
    expect((await first.client.put('/api/household/billed-to', { studentId: 'ben', guardianId: second.userId })).status).toBe(400)
    expect((await first.client.put('/api/household/billed-to', { studentId: strangersChild, guardianId: first.userId })).status).toBe(404)
    // Ids past PostgreSQL's integer column are refused as bad input, never sent to the database.
    for (const body of [
      { studentId: 1e15, guardianId: second.userId },
      { studentId: ben, enrollmentId: 1e15, guardianId: second.userId },
      { studentId: ben, guardianId: 1e15 },
    ]) {
      const huge = await first.client.put('/api/household/billed-to', body)
      expect(huge.status, JSON.stringify(huge.body)).toBe(400)
    }
    expect(await studentRows()).toBe(before)
  })

  it('refuses the wrong user: another household, a view-only guardian, a teacher, a visitor', async () => {
    const before = await studentRows()
    expect((await stranger.client.put('/api/household/billed-to', { studentId: ben, guardianId: stranger.userId })).status).toBe(404)
    expect((await viewer.client.put('/api/household/billed-to', { studentId: ben, guardianId: second.userId })).status).toBe(403)
    expect((await teacher.client.put('/api/household/billed-to', { studentId: ben, guardianId: second.userId })).status).toBe(404)
    expect((await new ApiClient(app.url).put('/api/household/billed-to', { studentId: ben, guardianId: second.userId })).status).toBe(401)
    expect((await first.client.put(`/api/admin/households/${first.userId}/billed-to`, { studentId: ben, guardianId: second.userId })).status).toBe(403)
    expect(await studentRows()).toBe(before)
  })

  it('bills a child to another full guardian only once they accept, and an administrator’s choice at once', async () => {
    const res = await first.client.put('/api/household/billed-to', { studentId: ben, guardianId: second.userId })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ splitBilling: true, payerId: first.userId })
    const benOf = (body: any) => body.students.find((s: { studentId: number }) => s.studentId === ben)
    // Asked, not billed: the lines stay with the payer until the second guardian answers.
    expect(benOf(res.body)).toMatchObject({ billedTo: null, pendingFor: second.userId })
    // Only the guardian asked answers; a view-only guardian is refused, another household finds nothing.
    expect((await first.client.post('/api/household/billed-to/accept', { studentId: ben })).status).toBe(404)
    expect((await viewer.client.post('/api/household/billed-to/accept', { studentId: ben })).status).toBe(403)
    expect((await stranger.client.post('/api/household/billed-to/accept', { studentId: ben })).status).toBe(404)
    expect(benOf((await second.client.get('/api/household/billed-to')).body)).toMatchObject({ billedTo: null, pendingFor: second.userId })
    const declined = await second.client.post('/api/household/billed-to/decline', { studentId: ben })
    expect(declined.status, JSON.stringify(declined.body)).toBe(200)
    expect(benOf(declined.body)).toMatchObject({ billedTo: null, pendingFor: null })
    expect((await second.client.post('/api/household/billed-to/accept', { studentId: ben })).status).toBe(404)
    // Asked again, accepted: billed to them.
    expect((await first.client.put('/api/household/billed-to', { studentId: ben, guardianId: second.userId })).status).toBe(200)
    const accepted = await second.client.post('/api/household/billed-to/accept', { studentId: ben })
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    expect(benOf(accepted.body)).toMatchObject({ billedTo: second.userId, pendingFor: null })
    // The office settles disputes: its choice applies at once, asking nobody.
    const toSecond = await admin.put(`/api/admin/households/${second.userId}/billed-to`, { studentId: ana, guardianId: second.userId })
    expect(toSecond.body.students.find((s: { studentId: number }) => s.studentId === ana)).toMatchObject({ billedTo: second.userId, pendingFor: null })
    const byAdmin = await admin.put(`/api/admin/households/${second.userId}/billed-to`, { studentId: ana, guardianId: null })
    expect(byAdmin.status).toBe(200)
    expect(byAdmin.body.students.find((s: { studentId: number }) => s.studentId === ana).billedTo).toBeNull()
    expect((await second.client.get('/api/household/billed-to')).body.students.map((s: any) => [s.studentId, s.billedTo])).toEqual([
      [ana, null],
      [ben, second.userId],
    ])
  })
})

describe('the month’s run with split billing', () => {
  it('computes the household once and bills each guardian their share: the shares add up to the single invoice', async () => {
    await setSplit(false)
    const single = familyResult((await admin.post(RUN, { period: '2027-03', dryRun: true, userIds: [first.userId] })).body, first.userId)
    expect(single.totalCents).toBe(8000 + 6000 - 600 + 3500)
    await setSplit(true)
    const res = await admin.post(RUN, { period: '2027-03', dryRun: false, userIds: [first.userId] })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(familyResult(res.body, first.userId)).toMatchObject({ outcome: 'created', totalCents: single.totalCents })
    const invoices = await monthInvoices('2027-03')
    expect(invoices.map((i) => [i.billedTo, i.amountCents, i.status])).toEqual([
      [first.userId, 8000 + 3500, 'pending'],
      [second.userId, 6000 - 600, 'pending'],
    ])
    expect(invoices[1]!.billedToName).toBe('split-second guardian')
    expect(invoices[1]!.lines!.map((l) => [l.kind, l.studentId])).toEqual([
      ['tuition', ben],
      ['discount', ben],
    ])
  })

  it('tells each guardian of the invoice billed to them only', async () => {
    const [mine, theirs] = await monthInvoices('2027-03')
    const keysOf = async (userId: number) =>
      (await app.payload.find({ collection: 'message-recipients', where: { user: { equals: userId } }, depth: 1, overrideAccess: true, limit: 0 })).docs.map(
        (row) => (row.message as Message).noticeKey,
      )
    const expected = { [first.userId]: `invoice-issued:${mine!.id}`, [second.userId]: `invoice-issued:${theirs!.id}` }
    await eventually(async () => (await keysOf(second.userId)).includes(expected[second.userId]!))
    expect(await keysOf(first.userId)).toEqual([expected[first.userId]])
    expect(await keysOf(second.userId)).toEqual([expected[second.userId]])
    expect(await keysOf(viewer.userId)).toEqual([])
  })

  it('run again, bills nobody twice', async () => {
    const res = await admin.post(RUN, { period: '2027-03', dryRun: false, userIds: [first.userId] })
    expect(familyResult(res.body, first.userId).outcome).toBe('exists')
    expect((await monthInvoices('2027-03')).length).toBe(2)
  })

  it('shows each guardian only what is billed to them, and the administrator everything grouped', async () => {
    const [mine, theirs] = await monthInvoices('2027-03')
    const payer = (await first.client.get('/api/billing/statement')).body
    expect(payer.invoices.map((i: { id: number }) => i.id)).toEqual([mine!.id])
    expect(payer.balanceCents).toBe(11_500)
    const other = (await second.client.get('/api/billing/statement')).body
    expect(other.invoices.map((i: { id: number }) => i.id)).toEqual([theirs!.id])
    expect(other).toMatchObject({ balanceCents: 5400, credits: [], autopay: null, split: { you: { id: second.userId } } })
    // A view-only guardian reads the household's own statement, the payer's (decisions §23, §38), not an empty one.
    const viewed = (await viewer.client.get('/api/billing/statement')).body
    expect(viewed.invoices.map((i: { id: number }) => i.id)).toEqual([mine!.id])
    expect(viewed).toMatchObject({ balanceCents: 11_500, payer: { id: first.userId } })
    expect(viewed.split).toBeUndefined()
    // The billing page's own list (GET /api/invoices) shows each guardian the same.
    expect((await first.client.get('/api/invoices')).body.map((i: { id: number }) => i.id)).toEqual([mine!.id])
    expect((await second.client.get('/api/invoices')).body.map((i: { id: number; billedTo?: number }) => [i.id, i.billedTo])).toEqual([
      [theirs!.id, second.userId],
    ])
    const all = (await admin.get(`/api/admin/families/${first.userId}/statement`)).body
    expect(all.invoices.length).toBe(2)
    expect(all.split.groups).toEqual([
      { guardianId: null, guardianName: 'split-first parent', invoiceIds: [mine!.id], balanceCents: 11_500 },
      { guardianId: second.userId, guardianName: 'split-second guardian', invoiceIds: [theirs!.id], balanceCents: 5400 },
    ])
  })

  it('an offline payment on one guardian’s invoice and a void of the other’s leave each other untouched; a rebill bills only the voided share', async () => {
    const [mine, theirs] = await monthInvoices('2027-03')
    const paid = await admin.post(`/api/admin/invoices/${theirs!.id}/mark-paid`, { method: 'cash', receivedOn: todayIso() })
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    const voided = await admin.post(`/api/admin/invoices/${mine!.id}/void`, { reason: 'Billed by mistake' })
    expect(voided.status, JSON.stringify(voided.body)).toBe(200)
    expect((await monthInvoices('2027-03')).map((i) => [i.id, i.status])).toEqual([
      [mine!.id, 'cancelled'],
      [theirs!.id, 'paid'],
    ])
    expect((await second.client.get('/api/billing/statement')).body.payments.map((p: { invoiceId: number }) => p.invoiceId)).toEqual([theirs!.id])
    expect((await first.client.get('/api/billing/statement')).body.payments).toEqual([])

    const rebill = await admin.post(RUN, { period: '2027-03', dryRun: false, userIds: [first.userId], rebill: [first.userId] })
    expect(familyResult(rebill.body, first.userId)).toMatchObject({ outcome: 'created', totalCents: 11_500 })
    const after = await monthInvoices('2027-03')
    expect(after.map((i) => [i.billedTo, i.amountCents, i.status])).toEqual([
      [first.userId, 11_500, 'cancelled'],
      [second.userId, 5400, 'paid'],
      [first.userId, 11_500, 'pending'],
    ])
  })

  it('a guardian who leaves hands their children back to the payer: the next month is one invoice', async () => {
    expect((await second.client.post('/api/household/leave', {})).status).toBe(204)
    const res = await admin.post(RUN, { period: '2027-04', dryRun: false, userIds: [first.userId] })
    expect(familyResult(res.body, first.userId)).toMatchObject({ outcome: 'created', totalCents: 8000 + 6000 - 600 })
    expect((await monthInvoices('2027-04')).map((i) => [i.billedTo ?? null, i.amountCents])).toEqual([[null, 13_400]])
  })

  it('a month billed as one invoice stays one: a rebill answers so in the dry run as in the run (one way to bill a month, issue 40)', async () => {
    for (const dryRun of [true, false]) {
      const res = await admin.post(RUN, { period: '2027-04', dryRun, userIds: [first.userId], rebill: [first.userId] })
      expect(familyResult(res.body, first.userId), `dryRun ${dryRun}`).toMatchObject({ outcome: 'exists', totalCents: 13_400 })
    }
    expect((await monthInvoices('2027-04')).length).toBe(1)
  })

  it('a household merged in keeps its child billed to its guardian, now a guardian of this household', async () => {
    const dup = await createFamily(app, 'split-dup')
    const dupChild = await addStudent(app, dup.userId, 'Dup Split')
    const jazz = (await app.payload.find({ collection: 'classes', where: { name: { equals: 'Jazz Split' } }, overrideAccess: true })).docs[0]!
    await app.payload.create({ collection: 'enrollments', overrideAccess: true, data: { student: dupChild, class: jazz.id, enrollmentDate: '2026-09-01' } })
    await app.payload.update({ collection: 'students', id: dupChild, overrideAccess: true, data: { billedTo: dup.userId } })
    const merged = await admin.post('/api/admin/household-merges', { keep: first.userId, merge: dup.userId })
    expect(merged.status, JSON.stringify(merged.body)).toBe(200)
    const res = await admin.post(RUN, { period: '2027-05', dryRun: false, userIds: [first.userId] })
    expect(familyResult(res.body, first.userId).outcome).toBe('created')
    const invoices = await monthInvoices('2027-05')
    expect(invoices.map((i) => [i.billedTo, i.lines!.filter((l) => l.kind === 'tuition').map((l) => l.studentId)])).toEqual([
      [first.userId, [ana, ben]],
      [dup.userId, [dupChild]],
    ])
    expect(invoices.reduce((sum, i) => sum + i.amountCents, 0)).toBe(familyResult(res.body, first.userId).totalCents)
  })
})
