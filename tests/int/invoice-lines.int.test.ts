import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Invoice } from '#cms/payload-types'
import * as tuitionMigration from '#cms/migrations/20261123_105408_tuition_settings_invoice_lines'
import * as billingActionsMigration from '#cms/migrations/20261123_143554_billing_actions'
import { drizzleOf } from '#api/lib/database'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'

let app: TestApp
let db: pg.Client
let admin: ApiClient
let family: Family
let otherFamily: Family
let mia: number
let leo: number
let stranger: number
let ballet: { id: number; name: string }
let jazz: { id: number; name: string }

const due = '2027-02-01'

function tuitionBody(period: string, extra: Record<string, unknown> = {}) {
  return {
    userId: family.userId,
    description: `Tuition ${period}`,
    dueDate: due,
    kind: 'tuition',
    period,
    lines: [
      { kind: 'tuition', description: 'Ballet — Mia', amountCents: 6500, studentId: mia, classId: ballet.id },
      { kind: 'tuition', description: 'Jazz — Leo', amountCents: 5000, studentId: leo, classId: jazz.id },
      { kind: 'discount', description: 'Sibling discount 10% — Leo', amountCents: -500, studentId: leo },
    ],
    ...extra,
  }
}

async function stored(id: number): Promise<Invoice> {
  return (await app.payload.findByID({ collection: 'invoices', id, overrideAccess: true, depth: 0 })) as Invoice
}

/** Invoices and their lines as PostgreSQL holds them: what a refused call must leave alone. */
async function invoiceRows(): Promise<string> {
  const invoices = await db.query('SELECT id, user_id, amount_cents, kind, period, tuition_key, status FROM invoices ORDER BY id')
  const lines = await db.query('SELECT _parent_id, _order, kind, description, amount_cents FROM invoices_lines ORDER BY _parent_id, _order')
  return JSON.stringify([invoices.rows, lines.rows])
}

async function tuitionCount(userId: number, period: string): Promise<number> {
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM invoices WHERE user_id = $1 AND period = $2 AND kind = 'tuition'`, [userId, period])
  return rows[0].n
}

beforeAll(async () => {
  app = await startTestApp()
  db = new pg.Client({ connectionString: app.databaseUrl })
  await db.connect()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await createFamily(app, 'lines')
  otherFamily = await createFamily(app, 'lines-other')
  mia = await addStudent(app, family.userId, 'Mia Lines')
  leo = await addStudent(app, family.userId, 'Leo Lines')
  stranger = await addStudent(app, otherFamily.userId, 'Someone Else')
  ballet = await addClass(app, { name: 'Ballet Lines' })
  jazz = await addClass(app, { name: 'Jazz Lines' })
})
afterAll(async () => {
  await db?.end()
  await app?.close()
})

describe('an invoice made of lines', () => {
  it('costs the sum of its lines, and shows them with the student and class', async () => {
    const res = await admin.post('/api/invoices', tuitionBody('2027-01'))
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body).toMatchObject({ userId: family.userId, amount: 110, kind: 'tuition', period: '2027-01', status: 'pending', payerName: family.fullName })
    expect(res.body.lines).toEqual([
      {
        kind: 'tuition',
        description: 'Ballet — Mia',
        amountCents: 6500,
        studentId: mia,
        studentName: 'Mia Lines',
        classId: ballet.id,
        className: 'Ballet Lines',
        creditId: null,
      },
      {
        kind: 'tuition',
        description: 'Jazz — Leo',
        amountCents: 5000,
        studentId: leo,
        studentName: 'Leo Lines',
        classId: jazz.id,
        className: 'Jazz Lines',
        creditId: null,
      },
      {
        kind: 'discount',
        description: 'Sibling discount 10% — Leo',
        amountCents: -500,
        studentId: leo,
        studentName: 'Leo Lines',
        classId: null,
        className: null,
        creditId: null,
      },
    ])
    const doc = await stored(res.body.id)
    expect(doc.amountCents).toBe(11_000)
    expect(doc.lines).toHaveLength(3)
    // The family sees the same invoice, lines included; another family does not see it.
    const mine = await family.client.get('/api/invoices')
    expect(mine.body.find((i: { id: number }) => i.id === res.body.id)).toEqual(res.body)
    const theirs = await otherFamily.client.get('/api/invoices')
    expect(theirs.body.some((i: { id: number }) => i.id === res.body.id)).toBe(false)
    // The admin list shows it too.
    const all = await admin.get('/api/invoices/all')
    expect(all.body.find((i: { id: number }) => i.id === res.body.id)).toEqual(res.body)
  })

  it('accepts an amount that matches the lines and refuses one that does not (400, nothing stored)', async () => {
    const matching = await admin.post('/api/invoices', tuitionBody('2027-02', { amount: 110 }))
    expect(matching.status, JSON.stringify(matching.body)).toBe(201)
    const before = await invoiceRows()
    const res = await admin.post('/api/invoices', tuitionBody('2027-03', { amount: 115 }))
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Amount must equal the sum of the lines ($110.00)')
    expect(await invoiceRows()).toBe(before)
  })

  it('refuses bad lines with clear messages and stores nothing', async () => {
    const before = await invoiceRows()
    const line = { description: 'Ballet', amountCents: 6500 }
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ lines: [] }, 'Lines must be a list of 1 to 100 lines'],
      [{ lines: 'ballet' }, 'Lines must be a list of 1 to 100 lines'],
      [{ lines: [{ ...line, amountCents: 65.5 }] }, 'Each line amount must be in dollars and cents, to the cent'],
      [{ lines: [{ ...line, amountCents: '6500' }] }, 'Each line amount must be in dollars and cents, to the cent'],
      [{ lines: [{ ...line, description: '' }] }, 'Each line needs a description of 1 to 300 characters'],
      [{ lines: [{ ...line, kind: 'gift' }] }, 'Line kind must be one of tuition, discount, registration, late-fee, credit, manual'],
      [{ lines: [line, { description: 'Credit', amountCents: -6500 }] }, 'The lines must add up to more than $0.00'],
      [{ lines: [{ ...line, studentId: stranger }] }, 'A line names a student who is not in this family'],
      [{ lines: [{ ...line, studentId: 999_999 }] }, 'A line names a student who is not in this family'],
      [{ lines: [{ ...line, classId: 999_999 }] }, 'A line names a class that does not exist'],
      [{ period: '2027-13' }, 'Period must be a month (YYYY-MM)'],
      [{ period: null }, 'A tuition invoice needs the month it bills (period, YYYY-MM)'],
      [{ kind: 'gift' }, 'Kind must be one of manual, tuition'],
      [{ description: 'ab' }, 'Description must be at least 3 characters'],
      [{ userId: 999_999 }, 'Please select a user'],
    ]
    for (const [change, message] of cases) {
      const res = await admin.post('/api/invoices', tuitionBody('2027-04', change))
      expect(res.status, `${JSON.stringify(change)} → ${JSON.stringify(res.body)}`).toBe(400)
      expect(res.body.message, JSON.stringify(change)).toBe(message)
    }
    expect(await invoiceRows()).toBe(before)
  })

  it('refuses a family (403) and a visitor (401), and stores nothing', async () => {
    const before = await invoiceRows()
    expect((await family.client.post('/api/invoices', tuitionBody('2027-05'))).status).toBe(403)
    expect((await new ApiClient(app.url).post('/api/invoices', tuitionBody('2027-05'))).status).toBe(401)
    expect(await invoiceRows()).toBe(before)
  })
})

describe('the amount of an invoice with lines, whoever writes it', () => {
  it('is corrected to the sum of the lines on a direct create with a different amount', async () => {
    const doc = await app.payload.create({
      collection: 'invoices',
      overrideAccess: true,
      data: {
        userId: family.userId,
        amountCents: 99_999,
        description: 'Written directly',
        status: 'pending',
        dueDate: due,
        lines: [
          { kind: 'manual', description: 'Costume', amountCents: 4000 },
          { kind: 'credit', description: 'Credit', amountCents: -1000 },
        ],
      },
    })
    expect(doc.amountCents).toBe(3000)
    expect((await db.query('SELECT amount_cents FROM invoices WHERE id = $1', [doc.id])).rows[0].amount_cents).toBe('3000')
  })

  it('is corrected on an update of the amount alone, and follows the lines when they change', async () => {
    const created = await admin.post('/api/invoices', tuitionBody('2027-06'))
    const id = created.body.id as number
    const updated = await app.payload.update({ collection: 'invoices', id, overrideAccess: true, data: { amountCents: 1 } })
    expect(updated.amountCents).toBe(11_000)
    const relined = await app.payload.update({
      collection: 'invoices',
      id,
      overrideAccess: true,
      data: { lines: [{ kind: 'tuition', description: 'Ballet — Mia', amountCents: 6500, studentId: mia }] },
    })
    expect(relined.amountCents).toBe(6500)
    // A status change (PATCH /status) keeps lines and amount.
    const paid = await admin.patch(`/api/invoices/${id}/status`, { status: 'paid' })
    expect(paid.body).toMatchObject({ status: 'paid', amount: 65 })
    expect(paid.body.lines).toHaveLength(1)
  })

  it('refuses direct writes whose lines add up to nothing, or a tuition invoice without its month', async () => {
    const before = await invoiceRows()
    const base = { userId: family.userId, amountCents: 100, description: 'Direct', status: 'pending' as const, dueDate: due }
    await expect(
      app.payload.create({
        collection: 'invoices',
        overrideAccess: true,
        data: { ...base, lines: [{ kind: 'credit', description: 'Credit', amountCents: -100 }] },
      }),
    ).rejects.toThrow()
    await expect(app.payload.create({ collection: 'invoices', overrideAccess: true, data: { ...base, kind: 'tuition' } })).rejects.toThrow()
    await expect(app.payload.create({ collection: 'invoices', overrideAccess: true, data: { ...base, period: 'January' } })).rejects.toThrow()
    expect(await invoiceRows()).toBe(before)
  })
})

describe('one tuition invoice per family and month', () => {
  it('refuses a second one with a clear 409 and keeps one row', async () => {
    expect((await admin.post('/api/invoices', tuitionBody('2027-07'))).status).toBe(201)
    const before = await invoiceRows()
    const again = await admin.post('/api/invoices', tuitionBody('2027-07', { description: 'Tuition again' }))
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(`${family.fullName} already has a tuition invoice for Jul 2027.`)
    expect(await tuitionCount(family.userId, '2027-07')).toBe(1)
    expect(await invoiceRows()).toBe(before)
  })

  it('lets exactly one of two concurrent creates through', async () => {
    const answers = await Promise.all([1, 2, 3].map((n) => admin.post('/api/invoices', tuitionBody('2027-08', { description: `Race ${n}` }))))
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409])
    expect(await tuitionCount(family.userId, '2027-08')).toBe(1)
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM invoices_lines l JOIN invoices i ON i.id = l._parent_id WHERE i.period = '2027-08'`)
    expect(rows[0].n).toBe(3)
  })

  it('is held for every writer: /cms and the Local API get a message at the month, plain SQL meets the unique index', async () => {
    const refused = (await app.payload
      .create({
        collection: 'invoices',
        overrideAccess: true,
        data: { userId: family.userId, amountCents: 100, description: 'Direct twin', status: 'pending', dueDate: due, kind: 'tuition', period: '2027-07' },
      })
      .then(
        () => ({}),
        (error: unknown) => error,
      )) as { data?: { errors?: unknown[] } }
    expect(refused.data?.errors).toEqual([expect.objectContaining({ path: 'period', message: 'This family already has a tuition invoice for this month' })])
    // Moving another tuition invoice of the family onto the taken month is refused the same way.
    const june = (await db.query(`SELECT id FROM invoices WHERE user_id = $1 AND period = '2027-06'`, [family.userId])).rows[0].id
    await expect(app.payload.update({ collection: 'invoices', id: june, overrideAccess: true, data: { period: '2027-07' } })).rejects.toThrow()
    // Re-saving the invoice itself is not a duplicate of itself.
    const july = (await db.query(`SELECT id FROM invoices WHERE user_id = $1 AND period = '2027-07'`, [family.userId])).rows[0].id
    expect((await app.payload.update({ collection: 'invoices', id: july, overrideAccess: true, data: { description: 'Tuition July' } })).period).toBe('2027-07')
    await expect(
      db.query(
        `INSERT INTO invoices (user_id, amount_cents, description, status, due_date, kind, period, tuition_key) VALUES ($1, 100, 'SQL twin', 'pending', now(), 'tuition', '2027-07', $2)`,
        [family.userId, `${family.userId}:2027-07`],
      ),
    ).rejects.toThrow(/invoices_tuition_key_idx/)
    expect(await tuitionCount(family.userId, '2027-07')).toBe(1)
  })

  it('allows the same month for another family, another month for the same family, and manual invoices naming a month', async () => {
    expect((await admin.post('/api/invoices', tuitionBody('2027-09'))).status).toBe(201)
    expect((await admin.post('/api/invoices', tuitionBody('2027-10'))).status).toBe(201)
    const other = await admin.post('/api/invoices', {
      ...tuitionBody('2027-09'),
      userId: otherFamily.userId,
      lines: [{ description: 'Tuition', amountCents: 7000 }],
    })
    expect(other.status, JSON.stringify(other.body)).toBe(201)
    for (const n of [1, 2]) {
      const manual = await admin.post('/api/invoices', { ...tuitionBody('2027-09'), kind: 'manual', description: `Costume ${n}` })
      expect(manual.status).toBe(201)
      expect(manual.body).toMatchObject({ kind: 'manual', period: '2027-09' })
    }
  })
})

describe('hand-made invoices', () => {
  it('keep working as before: the typed amount, stored as their one line', async () => {
    const res = await admin.post('/api/invoices', { userId: family.userId, amount: 42.5, description: 'Recital costume', dueDate: due })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ amount: 42.5, kind: 'manual', period: null })
    expect(res.body.lines).toEqual([
      { kind: 'manual', description: 'Recital costume', amountCents: 4250, studentId: null, studentName: null, classId: null, className: null, creditId: null },
    ])
    const doc = await stored(res.body.id)
    expect(doc).toMatchObject({ amountCents: 4250, kind: 'manual', lines: [{ kind: 'manual', description: 'Recital costume', amountCents: 4250 }] })
    expect((await db.query('SELECT tuition_key FROM invoices WHERE id = $1', [res.body.id])).rows[0].tuition_key).toBeNull()
    // Direct writes without lines keep their amount too.
    const direct = await app.payload.create({
      collection: 'invoices',
      overrideAccess: true,
      data: { userId: family.userId, amountCents: 1234, description: 'Direct', status: 'pending', dueDate: due },
    })
    expect(direct).toMatchObject({ amountCents: 1234, kind: 'manual', lines: [{ kind: 'manual', description: 'Direct', amountCents: 1234 }] })
  })
})

describe('the migration', () => {
  it('goes down and up again on a database with invoices, converting them to manual invoices', async () => {
    const before = await db.query('SELECT id, amount_cents FROM invoices ORDER BY id')
    const migrationArgs = { db: drizzleOf(app.payload), payload: app.payload, req: {} } as never
    // The later billing-actions migration builds on this one: down first, up last.
    await billingActionsMigration.down(migrationArgs)
    await tuitionMigration.down(migrationArgs)
    const columns = async () =>
      (await db.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'invoices' ORDER BY column_name`)).rows.map((r) => r.column_name)
    expect(await columns()).not.toContain('tuition_key')
    expect((await db.query(`SELECT to_regclass('invoices_lines') AS t, to_regclass('tuition_settings') AS s`)).rows[0]).toEqual({ t: null, s: null })
    // An invoice written by the previous version of the app.
    await db.query(`INSERT INTO invoices (user_id, amount_cents, description, status, due_date) VALUES ($1, 2500, 'Legacy', 'pending', now())`, [family.userId])
    await tuitionMigration.up(migrationArgs)
    await billingActionsMigration.up(migrationArgs)
    expect(await columns()).toEqual(expect.arrayContaining(['kind', 'period', 'tuition_key', 'late_fee_for', 'void_reason']))
    const { rows } = await db.query(`SELECT amount_cents, kind, period, tuition_key FROM invoices WHERE description = 'Legacy'`)
    expect(rows).toEqual([{ amount_cents: '2500', kind: 'manual', period: null, tuition_key: null }])
    const after = await db.query('SELECT id, amount_cents FROM invoices WHERE description <> $1 ORDER BY id', ['Legacy'])
    expect(after.rows).toEqual(before.rows)
    const legacy = (await admin.get('/api/invoices/all')).body.find((i: { description: string }) => i.description === 'Legacy')
    expect(legacy).toMatchObject({ amount: 25, kind: 'manual', period: null })
    // The billing-actions migration gave it its one line.
    expect(legacy.lines).toMatchObject([{ kind: 'manual', description: 'Legacy', amountCents: 2500 }])
  })
})
