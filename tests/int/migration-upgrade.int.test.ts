import type { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { migrations } from '#cms/migrations'
import { drizzleOf } from '#api/lib/database'
import { ADMIN, FAMILY, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'

/**
 * Issue 24: existing accounts become households of one with a migration that loses nothing. The
 * test takes a database of the previous version with the demo data (the demo database with every
 * migration since that version undone), counts and fingerprints every row of every table, runs
 * the migrations of this version, and finds every count and every row as it was, every account a
 * household of one, and the demo family's portal answering as before.
 */
const PREVIOUS_VERSION = '20261126_125022_mail_jobs'
const newer = migrations.filter((migration) => migration.name > PREVIOUS_VERSION)

let app: TestApp
let pool: pg.Pool

type Table = { name: string; columns: string[] }

async function tables(): Promise<Table[]> {
  const { rows } = await pool.query<{ table_name: string; columns: string[] }>(
    `SELECT table_name, array_agg(column_name::text ORDER BY column_name) AS columns
       FROM information_schema.columns
      WHERE table_schema = 'public'
      GROUP BY table_name
      ORDER BY table_name`,
  )
  return rows.map((row) => ({ name: row.table_name, columns: row.columns }))
}

/** Each table's row count and a fingerprint of its rows over the given columns (order-free). */
async function measure(of: Table[]): Promise<Record<string, { rows: number; fingerprint: string | null }>> {
  const measured: Record<string, { rows: number; fingerprint: string | null }> = {}
  for (const table of of) {
    const row = `row(${table.columns.map((column) => `"${column}"`).join(', ')})::text`
    const { rows } = await pool.query<{ rows: number; fingerprint: string | null }>(
      `SELECT count(*)::int AS rows, md5(string_agg(${row}, '|' ORDER BY ${row})) AS fingerprint FROM "${table.name}"`,
    )
    measured[table.name] = rows[0]!
  }
  return measured
}

/**
 * The demo academy after some weeks of use, written as the previous version would have: each demo
 * child enrolled, an invoice paid at the desk, one owed, a credit, a saved card with autopay,
 * notification choices, a waitlist place and attendance marks.
 */
async function aSeasonOfUse(): Promise<void> {
  const all = { overrideAccess: true, depth: 0 } as const
  const family = (await app.payload.find({ collection: 'users', where: { username: { equals: FAMILY.username } }, ...all })).docs[0]!
  const students = (await app.payload.find({ collection: 'students', ...all, limit: 0 })).docs
  const classes = (await app.payload.find({ collection: 'classes', ...all, limit: 0, sort: 'id' })).docs
  for (const [index, student] of students.entries()) {
    const cls = classes[index % classes.length]!
    await app.payload.create({ collection: 'enrollments', ...all, data: { student: student.id, class: cls.id, enrollmentDate: '2026-09-07' } })
    await app.payload.create({
      collection: 'attendance',
      ...all,
      data: { class: cls.id, student: student.id, date: '2026-09-14', status: 'present', reportedBy: 'teacher' },
    })
    const other = classes[(index + 1) % classes.length]!
    await app.payload.create({ collection: 'waitlist-entries', ...all, data: { class: other.id, student: student.id, family: family.id, status: 'waiting' } })
  }
  const admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  for (const description of ['September tuition', 'October tuition']) {
    const invoice = await admin.post('/api/invoices', { userId: family.id, description, amount: 85, status: 'pending', dueDate: '2026-10-01' })
    expect(invoice.status).toBe(201)
    if (description.startsWith('September'))
      expect((await admin.post(`/api/admin/invoices/${invoice.body.id}/mark-paid`, { method: 'cash', receivedOn: '2026-09-30' })).status).toBe(200)
  }
  await app.payload.create({
    collection: 'credits',
    ...all,
    data: { userId: family.id, amountCents: 1500, reason: 'Studio closed for the storm', status: 'open' },
  })
  await app.payload.create({ collection: 'billing-profiles', ...all, data: { user: family.id, stripeCustomerId: 'cus_demo_upgrade', autopayEnabled: true } })
  await app.payload.create({
    collection: 'payment-methods',
    ...all,
    data: {
      user: family.id,
      isDefault: true,
      cardBrand: 'visa',
      lastFour: '4242',
      expiryMonth: 12,
      expiryYear: 2029,
      stripePaymentMethodId: 'pm_demo_upgrade',
    },
  })
  await app.payload.create({ collection: 'notification-preferences', ...all, data: { user: family.id, emailNotifications: false } })
}

const args = () => ({ db: drizzleOf(app.payload), payload: app.payload, req: {} }) as unknown as MigrateUpArgs & MigrateDownArgs

beforeAll(async () => {
  app = await startTestApp()
  pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 })
})

afterAll(async () => {
  await pool?.end()
  await app?.close()
})

describe('upgrading a database of the previous version', () => {
  it('keeps every row of every table, and every account becomes a household of one', { timeout: 120_000 }, async () => {
    expect(newer.map((migration) => migration.name)).toContain('20261126_170112_households')
    await aSeasonOfUse()
    // The previous version: this version's migrations undone, newest first.
    for (const migration of [...newer].reverse()) await migration.down(args())
    await pool.query('DELETE FROM payload_migrations WHERE name = ANY($1)', [newer.map((migration) => migration.name)])

    const previous = await tables()
    const names = previous.map((table) => table.name)
    expect(names).not.toContain('household_invites')
    expect(previous.find((table) => table.name === 'users')!.columns).not.toContain('household_id')
    const before = await measure(previous)
    // The demo data a family's household is made of is there to lose.
    for (const kind of [
      'users',
      'students',
      'enrollments',
      'invoices',
      'payments',
      'credits',
      'payment_methods',
      'billing_profiles',
      'notification_preferences',
      'waitlist_entries',
      'attendance',
    ])
      expect(before[kind]!.rows, `${kind} in the demo data`).toBeGreaterThan(0)

    for (const migration of newer) await migration.up(args())

    // Every table of the previous version, over its own columns: the same rows, unchanged.
    expect(await measure(previous)).toEqual(before)
    const { rows } = await pool.query<{ households: number; full: number; accounts: number }>(
      `SELECT count(*) FILTER (WHERE household_id IS NULL)::int AS households,
              count(*) FILTER (WHERE guardian_access = 'full')::int AS "full",
              count(*)::int AS accounts
         FROM users`,
    )
    expect(rows[0]).toEqual({ households: before.users!.rows, full: before.users!.rows, accounts: before.users!.rows })

    // The demo family's portal reads its own rows as before: a household of one.
    const family = await new ApiClient(app.url).login(FAMILY.username, FAMILY.password)
    const me = (await family.get('/api/user')).body as { id: number; householdId: number; guardianAccess: string }
    expect(me).toMatchObject({ householdId: me.id, guardianAccess: 'full' })
    const students = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM students WHERE user_id = $1', [me.id])
    expect((await family.get('/api/students')).body).toHaveLength(students.rows[0]!.n)
    const invoices = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM invoices WHERE user_id = $1', [me.id])
    expect((await family.get('/api/billing/statement')).body.invoices).toHaveLength(invoices.rows[0]!.n)
  })
})
