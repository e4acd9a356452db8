import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { setAcademyClock } from '#api/lib/academy-clock'
import { applyLateFees } from '#api/invoices'
import { todayIso } from '#shared/dates'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'

/**
 * Due dates (decisions §10): an invoice is never due before the day it is issued, so a month
 * billed after its billing day (a late run, a family that joined mid-month) is due on the day it
 * is issued, and the late-fee grace counts from then, not from a billing day already past. The
 * academy here bills on the 1st and charges $15.00 ten days after the due date.
 */
let app: TestApp
let db: pg.Client
let admin: ApiClient
let ballet: { id: number; name: string }

const RUN = '/api/admin/tuition/run'
const SETTINGS = {
  billingDay: 1,
  seasonStartMonth: 9,
  registrationFeeCents: 0,
  siblingDiscountPercent: 0,
  multiClassDiscountPercent: 0,
  familyDiscountCapCents: null,
  lateFeeCents: 1500,
  lateFeeAfterDays: 10,
  closures: [],
}

/** The academy's clock (UTC here) at noon on `day`. */
const standOn = (day: string) => setAcademyClock(() => new Date(`${day}T12:00:00Z`))

async function enrolledFamily(label: string, enrollmentDate: string): Promise<Family> {
  const family = await createFamily(app, label)
  const student = await addStudent(app, family.userId, `${label} dancer`, 7)
  await app.payload.create({ collection: 'enrollments', overrideAccess: true, data: { student, class: ballet.id, enrollmentDate } })
  return family
}

async function invoicesOf(userId: number) {
  const { rows } = await db.query(
    `SELECT id, kind, status, to_char(due_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS due, late_fee_for::int AS late_fee_for FROM invoices WHERE user_id = $1 ORDER BY id`,
    [userId],
  )
  return rows as { id: number; kind: string; status: string; due: string; late_fee_for: number | null }[]
}

beforeAll(async () => {
  app = await startTestApp()
  db = new pg.Client({ connectionString: app.databaseUrl })
  await db.connect()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  expect((await admin.request('PUT', '/api/admin/tuition-settings', SETTINGS)).status).toBe(200)
  ballet = await addClass(app, { name: 'Ballet Due' })
  await app.payload.update({ collection: 'classes', id: ballet.id, overrideAccess: true, data: { price: 8000, days: 'Monday & Wednesday' } })
}, 120_000)

afterEach(() => setAcademyClock(null))

afterAll(async () => {
  await db?.end()
  await app?.close()
})

describe('a month billed after its billing day', () => {
  it('is due the day it is issued, the dry run says the billing day has passed, and no late fee comes before the grace', async () => {
    const family = await enrolledFamily('late-run', '2027-03-01')
    standOn('2027-03-26')

    const dry = await admin.post(RUN, { period: '2027-03', userIds: [family.userId] })
    expect(dry.status).toBe(200)
    expect(dry.body).toMatchObject({ dueDate: '2027-03-26', billingDate: '2027-03-01', billingDayPassed: true })

    const run = await admin.post(RUN, { period: '2027-03', dryRun: false, userIds: [family.userId] })
    expect(run.status).toBe(200)
    expect(run.body.families[0]).toMatchObject({ outcome: 'created' })
    expect(await invoicesOf(family.userId)).toEqual([expect.objectContaining({ kind: 'tuition', status: 'pending', due: '2027-03-26' })])

    // The day it is billed, and the ten days of grace after it: no fee, and not overdue.
    for (const today of ['2027-03-26', '2027-04-05']) {
      standOn(today)
      const step = await admin.post('/api/admin/tuition/late-fees', { dryRun: false })
      expect(step.status).toBe(200)
      expect(step.body.charges.filter((c: { userId: number }) => c.userId === family.userId)).toEqual([])
    }
    expect((await invoicesOf(family.userId)).map((i) => i.kind)).toEqual(['tuition'])

    // Eleven days after it was issued, the fee: one, due the day it is charged.
    standOn('2027-04-06')
    await applyLateFees(app.payload, { today: '2027-04-06' })
    const [tuition, fee] = await invoicesOf(family.userId)
    expect(tuition).toMatchObject({ status: 'overdue', due: '2027-03-26' })
    expect(fee).toMatchObject({ kind: 'late-fee', due: '2027-04-06', late_fee_for: tuition!.id })
  })

  it('bills a family that joined mid-month, alone, due the day it is billed', async () => {
    const family = await enrolledFamily('mid-month', '2027-05-17')
    standOn('2027-05-18')
    const run = await admin.post(RUN, { period: '2027-05', dryRun: false, userIds: [family.userId] })
    expect(run.body).toMatchObject({ dueDate: '2027-05-18', billingDate: '2027-05-01', billingDayPassed: true })
    expect((await invoicesOf(family.userId)).map((i) => i.due)).toEqual(['2027-05-18'])
    await applyLateFees(app.payload, { today: '2027-05-19' })
    expect((await invoicesOf(family.userId)).map((i) => i.kind)).toEqual(['tuition'])
  })

  it('keeps the billing day as the due date when the month is billed on or before it', async () => {
    const family = await enrolledFamily('on-time', '2027-06-01')
    standOn('2027-05-28')
    const dry = await admin.post(RUN, { period: '2027-06', userIds: [family.userId] })
    expect(dry.body).toMatchObject({ dueDate: '2027-06-01', billingDate: '2027-06-01', billingDayPassed: false })
  })
})

describe('a late fee', () => {
  it('counted for a day already past is due the day it is charged, never before', async () => {
    const family = await createFamily(app, 'past-fee')
    const typed = await app.payload.create({
      collection: 'invoices',
      overrideAccess: true,
      data: {
        userId: family.userId,
        description: 'Tuition, Jan 2026',
        amountCents: 8000,
        status: 'pending',
        dueDate: '2026-01-01',
        kind: 'tuition',
        period: '2026-01',
      },
    })
    const step = await admin.post('/api/admin/tuition/late-fees', { today: '2026-01-20', dryRun: false })
    expect(step.status).toBe(200)
    const fee = (await invoicesOf(family.userId)).find((i) => i.kind === 'late-fee')
    expect(fee).toMatchObject({ late_fee_for: typed.id, due: todayIso() })
  })
})

describe('two months of one season billed at once', () => {
  it('charge the registration fee once: the season is read under the family lock', async () => {
    expect((await admin.request('PUT', '/api/admin/tuition-settings', { ...SETTINGS, registrationFeeCents: 2500 })).status).toBe(200)
    const family = await enrolledFamily('two-months', '2027-09-01')
    const lock = new pg.Client({ connectionString: app.databaseUrl })
    await lock.connect()
    try {
      // The family's billing lock, held here, so that both runs have read the family's invoices
      // before either can bill it: the race, every time.
      await lock.query(`SELECT pg_advisory_lock(hashtextextended('family-billing:' || $1::text, 0))`, [family.userId])
      const runs = ['2027-09', '2027-10'].map((period) => admin.post(RUN, { period, dryRun: false, userIds: [family.userId] }))
      for (let waited = 0; ; waited += 50) {
        const { rows } = await db.query(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`)
        if (rows[0]!.n >= 2) break
        if (waited > 30_000) throw new Error('the two runs never reached the family lock')
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      await lock.query(`SELECT pg_advisory_unlock(hashtextextended('family-billing:' || $1::text, 0))`, [family.userId])
      const answers = await Promise.all(runs)
      expect(answers.map((a) => [a.status, a.body.families[0]?.outcome])).toEqual([
        [200, 'created'],
        [200, 'created'],
      ])
    } finally {
      await lock.end()
    }
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM invoices_lines l JOIN invoices i ON i.id = l._parent_id WHERE i.user_id = $1 AND l.kind = 'registration'`,
      [family.userId],
    )
    expect(rows[0]!.n).toBe(1)
  })
})
