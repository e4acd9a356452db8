import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import * as closureRangesMigration from '#cms/migrations/20261126_101047_closure_ranges'
import { drizzleOf, poolOf } from '#api/lib/database'
import { closureDays } from '#shared/closures'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, createFamily, snapshot, type Family } from '#tests/support/families'

/*
 * Closures as ranges (issue 23): a winter break is one closure, for the academy (tuition
 * settings) and for a class; the older single-day input still works; the migration turns the
 * stored single days into one-day ranges and loses nothing.
 */

let app: TestApp
let admin: ApiClient
let visitor: ApiClient
let parent: Family

const SETTINGS = '/api/admin/tuition-settings'
const winter = { start: '2026-12-21', end: '2027-01-03', label: 'Winter break' }
const thanksgiving = { start: '2026-11-26', end: '2026-11-27', label: 'Thanksgiving' }

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  visitor = new ApiClient(app.url)
  parent = await createFamily(app, 'closures')
})
afterAll(async () => {
  await app?.close()
})

async function putClosures(client: ApiClient, closures: unknown) {
  const current = (await admin.get(SETTINGS)).body
  return client.request('PUT', SETTINGS, { ...current, closures })
}

describe('academy closures as ranges', () => {
  it('saves a winter break as one closure, and the families’ rules list every day of it with the label', async () => {
    const saved = await putClosures(admin, [winter, thanksgiving])
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.closures).toEqual([thanksgiving, winter])
    const rules = (await parent.client.get('/api/self-service/rules')).body
    expect(rules.academyClosureRanges).toEqual([thanksgiving, winter])
    expect(rules.academyClosures).toHaveLength(16)
    expect(rules.academyClosures).toContain('2027-01-01')
  })

  it('refuses overlapping, reversed and too long closures (400) and changes nothing; a family 403, a visitor 401', async () => {
    expect((await putClosures(admin, [winter])).status).toBe(200)
    const stored = async () => JSON.stringify((await admin.get(SETTINGS)).body)
    const was = await stored()
    for (const [closures, message] of [
      [
        [winter, { start: '2027-01-03', end: '2027-01-05' }],
        'Closures overlap: Dec 21, 2026 – Jan 3, 2027 and Jan 3, 2027 – Jan 5, 2027. Merge them or change the dates.',
      ],
      [[{ start: '2027-01-05', end: '2027-01-04' }], 'A closure cannot end before it starts'],
      [[{ start: '2027-01-01', end: '2028-01-02' }], 'A closure can last at most 366 days'],
    ] as const) {
      const res = await putClosures(admin, closures)
      expect([res.status, res.body.message]).toEqual([400, message])
    }
    expect((await putClosures(parent.client, [])).status).toBe(403)
    expect((await putClosures(visitor, [])).status).toBe(401)
    expect(await stored()).toBe(was)
  })
})

describe('a class’s own closures as ranges', () => {
  it('takes ranges with labels and bare days, answers ranges, and refuses overlaps; only administrators write them', async () => {
    const cls = await addClass(app)
    const res = await admin.patch(`/api/classes/${cls.id}`, { closures: ['2027-02-16', { start: '2027-04-12', end: '2027-04-16', label: 'Spring break' }] })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.closures).toEqual([
      { start: '2027-02-16', end: '2027-02-16', label: null },
      { start: '2027-04-12', end: '2027-04-16', label: 'Spring break' },
    ])
    const listed = (await visitor.get('/api/classes')).body.find((c: { id: number }) => c.id === cls.id)
    expect(listed.closures).toEqual(res.body.closures)

    const before = await snapshot(app, ['classes'])
    const overlap = await admin.patch(`/api/classes/${cls.id}`, { closures: [{ start: '2027-04-12', end: '2027-04-16' }, '2027-04-14'] })
    expect([overlap.status, overlap.body.message]).toEqual([
      400,
      'Closures overlap: Apr 12, 2027 – Apr 16, 2027 and Apr 14, 2027. Merge them or change the dates.',
    ])
    expect((await parent.client.patch(`/api/classes/${cls.id}`, { closures: [] })).status).toBe(403)
    expect((await visitor.patch(`/api/classes/${cls.id}`, { closures: [] })).status).toBe(401)
    expect(await snapshot(app, ['classes'])).toBe(before)
  })

  it('obeys the same rules when written in /cms: a range longer than a year is refused', async () => {
    const cls = await addClass(app)
    const refusal = await app.payload
      .update({ collection: 'classes', id: cls.id, overrideAccess: true, data: { closures: [{ start: '2027-01-01', end: '2028-06-01' }] } })
      .then(
        () => null,
        (error: { data?: { errors?: { message: string }[] } }) => error.data?.errors?.map((e) => e.message),
      )
    expect(refusal).toEqual(['A closure can last at most 366 days'])
  })
})

describe('the closure ranges migration', () => {
  it('goes down to single days and up again: every stored single day becomes a one-day range, no day is lost', async () => {
    const db = poolOf(app.payload)
    const args = { db: drizzleOf(app.payload), payload: app.payload, req: {} } as never
    const cls = await addClass(app)
    expect((await putClosures(admin, [thanksgiving, winter])).status).toBe(200)
    expect((await admin.patch(`/api/classes/${cls.id}`, { closures: [{ start: '2027-02-15', end: '2027-02-17' }] })).status).toBe(200)
    const academyBefore = closureDays((await admin.get(SETTINGS)).body.closures)

    await closureRangesMigration.down(args)
    // As the previous version stored them: one row per day.
    const old = await db.query(`SELECT date, label FROM tuition_settings_closures ORDER BY _order`)
    expect(old.rows.map((r) => r.date)).toEqual(academyBefore)
    expect(old.rows[0]).toEqual({ date: '2026-11-26', label: 'Thanksgiving' })
    const classRows = await db.query(`SELECT date FROM classes_closures WHERE _parent_id = $1 ORDER BY _order`, [cls.id])
    expect(classRows.rows.map((r) => r.date)).toEqual(['2027-02-15', '2027-02-16', '2027-02-17'])
    // A row written by the previous version.
    await db.query(`INSERT INTO classes_closures (_order, _parent_id, id, date) VALUES (4, $1, 'legacy-row', '2027-03-01')`, [cls.id])

    await closureRangesMigration.up(args)
    const settings = (await admin.get(SETTINGS)).body
    expect(settings.closures).toHaveLength(16)
    expect(settings.closures[0]).toEqual({ start: '2026-11-26', end: '2026-11-26', label: 'Thanksgiving' })
    expect(closureDays(settings.closures)).toEqual(academyBefore)
    const stored = await app.payload.findByID({ collection: 'classes', id: cls.id, overrideAccess: true, depth: 0 })
    expect(stored.closures?.map((c) => [c.start, c.end])).toEqual([
      ['2027-02-15', '2027-02-15'],
      ['2027-02-16', '2027-02-16'],
      ['2027-02-17', '2027-02-17'],
      ['2027-03-01', '2027-03-01'],
    ])
  })
})
