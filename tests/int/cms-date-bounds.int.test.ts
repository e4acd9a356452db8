import type { CollectionSlug } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DATE_RANGE_MESSAGES } from '#shared/dates'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { cmsRest, createAccount, sessionCookie } from '#tests/support/cms-rest'
import { addClass, addStudent } from '#tests/support/families'

/**
 * Every day and month a collection or global stores is bounded to the contract's years
 * (2000–2100) with the contract's messages, however it is written (issue 21): the Local API as
 * the server or an administrator writes it, and Payload REST as /cms does. A refusal is a 400
 * that changes nothing; a day or month inside the range still saves.
 */
let app: TestApp
let adminCookie: string
const ids: Record<string, number> = {}

type Data = Record<string, unknown>
type Case = {
  collection: CollectionSlug
  field: string
  /** The write with the field's value (a closure sits in an array). */
  data: (value: string) => Data
  bad: string[]
  good: string
  message: string
  /** Payload REST lets an administrator write it (tuition runs and autopay attempts are the server's alone). */
  rest: boolean
  /** What the field holds once saved (a `date` field stores a moment). */
  stored?: (doc: Data) => unknown
}

const field = (name: string) => (value: string) => ({ [name]: value })
/** A closure whose first day is the value (its last day the end of the range, so only the first can be wrong). */
const closures = (value: string) => ({ closures: [{ start: value, end: '2100-12-31' }] })
const dayOf = (name: string) => (doc: Data) => String(doc[name]).slice(0, 10)
// Years 0000–0099 are no real days at all (parseIsoDate): they get the format's message, as in the contract.
const BAD_DAYS = ['0100-01-01', '1999-12-31', '2101-01-01', '9999-12-31']
const BAD_MONTHS = ['0000-01', '0100-01', '1999-12', '2101-01', '9999-12']
const day = (collection: CollectionSlug, name: string, good: string, rest = true): Case => ({
  collection,
  field: name,
  data: field(name),
  bad: BAD_DAYS,
  good,
  message: DATE_RANGE_MESSAGES.day,
  rest,
})
const month = (collection: CollectionSlug, name: string, good: string, rest = true): Case => ({
  ...day(collection, name, good, rest),
  bad: BAD_MONTHS,
  message: DATE_RANGE_MESSAGES.month,
})

const CASES: Case[] = [
  day('attendance', 'date', '2000-01-01'),
  day('makeups', 'date', '2100-12-31'),
  day('makeups', 'missedDate', '2000-01-01'),
  day('classes', 'termStart', '2000-01-01'),
  day('classes', 'termEnd', '2100-12-31'),
  { ...day('classes', 'closures', '2100-12-31'), data: closures, stored: (doc) => (doc.closures as Data[])[0]?.start },
  { ...day('enrollments', 'enrollmentDate', '2000-01-01'), stored: dayOf('enrollmentDate') },
  { ...day('enrollments', 'endDate', '2100-12-31'), stored: dayOf('endDate') },
  { ...day('invoices', 'dueDate', '2100-12-31'), stored: dayOf('dueDate') },
  month('invoices', 'period', '2100-12'),
  day('payments', 'receivedOn', '2000-01-01'),
  month('tuition-runs', 'period', '2000-01', false),
  day('autopay-attempts', 'day', '2100-12-31', false),
]

/** A valid new row of each collection, for the refused creates. */
function newRow(collection: CollectionSlug): Data {
  const moment = new Date().toISOString()
  const rows: Partial<Record<CollectionSlug, Data>> = {
    attendance: { class: ids.cls, student: ids.student, date: '2026-03-02', status: 'present' },
    makeups: { student: ids.student, class: ids.cls, date: '2026-03-03', missedClass: ids.otherCls, missedDate: '2026-03-04' },
    classes: {
      name: 'Bounded class',
      description: 'x',
      level: 'Beginner',
      days: 'Monday',
      time: '4:00-5:00pm',
      location: 'A',
      instructor: 'B',
      ageGroup: '6-8',
      price: 6500,
    },
    enrollments: { student: ids.student, class: ids.thirdCls, enrollmentDate: '2026-03-01' },
    invoices: { userId: ids.user, amountCents: 6500, description: 'Bounded', status: 'pending', dueDate: '2026-03-01' },
    payments: { userId: ids.user, amountCents: 6500, method: 'offline', offlineMethod: 'cash', receivedOn: '2026-03-01' },
    'tuition-runs': { period: '2026-02', status: 'started', startedAt: moment, heartbeatAt: moment },
    'autopay-attempts': { invoiceId: ids.invoice, attempt: 2, userId: ids.user, status: 'processing', day: '2026-03-01', amountCents: 6500 },
  }
  return rows[collection]!
}

const errorsOf = (error: unknown) => ((error as { data?: { errors?: Array<{ message: string }> } }).data?.errors ?? []).map((e) => e.message)

async function localRefusal(write: () => Promise<unknown>): Promise<{ status: unknown; messages: string[] }> {
  try {
    await write()
  } catch (error) {
    return { status: (error as { status?: number }).status, messages: errorsOf(error) }
  }
  return { status: 'saved', messages: [] }
}

const restMessages = (body: { errors?: Array<{ data?: { errors?: Array<{ message: string }> } }> }) =>
  (body?.errors ?? []).flatMap((e) => (e.data?.errors ?? []).map((inner) => inner.message))

async function rows(collection: CollectionSlug): Promise<string> {
  const found = await app.payload.find({ collection, overrideAccess: true, limit: 0, pagination: false, depth: 0, sort: 'id' })
  return JSON.stringify(found.docs)
}

beforeAll(async () => {
  app = await startTestApp()
  adminCookie = await sessionCookie(app, ADMIN.username, ADMIN.password)
  ids.user = (await createAccount(app, 'bounds-family')).id
  ids.student = await addStudent(app, ids.user, 'Dana Bounds')
  ids.cls = (await addClass(app)).id
  ids.otherCls = (await addClass(app)).id
  ids.thirdCls = (await addClass(app)).id
  const create = async (collection: CollectionSlug, data: Data) => (await app.payload.create({ collection, data, overrideAccess: true } as never)).id as number
  ids.classes = ids.cls
  ids.attendance = await create('attendance', { class: ids.cls, student: ids.student, date: '2026-03-09', status: 'present' })
  ids.makeups = await create('makeups', { student: ids.student, class: ids.otherCls, date: '2026-03-10', missedClass: ids.cls, missedDate: '2026-03-09' })
  ids.enrollments = await create('enrollments', { student: ids.student, class: ids.cls, enrollmentDate: '2026-03-01' })
  ids.invoices = ids.invoice = await create('invoices', {
    userId: ids.user,
    amountCents: 6500,
    description: 'Tuition',
    status: 'pending',
    dueDate: '2026-04-01',
  })
  ids.payments = await create('payments', { userId: ids.user, amountCents: 100, method: 'offline', offlineMethod: 'cash', receivedOn: '2026-03-01' })
  const moment = new Date().toISOString()
  ids['tuition-runs'] = await create('tuition-runs', { period: '2026-03', status: 'finished', startedAt: moment, heartbeatAt: moment })
  ids['autopay-attempts'] = await create('autopay-attempts', {
    invoiceId: ids.invoice,
    attempt: 1,
    userId: ids.user,
    status: 'failed',
    day: '2026-04-01',
    amountCents: 6500,
  })
}, 120_000)

afterAll(async () => {
  await app?.close()
})

describe('days and months out of range, written past the contract', () => {
  it.each(CASES.map((c) => [`${c.collection}.${c.field}`, c] as const))('%s refuses them on update and create, as a 400 that changes nothing', async (_, c) => {
    const id = ids[c.collection]!
    const before = await rows(c.collection)
    for (const bad of c.bad) {
      const label = `${c.collection}.${c.field} = ${bad}`
      const update = await localRefusal(() => app.payload.update({ collection: c.collection, id, data: c.data(bad), overrideAccess: true } as never))
      expect([label, update.status, update.messages]).toEqual([label, 400, [c.message]])
      const create = await localRefusal(() =>
        app.payload.create({ collection: c.collection, data: { ...newRow(c.collection), ...c.data(bad) }, overrideAccess: true } as never),
      )
      expect([label, create.status, create.messages]).toEqual([label, 400, [c.message]])
      if (c.rest) {
        const patch = await cmsRest(app, 'PATCH', `/${c.collection}/${id}`, { cookie: adminCookie, body: c.data(bad) })
        expect([label, patch.status, restMessages(patch.body)]).toEqual([label, 400, [c.message]])
        const post = await cmsRest(app, 'POST', `/${c.collection}`, { cookie: adminCookie, body: { ...newRow(c.collection), ...c.data(bad) } })
        expect([label, post.status, restMessages(post.body)]).toEqual([label, 400, [c.message]])
      }
    }
    expect(await rows(c.collection)).toEqual(before)
  })

  it.each(CASES.map((c) => [`${c.collection}.${c.field}`, c] as const))('%s still saves a day or month inside the range', async (_, c) => {
    const id = ids[c.collection]!
    const stored = c.stored ?? ((doc: Data) => doc[c.field])
    if (c.rest) {
      const patch = await cmsRest(app, 'PATCH', `/${c.collection}/${id}`, { cookie: adminCookie, body: c.data(c.good) })
      expect([patch.status, restMessages(patch.body)]).toEqual([200, []])
    } else {
      await app.payload.update({ collection: c.collection, id, data: c.data(c.good), overrideAccess: true } as never)
    }
    const doc = (await app.payload.findByID({ collection: c.collection, id, overrideAccess: true, depth: 0 })) as unknown as Data
    expect(stored(doc)).toBe(c.good)
  })

  it('the tuition settings refuse a closure out of range through the Local API and REST, and keep one inside it', async () => {
    const read = () => app.payload.findGlobal({ slug: 'tuition-settings', overrideAccess: true })
    const before = JSON.stringify(await read())
    for (const bad of BAD_DAYS) {
      const local = await localRefusal(() => app.payload.updateGlobal({ slug: 'tuition-settings', data: closures(bad), overrideAccess: true } as never))
      expect([bad, local.status, local.messages]).toEqual([bad, 400, [DATE_RANGE_MESSAGES.day]])
      const rest = await cmsRest(app, 'POST', '/globals/tuition-settings', { cookie: adminCookie, body: closures(bad) })
      expect([bad, rest.status, restMessages(rest.body)]).toEqual([bad, 400, [DATE_RANGE_MESSAGES.day]])
    }
    expect(JSON.stringify(await read())).toBe(before)
    const saved = await cmsRest(app, 'POST', '/globals/tuition-settings', { cookie: adminCookie, body: closures('2100-12-31') })
    expect(saved.status).toBe(200)
    expect((await read()).closures?.map((row) => [row.start, row.end])).toEqual([['2100-12-31', '2100-12-31']])
  })
})
