import type { IncomingMessage, ServerResponse } from 'node:http'

import type { Endpoint } from 'payload'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { catalogueCache, listClasses } from '#api/classes'
import { setAcademyClock } from '#api/lib/academy-clock'
import { CONTRACT_PREFIX } from '#server/contract-prefix.server'
import { generationOf, keepVisitorPage } from '#server/visitor-page-cache.server'
import { startTestApp, type TestApp } from '#tests/support/app'
import { addClass, addStudent, createFamily } from '#tests/support/families'

/**
 * Kept answers know what day it is. The class list counts the places taken on the academy's
 * today and held by open offers; when the day turns or an offer expires with no write at all,
 * the in-memory list, the replay of GET /api/classes and a visitor's kept page show the place
 * free on the next request, and are kept again from there.
 *
 * The page renderer stands in for Astro's: like astro-site/middleware.ts it renders from the
 * class list and hands the page to the router's visitor page cache, tagged with the catalogue's
 * generation, so the router replays it to visitors until that generation moves.
 */
const ZONE = 'America/New_York'
const at = (iso: string) => () => new Date(iso)

let app: TestApp
const handled = { classes: 0, page: 0 }

async function classesPage(req: IncomingMessage, res: ServerResponse): Promise<void> {
  handled.page++
  const key = req.url ?? '/'
  const generation = generationOf([catalogueCache.name])
  const classes = await listClasses(app.payload)
  const body = Buffer.from(classes.map((c) => `${c.name}: ${c.enrolledCount ?? 0} taken, ${c.heldCount ?? 0} held`).join('\n'))
  const page = { status: 200, head: ['content-type', 'text/plain', 'content-length', String(body.length)], body }
  keepVisitorPage(key, [catalogueCache.name], generation, { br: page, gzip: page, identity: page })
  res.writeHead(200, { 'content-type': 'text/plain' }).end(body)
}

function countClassListCalls(): void {
  const endpoint = (app.payload.config.endpoints as Endpoint[]).find((e) => e.method === 'get' && e.path === `${CONTRACT_PREFIX}/classes`)!
  const handler = endpoint.handler
  endpoint.handler = (req) => {
    handled.classes++
    return handler(req)
  }
}

type Listed = { id: number; enrolledCount: number; heldCount: number }
async function listed(id: number): Promise<Listed> {
  const res = await fetch(`${app.url}/api/classes`)
  expect(res.status).toBe(200)
  return ((await res.json()) as Listed[]).find((c) => c.id === id)!
}
const page = async () => (await fetch(`${app.url}/classes`)).text()

beforeAll(async () => {
  app = await startTestApp({ ACADEMY_TIMEZONE: ZONE }, { astro: (req, res) => classesPage(req, res) })
  countClassListCalls()
}, 120_000)

afterEach(() => setAcademyClock(null))

afterAll(async () => {
  await app?.close()
})

describe("the class list when the academy's day turns with no write", () => {
  it('a drop whose last day was yesterday frees its place in /api/classes, its replay, the visitor page and its replay', async () => {
    const family = await createFamily(app, 'day-turn')
    const cls = await addClass(app, { name: 'Day Turn Ballet', capacity: 1 })
    const student = await addStudent(app, family.userId, 'Dora Dayturn', 7)
    // Tuesday 2 March 2027 in New York: enrolled, then dropped with the seven days' notice.
    setAcademyClock(at('2027-03-02T20:00:00-05:00'))
    const enrolled = await family.client.post('/api/enrollments', { studentId: student, classId: cls.id })
    expect(enrolled.status).toBe(201)
    expect((await family.client.post(`/api/enrollments/${enrolled.body.id}/drop`, { lastDay: '2027-03-09' })).status).toBe(200)

    // 23:30 on the last day: the place is still taken, everywhere, and kept.
    setAcademyClock(at('2027-03-09T23:30:00-05:00'))
    expect((await listed(cls.id)).enrolledCount).toBe(1)
    const calls = handled.classes
    expect((await listed(cls.id)).enrolledCount).toBe(1)
    expect(handled.classes).toBe(calls)
    expect(await page()).toContain('Day Turn Ballet: 1 taken')
    const renders = handled.page
    expect(await page()).toContain('Day Turn Ballet: 1 taken')
    expect(handled.page).toBe(renders)

    // 00:30 on Wednesday: nothing was written, the place is free on the very next request.
    setAcademyClock(at('2027-03-10T00:30:00-05:00'))
    expect((await listed(cls.id)).enrolledCount).toBe(0)
    expect(handled.classes).toBe(calls + 1)
    expect(await page()).toContain('Day Turn Ballet: 0 taken')
    expect(handled.page).toBe(renders + 1)
    // …and kept again for the new day.
    expect((await listed(cls.id)).enrolledCount).toBe(0)
    expect(await page()).toContain('Day Turn Ballet: 0 taken')
    expect([handled.classes, handled.page]).toEqual([calls + 1, renders + 1])
  })

  it('a list kept at a later time is not replayed when the clock reads earlier', async () => {
    const family = await createFamily(app, 'day-back')
    const cls = await addClass(app, { name: 'Day Back Ballet', capacity: 1 })
    const student = await addStudent(app, family.userId, 'Bea Dayback', 7)
    setAcademyClock(at('2027-04-06T10:00:00-04:00'))
    const enrolled = await family.client.post('/api/enrollments', { studentId: student, classId: cls.id })
    expect((await family.client.post(`/api/enrollments/${enrolled.body.id}/drop`, { lastDay: '2027-04-13' })).status).toBe(200)
    setAcademyClock(at('2027-04-14T09:00:00-04:00'))
    expect((await listed(cls.id)).enrolledCount).toBe(0)
    setAcademyClock(at('2027-04-13T09:00:00-04:00'))
    expect((await listed(cls.id)).enrolledCount).toBe(1)
  })
})

describe('the class list when a waitlist offer expires with no write', () => {
  it('the place the offer held is free in /api/classes and the visitor page from the instant it expires', async () => {
    const family = await createFamily(app, 'offer-lapse')
    const cls = await addClass(app, { name: 'Offer Lapse Ballet', capacity: 1 })
    const student = await addStudent(app, family.userId, 'Olive Offer', 7)
    setAcademyClock(at('2027-05-04T10:00:00-04:00'))
    await app.payload.create({
      collection: 'waitlist-entries',
      overrideAccess: true,
      data: {
        class: cls.id,
        student,
        family: family.userId,
        status: 'offered',
        offeredAt: '2027-05-04T14:00:00.000Z',
        offerExpiresAt: '2027-05-04T16:00:00.000Z',
      },
    })
    expect((await listed(cls.id)).heldCount).toBe(1)
    expect(await page()).toContain('Offer Lapse Ballet: 0 taken, 1 held')
    const calls = handled.classes
    setAcademyClock(at('2027-05-04T15:59:59.999Z'))
    expect((await listed(cls.id)).heldCount).toBe(1)
    expect(handled.classes).toBe(calls)

    setAcademyClock(at('2027-05-04T16:00:00.000Z'))
    expect((await listed(cls.id)).heldCount).toBe(0)
    expect(await page()).toContain('Offer Lapse Ballet: 0 taken, 0 held')
    expect(handled.classes).toBe(calls + 1)
  })
})
