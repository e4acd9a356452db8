import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { TUITION_SETTINGS_DEFAULTS } from '#api/studio/tuition-settings.schemas'
import { ADMIN, FAMILY, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'

let app: TestApp
let db: pg.Client
let admin: ApiClient
let family: ApiClient

const PATH = '/api/admin/tuition-settings'

const VALID = {
  billingDay: 5,
  seasonStartMonth: 9,
  registrationFeeCents: 4500,
  siblingDiscountPercent: 10,
  multiClassDiscountPercent: 5,
  familyDiscountCapCents: 10_000,
  lateFeeCents: 1500,
  lateFeeAfterDays: 10,
  closures: [
    { start: '2026-12-21', end: '2027-01-03', label: 'Winter break' },
    // The shape before closures were ranges is still read: one day.
    { date: '2026-11-26', label: 'Thanksgiving' },
    { start: '2027-01-18', label: null },
  ],
}

/** The global's rows as PostgreSQL holds them: what a refused call must leave alone. */
async function storedRows(): Promise<string> {
  const settings = await db.query('SELECT * FROM tuition_settings ORDER BY id')
  const closures = await db.query('SELECT start, "end", label, _order FROM tuition_settings_closures ORDER BY _parent_id, _order')
  return JSON.stringify([settings.rows, closures.rows])
}

function put(client: ApiClient, body: unknown) {
  return client.request('PUT', PATH, body)
}

beforeAll(async () => {
  app = await startTestApp()
  db = new pg.Client({ connectionString: app.databaseUrl })
  await db.connect()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await new ApiClient(app.url).login(FAMILY.username, FAMILY.password)
})
afterAll(async () => {
  await db?.end()
  await app?.close()
})

describe('GET /api/admin/tuition-settings', () => {
  it('gives an admin the defaults of a fresh academy', async () => {
    const res = await admin.get(PATH)
    expect(res.status).toBe(200)
    expect(res.body).toEqual(TUITION_SETTINGS_DEFAULTS)
  })

  it('answers 401 to a visitor and 403 to a family', async () => {
    const visitor = await new ApiClient(app.url).get(PATH)
    expect(visitor.status).toBe(401)
    const asFamily = await family.get(PATH)
    expect(asFamily.status).toBe(403)
    expect(asFamily.body.message).toBe('You do not have administrator privileges.')
  })
})

describe('PUT /api/admin/tuition-settings', () => {
  it('saves the settings, closures as ranges in calendar order, and GET and the database give them back', async () => {
    const res = await put(admin, VALID)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const expected = {
      ...VALID,
      closures: [
        { start: '2026-11-26', end: '2026-11-26', label: 'Thanksgiving' },
        { start: '2026-12-21', end: '2027-01-03', label: 'Winter break' },
        { start: '2027-01-18', end: '2027-01-18', label: null },
      ],
    }
    expect(res.body).toEqual(expected)
    expect((await admin.get(PATH)).body).toEqual(expected)
    const { rows } = await db.query('SELECT billing_day, registration_fee_cents, family_discount_cap_cents FROM tuition_settings')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toEqual({ billing_day: '5', registration_fee_cents: '4500', family_discount_cap_cents: '10000' })
    const closures = await db.query('SELECT start, "end" FROM tuition_settings_closures ORDER BY _order')
    expect(closures.rows.map((r) => `${r.start}/${r.end}`)).toEqual(['2026-11-26/2026-11-26', '2026-12-21/2027-01-03', '2027-01-18/2027-01-18'])
  })

  it('takes null as no discount cap and an empty list as no closures', async () => {
    const res = await put(admin, { ...VALID, familyDiscountCapCents: null, closures: [] })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ familyDiscountCapCents: null, closures: [] })
    expect((await db.query('SELECT count(*)::int AS n FROM tuition_settings_closures')).rows[0].n).toBe(0)
    expect((await put(admin, VALID)).status).toBe(200)
  })

  it('refuses each invalid field with its message (400) and changes nothing', async () => {
    expect((await put(admin, VALID)).status).toBe(200)
    const before = await storedRows()
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ billingDay: 0 }, 'Billing day must be a whole number from 1 to 28'],
      [{ billingDay: 29 }, 'Billing day must be a whole number from 1 to 28'],
      [{ billingDay: 2.5 }, 'Billing day must be a whole number from 1 to 28'],
      [{ billingDay: '5' }, 'Billing day must be a whole number from 1 to 28'],
      [{ billingDay: undefined }, 'Billing day must be a whole number from 1 to 28'],
      [{ seasonStartMonth: 13 }, 'Season start month must be a whole number from 1 to 12'],
      [{ registrationFeeCents: -1 }, 'Registration fee must be from $0.00 to $1,000,000.00, to the cent'],
      [{ registrationFeeCents: 45.5 }, 'Registration fee must be from $0.00 to $1,000,000.00, to the cent'],
      [{ siblingDiscountPercent: 101 }, 'Sibling discount must be a whole percent from 0 to 100'],
      [{ siblingDiscountPercent: 12.5 }, 'Sibling discount must be a whole percent from 0 to 100'],
      [{ multiClassDiscountPercent: -5 }, 'Multi-class discount must be a whole percent from 0 to 100'],
      [{ familyDiscountCapCents: -100 }, 'Family discount cap must be from $0.00 to $1,000,000.00, to the cent, or empty for no cap'],
      [{ familyDiscountCapCents: undefined }, 'Family discount cap must be from $0.00 to $1,000,000.00, to the cent, or empty for no cap'],
      [{ lateFeeCents: 1e12 }, 'Late fee must be from $0.00 to $1,000,000.00, to the cent'],
      [{ lateFeeAfterDays: 366 }, 'Late fee days must be a whole number from 0 to 365'],
      [{ closures: 'none' }, 'Closures must be a list of at most 366 closures'],
      [{ closures: [{ date: '2026-02-30' }] }, 'Closure date must be a valid date (YYYY-MM-DD)'],
      [{ closures: [{ date: '24/12/2026' }] }, 'Closure date must be a valid date (YYYY-MM-DD)'],
      [{ closures: [42] }, 'Closure date must be a valid date (YYYY-MM-DD)'],
      [{ closures: [{ start: '2026-12-24', end: '2026-12-32' }] }, 'Closure end must be a valid date (YYYY-MM-DD)'],
      [{ closures: [{ start: '2027-01-03', end: '2026-12-21' }] }, 'A closure cannot end before it starts'],
      [{ closures: [{ start: '2026-09-01', end: '2027-09-02' }] }, 'A closure can last at most 366 days'],
      [
        {
          closures: [
            { start: '2026-12-21', end: '2027-01-03' },
            { date: '2026-12-25', label: 'Christmas' },
          ],
        },
        'Closures overlap: Dec 21, 2026 – Jan 3, 2027 and Dec 25, 2026. Merge them or change the dates.',
      ],
      [{ closures: [{ date: '2026-12-24', label: 'x'.repeat(101) }] }, 'Closure label must be at most 100 characters'],
      [{ closures: [{ date: '2026-12-24' }, { date: '2026-12-24', label: 'again' }] }, 'A closure date may be listed only once'],
    ]
    for (const [change, message] of cases) {
      const res = await put(admin, { ...VALID, ...change })
      expect(res.status, `${JSON.stringify(change)} → ${JSON.stringify(res.body)}`).toBe(400)
      expect(res.body.message, JSON.stringify(change)).toBe(message)
    }
    const malformed = await admin.request('PUT', PATH, undefined, { headers: { 'content-type': 'application/json' }, rawBody: '{"billingDay": 3,' })
    expect(malformed.status).toBe(400)
    expect(await storedRows()).toBe(before)
  })

  it('refuses a visitor (401) and a family (403), and changes nothing', async () => {
    const before = await storedRows()
    const change = { ...VALID, registrationFeeCents: 0, siblingDiscountPercent: 100 }
    expect((await put(new ApiClient(app.url), change)).status).toBe(401)
    const asFamily = await put(family, change)
    expect(asFamily.status).toBe(403)
    expect(asFamily.body.message).toBe('You do not have administrator privileges.')
    expect(await storedRows()).toBe(before)
  })

  it('holds /cms writes to the same rules: a billing day of 31 is refused by the global itself', async () => {
    await expect(app.payload.updateGlobal({ slug: 'tuition-settings', overrideAccess: true, data: { billingDay: 31 } })).rejects.toThrow()
    expect((await admin.get(PATH)).body.billingDay).toBe(VALID.billingDay)
  })
})
