import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { academyTimeZone, setAcademyClock } from '#api/lib/academy-clock'
import { receiveInvalidation } from '#server/cache-broadcast.server'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'

/**
 * The academy's time zone is a studio setting (decisions §19): ACADEMY_TIMEZONE is only its
 * initial value. At 03:30 UTC on Wednesday 3 March 2027 it is still Tuesday in New York and
 * already Wednesday in Tokyo: the day an enrollment is dated follows the setting at once.
 */
const PATH = '/api/admin/studio-settings/time-zone'
const INSTANT = new Date('2027-03-03T03:30:00Z')

let app: TestApp
let db: pg.Client
let admin: ApiClient
let family: Family
let cls: { id: number }

const storedZone = async () => (await db.query('SELECT time_zone FROM studio_settings')).rows[0]?.time_zone ?? null

beforeAll(async () => {
  app = await startTestApp({ ACADEMY_TIMEZONE: 'America/New_York' })
  db = new pg.Client({ connectionString: app.databaseUrl })
  await db.connect()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  family = await createFamily(app, 'zone-family')
  cls = await addClass(app, { name: 'Zone Ballet' })
}, 120_000)

afterEach(() => setAcademyClock(null))

afterAll(async () => {
  await db?.end()
  await app?.close()
})

async function enrollmentDay(name: string): Promise<string> {
  setAcademyClock(() => INSTANT)
  const student = await addStudent(app, family.userId, name, 7)
  const enrolled = await admin.post('/api/enrollments', { studentId: student, classId: cls.id })
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(201)
  return enrolled.body.enrollmentDate
}

describe('the academy time zone', () => {
  it('starts unconfirmed, with ACADEMY_TIMEZONE as its value', async () => {
    const res = await admin.get(PATH)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ timeZone: 'America/New_York', confirmed: false, source: 'environment' })
    expect(await enrollmentDay('Nina York')).toBe('2027-03-02')
  })

  it('changing it changes the academy day an endpoint uses at the same instant', async () => {
    const saved = await admin.put(PATH, { timeZone: 'Asia/Tokyo' })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body).toEqual({ timeZone: 'Asia/Tokyo', confirmed: true, source: 'settings' })
    expect(await storedZone()).toBe('Asia/Tokyo')
    expect((await admin.get(PATH)).body).toEqual({ timeZone: 'Asia/Tokyo', confirmed: true, source: 'settings' })
    expect(await enrollmentDay('Toki Tokyo')).toBe('2027-03-03')

    // Confirming New York again (spelt loosely) brings Tuesday back.
    const back = await admin.put(PATH, { timeZone: ' america/new_york ' })
    expect(back.body).toEqual({ timeZone: 'America/New_York', confirmed: true, source: 'settings' })
    expect(await enrollmentDay('Nora York')).toBe('2027-03-02')
  })

  it('a save in /cms (the global) is seen at once, and other processes learn it over the cache bus', async () => {
    await app.payload.updateGlobal({ slug: 'studio-settings', data: { timeZone: 'Pacific/Auckland' }, overrideAccess: true })
    expect(academyTimeZone()).toBe('Pacific/Auckland')
    // What another process's save broadcasts: this process takes the zone it carries.
    receiveInvalidation('academy-time-zone:Europe/Paris')
    expect(academyTimeZone()).toBe('Europe/Paris')
    // After the bus was down, the zone is read again from the database.
    receiveInvalidation('academy-time-zone:*')
    await expect.poll(() => academyTimeZone()).toBe('Pacific/Auckland')
    await admin.put(PATH, { timeZone: 'America/New_York' })
  })

  it('refuses an unknown zone (400) and leaves the setting alone', async () => {
    const before = await storedZone()
    for (const timeZone of ['Mars/Olympus_Mons', '+05:00', 'America/New_York; DROP TABLE']) {
      const res = await admin.put(PATH, { timeZone })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(`Unknown time zone "${timeZone}": choose an IANA time zone such as America/New_York`)
    }
    for (const body of [{}, { timeZone: '' }, { timeZone: 5 }]) {
      const res = await admin.put(PATH, body)
      expect([res.status, res.body.message]).toEqual([400, "Choose the academy's time zone"])
    }
    const cms = await app.payload.updateGlobal({ slug: 'studio-settings', data: { timeZone: 'Nowhere/City' }, overrideAccess: true }).catch((e: Error) => e)
    expect(cms).toBeInstanceOf(Error)
    expect(await storedZone()).toBe(before)
  })

  it('is for administrators only: 401 signed out, 403 for a family', async () => {
    const visitor = new ApiClient(app.url)
    expect((await visitor.get(PATH)).status).toBe(401)
    expect((await visitor.put(PATH, { timeZone: 'Asia/Tokyo' })).status).toBe(401)
    expect((await family.client.get(PATH)).status).toBe(403)
    const put = await family.client.put(PATH, { timeZone: 'Asia/Tokyo' })
    expect([put.status, put.body.message]).toEqual([403, 'You do not have administrator privileges.'])
    expect(await storedZone()).toBe('America/New_York')
  })

  it('saving the other studio settings keeps the zone', async () => {
    const res = await admin.put('/api/admin/studio-settings', { waitlistOfferHours: 24, dropNoticeDays: 3, makeupWindowDays: 10 })
    expect(res.status).toBe(200)
    expect(await storedZone()).toBe('America/New_York')
    expect((await admin.get(PATH)).body.confirmed).toBe(true)
  })
})
