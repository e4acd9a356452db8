import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { STUDIO_SETTINGS_DEFAULTS } from '#api/studio/schemas'
import { ADMIN, FAMILY, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'

let app: TestApp
let db: pg.Client
let admin: ApiClient
let family: ApiClient

const PATH = '/api/admin/studio-settings'
const VALID = { waitlistOfferHours: 72, dropNoticeDays: 14, makeupWindowDays: 45, emergencyContactRequired: true }

/** The global's rows as PostgreSQL holds them: what a refused call must leave alone. */
async function storedRows(): Promise<string> {
  return JSON.stringify((await db.query('SELECT * FROM studio_settings ORDER BY id')).rows)
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

describe('GET /api/admin/studio-settings', () => {
  it('gives an admin the defaults of a fresh studio', async () => {
    const res = await admin.get(PATH)
    expect(res.status).toBe(200)
    expect(res.body).toEqual(STUDIO_SETTINGS_DEFAULTS)
  })

  it('answers 401 to a visitor and 403 to a family', async () => {
    expect((await new ApiClient(app.url).get(PATH)).status).toBe(401)
    const asFamily = await family.get(PATH)
    expect(asFamily.status).toBe(403)
    expect(asFamily.body.message).toBe('You do not have administrator privileges.')
  })
})

describe('PUT /api/admin/studio-settings', () => {
  it('saves the settings, and GET and the database give them back', async () => {
    const res = await put(admin, VALID)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toEqual(VALID)
    expect((await admin.get(PATH)).body).toEqual(VALID)
    const { rows } = await db.query('SELECT waitlist_offer_hours, drop_notice_days, makeup_window_days, emergency_contact_required FROM studio_settings')
    expect(rows).toEqual([{ waitlist_offer_hours: '72', drop_notice_days: '14', makeup_window_days: '45', emergency_contact_required: true }])
  })

  it('takes both ends of every range', async () => {
    expect((await put(admin, { waitlistOfferHours: 1, dropNoticeDays: 0, makeupWindowDays: 0 })).status).toBe(200)
    expect((await put(admin, { waitlistOfferHours: 336, dropNoticeDays: 60, makeupWindowDays: 180 })).status).toBe(200)
    expect((await put(admin, VALID)).status).toBe(200)
  })

  it('refuses each invalid field with its message (400) and changes nothing', async () => {
    const before = await storedRows()
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ waitlistOfferHours: 0 }, 'Waitlist offer hours must be a whole number from 1 to 336'],
      [{ waitlistOfferHours: 337 }, 'Waitlist offer hours must be a whole number from 1 to 336'],
      [{ waitlistOfferHours: 2.5 }, 'Waitlist offer hours must be a whole number from 1 to 336'],
      [{ waitlistOfferHours: '48' }, 'Waitlist offer hours must be a whole number from 1 to 336'],
      [{ waitlistOfferHours: undefined }, 'Waitlist offer hours must be a whole number from 1 to 336'],
      [{ dropNoticeDays: -1 }, 'Drop notice days must be a whole number from 0 to 60'],
      [{ dropNoticeDays: 61 }, 'Drop notice days must be a whole number from 0 to 60'],
      [{ dropNoticeDays: null }, 'Drop notice days must be a whole number from 0 to 60'],
      [{ makeupWindowDays: 181 }, 'Makeup window days must be a whole number from 0 to 180'],
      [{ makeupWindowDays: 0.5 }, 'Makeup window days must be a whole number from 0 to 180'],
    ]
    for (const [change, message] of cases) {
      const res = await put(admin, { ...VALID, ...change })
      expect(res.status, `${JSON.stringify(change)} → ${JSON.stringify(res.body)}`).toBe(400)
      expect(res.body.message, JSON.stringify(change)).toBe(message)
    }
    const malformed = await admin.request('PUT', PATH, undefined, { headers: { 'content-type': 'application/json' }, rawBody: '{"waitlistOfferHours": 3,' })
    expect(malformed.status).toBe(400)
    expect(await storedRows()).toBe(before)
  })

  it('refuses a visitor (401) and a family (403), and changes nothing', async () => {
    const before = await storedRows()
    const change = { waitlistOfferHours: 1, dropNoticeDays: 0, makeupWindowDays: 0 }
    expect((await put(new ApiClient(app.url), change)).status).toBe(401)
    const asFamily = await put(family, change)
    expect(asFamily.status).toBe(403)
    expect(asFamily.body.message).toBe('You do not have administrator privileges.')
    expect(await storedRows()).toBe(before)
  })

  it('holds /cms writes to the same rules: 0 offer hours is refused by the global itself', async () => {
    await expect(app.payload.updateGlobal({ slug: 'studio-settings', overrideAccess: true, data: { waitlistOfferHours: 0 } })).rejects.toThrow()
    expect((await admin.get(PATH)).body).toEqual(VALID)
  })
})
