import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ADMIN, FAMILY, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'

let app: TestApp
let db: pg.Client
let admin: ApiClient
let siblings: Family
let leaver: Family
let later: Family
let ana: number
let ben: number

const RUN = '/api/admin/tuition/run'

/** Registration 35.00 once a season (from September), 10 % off each further student, no class on Monday 15 March 2027. */
const SETTINGS = {
  billingDay: 5,
  seasonStartMonth: 9,
  registrationFeeCents: 3500,
  siblingDiscountPercent: 10,
  multiClassDiscountPercent: 0,
  familyDiscountCapCents: null,
  lateFeeCents: 0,
  lateFeeAfterDays: 14,
  closures: [{ date: '2027-03-15', label: 'Teacher training' }],
}

async function enroll(student: number, cls: number, enrollmentDate: string, endDate?: string) {
  await app.payload.create({ collection: 'enrollments', overrideAccess: true, data: { student, class: cls, enrollmentDate, ...(endDate ? { endDate } : {}) } })
}

async function tuitionInvoices(userId: number, period: string) {
  const { rows } = await db.query(`SELECT id, amount_cents FROM invoices WHERE user_id = $1 AND period = $2 AND kind = 'tuition'`, [userId, period])
  return rows
}

async function invoiceRows(): Promise<string> {
  const invoices = await db.query('SELECT id, amount_cents, period FROM invoices ORDER BY id')
  const lines = await db.query('SELECT id FROM invoices_lines ORDER BY id')
  return JSON.stringify([invoices.rows, lines.rows])
}

const familyResult = (body: { families: { userId: number }[] }, family: Family) => body.families.find((f) => f.userId === family.userId) as any

beforeAll(async () => {
  app = await startTestApp()
  db = new pg.Client({ connectionString: app.databaseUrl })
  await db.connect()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  expect((await admin.request('PUT', '/api/admin/tuition-settings', SETTINGS)).status).toBe(200)
  // 2027-03-01 is a Monday: Monday & Wednesday meet 10 times in March, 9 without the 15th; Saturday 4 times.
  const ballet = await addClass(app, { name: 'Ballet Run' })
  await app.payload.update({ collection: 'classes', id: ballet.id, overrideAccess: true, data: { price: 8000, days: 'Monday & Wednesday' } })
  const jazz = await addClass(app, { name: 'Jazz Run' })
  await app.payload.update({ collection: 'classes', id: jazz.id, overrideAccess: true, data: { price: 6000, days: 'Saturday' } })

  siblings = await createFamily(app, 'run-siblings')
  ana = await addStudent(app, siblings.userId, 'Ana Run')
  ben = await addStudent(app, siblings.userId, 'Ben Run')
  await enroll(ana, ballet.id, '2026-09-01')
  await enroll(ben, jazz.id, '2026-09-01')

  leaver = await createFamily(app, 'run-leaver')
  const cleo = await addStudent(app, leaver.userId, 'Cleo Run')
  // Leaves on Wednesday 10 March: 1, 3, 8 and 10 March of 9 classes.
  await enroll(cleo, ballet.id, '2026-09-01', '2027-03-10')

  later = await createFamily(app, 'run-later')
  const dan = await addStudent(app, later.userId, 'Dan Run')
  await enroll(dan, jazz.id, '2027-05-01')
})
afterAll(async () => {
  await db?.end()
  await app?.close()
})

describe('POST /api/admin/tuition/run', () => {
  it('on a dry run says what each family would be billed, and writes nothing', async () => {
    const before = await invoiceRows()
    const res = await admin.post(RUN, { period: '2027-03', dryRun: true })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ period: '2027-03', dryRun: true, dueDate: '2027-03-05' })
    const family = familyResult(res.body, siblings)
    expect(family).toMatchObject({ outcome: 'wouldCreate', invoiceId: null, totalCents: 8000 + 6000 - 600 + 3500 })
    expect(family.lines.map((l: any) => [l.kind, l.amountCents, l.studentId])).toEqual([
      ['tuition', 8000, ana],
      ['tuition', 6000, ben],
      ['discount', -600, ben],
      ['registration', 3500, null],
    ])
    // 8000 × 4 / 9 = 3555.56, rounded half up to the cent.
    expect(familyResult(res.body, leaver)).toMatchObject({ outcome: 'wouldCreate', totalCents: 3556 + 3500 })
    expect(familyResult(res.body, later)).toMatchObject({ outcome: 'nothingToBill', totalCents: 0 })
    expect(res.body.totalCents).toBe(16_900 + 7056)
    // Without dryRun nothing is written either: billing is never the default.
    expect((await admin.post(RUN, { period: '2027-03' })).body.dryRun).toBe(true)
    expect(await invoiceRows()).toBe(before)
  })

  it('bills each family once: invoices with lines, the due date of the billing day, and the family sees them', async () => {
    const res = await admin.post(RUN, { period: '2027-03', dryRun: false })
    expect(res.status).toBe(200)
    const family = familyResult(res.body, siblings)
    expect(family).toMatchObject({ outcome: 'created', totalCents: 16_900 })
    expect(familyResult(res.body, later).outcome).toBe('nothingToBill')
    expect(await tuitionInvoices(later.userId, '2027-03')).toEqual([])

    const mine = (await siblings.client.get('/api/invoices')).body.find((i: { id: number }) => i.id === family.invoiceId)
    expect(mine).toMatchObject({ amount: 169, kind: 'tuition', period: '2027-03', dueDate: '2027-03-05', status: 'pending', description: 'Tuition, Mar 2027' })
    expect(mine.lines.map((l: any) => [l.description, l.studentName, l.className, l.amountCents])).toEqual([
      ['Ballet Run — Ana Run, Mar 2027', 'Ana Run', 'Ballet Run', 8000],
      ['Jazz Run — Ben Run, Mar 2027', 'Ben Run', 'Jazz Run', 6000],
      ['Sibling discount 10% — Ben Run', 'Ben Run', null, -600],
      ['Registration fee, 2026–2027 season', null, null, 3500],
    ])
    const leaving = (await leaver.client.get('/api/invoices')).body.find((i: { kind: string }) => i.kind === 'tuition')
    expect(leaving.lines[0].description).toBe('Ballet Run — Cleo Run, Mar 2027, 4 of 9 classes')
  })

  it('run again, bills nobody twice', async () => {
    const before = await invoiceRows()
    const res = await admin.post(RUN, { period: '2027-03', dryRun: false })
    expect(res.status).toBe(200)
    expect(familyResult(res.body, siblings)).toMatchObject({ outcome: 'exists', totalCents: 16_900 })
    expect(familyResult(res.body, leaver).outcome).toBe('exists')
    expect(res.body.totalCents).toBe(0)
    expect(await invoiceRows()).toBe(before)
    // A dry run after the fact says the same.
    expect(familyResult((await admin.post(RUN, { period: '2027-03', dryRun: true })).body, siblings).outcome).toBe('exists')
  })

  it('two runs at once still bill each family once, and the season fee is not charged again', async () => {
    const [first, second] = await Promise.all([admin.post(RUN, { period: '2027-04', dryRun: false }), admin.post(RUN, { period: '2027-04', dryRun: false })])
    expect([first.status, second.status]).toEqual([200, 200])
    const outcomes = [familyResult(first.body, siblings).outcome, familyResult(second.body, siblings).outcome].sort()
    expect(outcomes).toEqual(['created', 'exists'])
    const april = await tuitionInvoices(siblings.userId, '2027-04')
    expect(april).toHaveLength(1)
    // April: no closure, no registration (paid with March, same season).
    expect(april[0].amount_cents).toBe('13400')
    expect(await tuitionInvoices(leaver.userId, '2027-04')).toEqual([])
  })

  it('refuses bad input (400) and the wrong user (visitor 401, family 403), writing nothing', async () => {
    const before = await invoiceRows()
    for (const [body, message] of [
      [{ period: '2027-13', dryRun: false }, 'Period must be a month (YYYY-MM)'],
      [{ dryRun: false }, 'Period must be a month (YYYY-MM)'],
      [{ period: '2027-05', dryRun: 'no' }, 'dryRun must be true or false'],
    ] as const) {
      const res = await admin.post(RUN, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.message).toBe(message)
    }
    expect((await new ApiClient(app.url).post(RUN, { period: '2027-05', dryRun: false })).status).toBe(401)
    const family = await new ApiClient(app.url).login(FAMILY.username, FAMILY.password)
    expect((await family.post(RUN, { period: '2027-05', dryRun: false })).status).toBe(403)
    expect(await invoiceRows()).toBe(before)
  })
})
