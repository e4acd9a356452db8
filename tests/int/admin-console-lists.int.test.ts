import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { UserPageDto } from '#api/accounts/admin-users.schemas'
import type { InvoicePageDto } from '#api/invoices/invoice-list.schemas'
import { startTestApp, ADMIN, FAMILY, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { CONSOLE_SCALE, removeConsoleScale, scaleHousehold, seedConsoleScale } from '#tests/support/console-scale'

/*
 * The admin console's lists at real size (issue 23): GET /api/invoices/all and GET /api/users
 * take optional search, filter and paging parameters, and answer as spec §7 says without them.
 */

const PREFIX = 'lists'
const INVOICES = CONSOLE_SCALE.households * CONSOLE_SCALE.months.length

let app: TestApp
let db: pg.Client
let admin: ApiClient
let family: ApiClient
let visitor: ApiClient

beforeAll(async () => {
  app = await startTestApp()
  db = new pg.Client({ connectionString: app.databaseUrl })
  await db.connect()
  await seedConsoleScale(db, PREFIX)
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await new ApiClient(app.url).login(FAMILY.username, FAMILY.password)
  visitor = new ApiClient(app.url)
}, 60_000)
afterAll(async () => {
  await db?.end()
  await app?.close()
})

describe('GET /api/invoices/all with its optional parameters', () => {
  it('answers the plain array of every invoice without parameters, as the spec says', async () => {
    const res = await admin.get('/api/invoices/all')
    expect(res.status).toBe(200)
    expect(Array.isArray(res.body)).toBe(true)
    expect(res.body.length).toBeGreaterThanOrEqual(INVOICES)
  })

  it("finds one household's invoices by family name or email, newest first, lines included", async () => {
    const household = scaleHousehold(PREFIX, 42)
    for (const q of [household.fullName, household.email.toUpperCase()]) {
      const res = await admin.get<InvoicePageDto>(`/api/invoices/all?q=${encodeURIComponent(q)}`)
      expect(res.status).toBe(200)
      expect(res.body.total).toBe(CONSOLE_SCALE.months.length)
      expect(res.body).toMatchObject({ page: 1, pageSize: 20, pageCount: 1 })
      expect(res.body.items.map((invoice) => invoice.payerEmail)).toEqual(CONSOLE_SCALE.months.map(() => household.email))
      expect(res.body.items.map((invoice) => invoice.dueDate)).toEqual([...CONSOLE_SCALE.months].reverse().map((month) => `${month}-05`))
      expect(res.body.items[0]!.lines.map((line) => line.studentName)).toEqual(household.children)
      expect(res.body.items[0]!.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(Math.round(res.body.items[0]!.amount * 100))
    }
  })

  it('finds a household by its current account name even when the invoices carry the old one', async () => {
    const household = scaleHousehold(PREFIX, 7)
    const { rows } = await db.query(`UPDATE users SET full_name = 'Renamed Household Seven' WHERE username = $1 RETURNING id`, [household.username])
    const res = await admin.get<InvoicePageDto>('/api/invoices/all?q=renamed%20household%20seven')
    expect(res.body.total).toBe(CONSOLE_SCALE.months.length)
    expect(res.body.items.every((invoice) => invoice.userId === Number(rows[0]!.id))).toBe(true)
  })

  it('filters by status and month together', async () => {
    const monthIndex = 2
    const expected = Array.from({ length: CONSOLE_SCALE.households }, (_, i) => scaleHousehold(PREFIX, i + 1).status(monthIndex)).filter(
      (status) => status === 'overdue',
    ).length
    const month = CONSOLE_SCALE.months[monthIndex]!
    const res = await admin.get<InvoicePageDto>(`/api/invoices/all?q=${PREFIX}-&status=overdue&month=${month}&pageSize=100`)
    expect(res.status).toBe(200)
    expect(res.body.total).toBe(expected)
    expect(res.body.items.every((invoice) => invoice.status === 'overdue' && invoice.dueDate.startsWith(month))).toBe(true)
    const byStatus = await admin.get<InvoicePageDto>(`/api/invoices/all?q=${PREFIX}-&status=paid`)
    expect(byStatus.body.total).toBe(INVOICES / 4)
  })

  it('pages through 1,200 invoices without repeating one', async () => {
    const first = await admin.get<InvoicePageDto>(`/api/invoices/all?q=${PREFIX}-&pageSize=50`)
    const second = await admin.get<InvoicePageDto>(`/api/invoices/all?q=${PREFIX}-&pageSize=50&page=2`)
    expect(first.body).toMatchObject({ total: INVOICES, page: 1, pageSize: 50, pageCount: INVOICES / 50 })
    expect(second.body.page).toBe(2)
    expect(first.body.items).toHaveLength(50)
    const ids = [...first.body.items, ...second.body.items].map((invoice) => invoice.id)
    expect(new Set(ids).size).toBe(100)
    const last = await admin.get<InvoicePageDto>(`/api/invoices/all?q=${PREFIX}-&pageSize=50&page=${INVOICES / 50 + 1}`)
    expect(last.body.items).toEqual([])
    expect(last.body.total).toBe(INVOICES)
  })

  it('refuses bad parameters with 400 and a message', async () => {
    const cases: Array<[string, RegExp]> = [
      ['page=-1', /^page must be a whole number/],
      ['page=0', /^page must be a whole number/],
      ['page=two', /^page must be a whole number/],
      ['pageSize=101', /^pageSize must be a whole number from 1 to 100/],
      ['status=void', /^status must be one of pending, paid, overdue, cancelled/],
      ['month=2027-13', /^month must be a month/],
      [`q=${'x'.repeat(101)}`, /at most 100 characters/],
    ]
    for (const [query, message] of cases) {
      const res = await admin.get(`/api/invoices/all?${query}`)
      expect(res.status, query).toBe(400)
      expect(res.body.message, query).toMatch(message)
    }
  })

  it('is for administrators only: 403 for a family, 401 signed out', async () => {
    expect((await family.get('/api/invoices/all?q=lists&page=1')).status).toBe(403)
    expect((await family.get('/api/invoices/all?page=-1')).status).toBe(403)
    expect((await visitor.get('/api/invoices/all?q=lists&page=1')).status).toBe(401)
  })
})

describe('GET /api/users with its optional parameters', () => {
  it('answers the plain array of every account without parameters, as the spec says', async () => {
    const res = await admin.get('/api/users')
    expect(res.status).toBe(200)
    expect(Array.isArray(res.body)).toBe(true)
    expect(res.body.length).toBeGreaterThanOrEqual(CONSOLE_SCALE.households)
  })

  it("finds a family by a child's name, the parent's name or email", async () => {
    const household = scaleHousehold(PREFIX, 99)
    for (const q of [household.children[1]!, household.fullName.toLowerCase(), household.email]) {
      const res = await admin.get<UserPageDto>(`/api/users?q=${encodeURIComponent(q)}`)
      expect(res.status, q).toBe(200)
      expect(res.body.total, q).toBe(1)
      expect(res.body.items[0]).toMatchObject({ username: household.username, email: household.email })
      expect(res.body.items[0]).not.toHaveProperty('hash')
    }
  })

  it('pages the accounts and counts the active administrators of all pages', async () => {
    const first = await admin.get<UserPageDto>(`/api/users?q=${PREFIX}-&pageSize=20`)
    expect(first.body).toMatchObject({ total: CONSOLE_SCALE.households, page: 1, pageSize: 20, pageCount: 8 })
    expect(first.body.activeAdminCount).toBeGreaterThanOrEqual(1)
    const eighth = await admin.get<UserPageDto>(`/api/users?q=${PREFIX}-&pageSize=20&page=8`)
    expect(eighth.body.items).toHaveLength(CONSOLE_SCALE.households - 7 * 20)
    expect(eighth.body.items.map((user) => user.username)).toContain(scaleHousehold(PREFIX, 1).username)
  })

  it('refuses bad parameters with 400 and a message', async () => {
    for (const query of ['page=-1', 'page=1.5', 'pageSize=0', `q=${'y'.repeat(101)}`]) {
      const res = await admin.get(`/api/users?${query}`)
      expect(res.status, query).toBe(400)
      expect(typeof res.body.message, query).toBe('string')
    }
  })

  it('is for administrators only: 403 for a family, 401 signed out', async () => {
    expect((await family.get('/api/users?q=lists')).status).toBe(403)
    expect((await visitor.get('/api/users?q=lists')).status).toBe(401)
  })
})

describe('the real-size seed', () => {
  it('removes all it made', async () => {
    await removeConsoleScale(db, 'gone')
    await seedConsoleScale(db, 'gone')
    const before = await admin.get<UserPageDto>('/api/users?q=gone-')
    expect(before.body.total).toBe(CONSOLE_SCALE.households)
    await removeConsoleScale(db, 'gone')
    expect((await admin.get<UserPageDto>('/api/users?q=gone-')).body.total).toBe(0)
    expect((await admin.get<InvoicePageDto>('/api/invoices/all?q=gone-')).body.total).toBe(0)
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM students WHERE full_name LIKE '% gone-%'`)
    expect(rows[0]!.n).toBe(0)
  })
})
