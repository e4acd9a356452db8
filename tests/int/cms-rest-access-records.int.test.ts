import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { cmsRest, createAccount, sessionCookie, type Account } from '#tests/support/cms-rest'
import { addClass, addStudent } from '#tests/support/families'
import { uniqueName } from '#tests/support/postgres'

/**
 * A family's records are safe on their own (issue 21): Payload's REST handler, called directly
 * as if the router's admin-only guard did not exist, never lets another family or a teacher
 * read or change them, and never lets their owner hand them to someone else.
 */
let app: TestApp
let adminCookie: string
let family: Account
let other: Account
let teacher: Account
const ids = { student: 0, cls: 0, enrollment: 0, invoice: 0, card: 0, preferences: 0 }

const refusedOrHidden = (status: number, who: string) => expect([401, 403, 404], who).toContain(status)

async function find(collection: 'payment-methods' | 'notification-preferences' | 'students' | 'enrollments' | 'invoices', id: number) {
  return app.payload.findByID({ collection, id, overrideAccess: true, depth: 0, disableErrors: true }) as Promise<Record<string, unknown> | null>
}

const ownerOf = (doc: Record<string, unknown> | null) => doc?.user

beforeAll(async () => {
  app = await startTestApp()
  adminCookie = await sessionCookie(app, ADMIN.username, ADMIN.password)
  family = await createAccount(app, 'records-family')
  other = await createAccount(app, 'records-other')
  teacher = await createAccount(app, 'records-teacher', { isTeacher: true })
  ids.student = await addStudent(app, family.id, 'Owned Dancer')
  ids.cls = (await addClass(app)).id
  ids.enrollment = (
    await app.payload.create({ collection: 'enrollments', overrideAccess: true, data: { student: ids.student, class: ids.cls, enrollmentDate: '2026-09-01' } })
  ).id as number
  ids.invoice = (
    await app.payload.create({
      collection: 'invoices',
      overrideAccess: true,
      data: { userId: family.id, amountCents: 6500, description: 'Tuition', status: 'pending', dueDate: '2030-01-01' },
    })
  ).id as number
  ids.card = (
    await app.payload.create({
      collection: 'payment-methods',
      overrideAccess: true,
      data: { user: family.id, cardBrand: 'visa', lastFour: '4242', expiryMonth: 12, expiryYear: 2030, stripePaymentMethodId: uniqueName('pm_family') },
    })
  ).id as number
  ids.preferences = (await app.payload.create({ collection: 'notification-preferences', overrideAccess: true, data: { user: family.id } })).id as number
}, 120_000)

afterAll(async () => {
  await app?.close()
})

describe("Payload REST for a family's records, past the router", () => {
  it('never moves a saved card to another family, nor lets its owner rewrite or drop it behind the contract', async () => {
    const before = await find('payment-methods', ids.card)
    for (const data of [{ user: other.id }, { stripePaymentMethodId: 'pm_someone_elses_card' }, { lastFour: '0000' }]) {
      const res = await cmsRest(app, 'PATCH', `/payment-methods/${ids.card}`, { cookie: family.cookie, body: data })
      expect(res.status, Object.keys(data)[0]).toBe(403)
    }
    refusedOrHidden((await cmsRest(app, 'DELETE', `/payment-methods/${ids.card}`, { cookie: family.cookie })).status, 'family delete')
    expect(await find('payment-methods', ids.card)).toEqual(before)
    // The family still sees its own card; the administrator still manages it.
    expect((await cmsRest(app, 'GET', `/payment-methods/${ids.card}`, { cookie: family.cookie })).status).toBe(200)
    const byAdmin = await cmsRest(app, 'PATCH', `/payment-methods/${ids.card}`, { cookie: adminCookie, body: { isDefault: true } })
    expect(byAdmin.status).toBe(200)
  })

  it('keeps notification preferences with their family while the family changes its settings', async () => {
    const res = await cmsRest(app, 'PATCH', `/notification-preferences/${ids.preferences}`, {
      cookie: family.cookie,
      body: { user: other.id, emailNotifications: false },
    })
    expect(res.status).toBeLessThan(500)
    const after = await find('notification-preferences', ids.preferences)
    expect(ownerOf(after)).toBe(family.id)
    const { totalDocs } = await app.payload.count({ collection: 'notification-preferences', overrideAccess: true, where: { user: { equals: other.id } } })
    expect(totalDocs).toBe(0)
    // Its own settings are still the family's to change.
    const own = await cmsRest(app, 'PATCH', `/notification-preferences/${ids.preferences}`, { cookie: family.cookie, body: { promotionalEmails: false } })
    expect(own.status).toBe(200)
    expect((await find('notification-preferences', ids.preferences))?.promotionalEmails).toBe(false)
  })

  it("never shows or changes a family's students, enrollments or invoices to another family, a teacher or a visitor", async () => {
    const before = JSON.stringify(await Promise.all([find('students', ids.student), find('enrollments', ids.enrollment), find('invoices', ids.invoice)]))
    const wrongUsers: Array<[string, string | undefined]> = [
      ['visitor', undefined],
      ['other family', other.cookie],
      ['teacher', teacher.cookie],
    ]
    for (const [who, cookie] of wrongUsers) {
      const calls: Array<[string, string, unknown?]> = [
        ['GET', `/students/${ids.student}`],
        ['PATCH', `/students/${ids.student}`, { fullName: 'Taken Dancer', user: other.id }],
        ['DELETE', `/students/${ids.student}`],
        ['GET', `/enrollments/${ids.enrollment}`],
        ['PATCH', `/enrollments/${ids.enrollment}`, { endDate: '2030-01-01' }],
        ['DELETE', `/enrollments/${ids.enrollment}`],
        ['GET', `/invoices/${ids.invoice}`],
        ['PATCH', `/invoices/${ids.invoice}`, { status: 'paid' }],
        ['DELETE', `/invoices/${ids.invoice}`],
        ['GET', `/payment-methods/${ids.card}`],
        ['GET', `/notification-preferences/${ids.preferences}`],
        ['GET', `/users/${family.id}`],
      ]
      for (const [method, path, body] of calls) refusedOrHidden((await cmsRest(app, method, path, { cookie, body })).status, `${who} ${method} ${path}`)
      for (const collection of ['students', 'enrollments', 'invoices', 'payment-methods', 'notification-preferences', 'users']) {
        const list = await cmsRest(app, 'GET', `/${collection}?limit=100&depth=0`, { cookie })
        const docs = (list.body?.docs ?? []) as Array<{ id: number; user?: number; userId?: number; student?: number }>
        const leaked = docs.filter((d) => d.user === family.id || d.userId === family.id || d.student === ids.student || d.id === family.id)
        expect(leaked, `${who} lists ${collection}`).toEqual([])
      }
    }
    expect(JSON.stringify(await Promise.all([find('students', ids.student), find('enrollments', ids.enrollment), find('invoices', ids.invoice)]))).toBe(before)
  })

  it("keeps a family's own writes to students and enrollments to the contract, whose rules REST would skip", async () => {
    const before = JSON.stringify(await Promise.all([find('students', ids.student), find('enrollments', ids.enrollment)]))
    const students = async () => app.payload.count({ collection: 'students', overrideAccess: true }).then((r) => r.totalDocs)
    const count = await students()
    const calls: Array<[string, string, unknown?]> = [
      ['PATCH', `/students/${ids.student}`, { user: other.id }],
      ['PATCH', `/students/${ids.student}`, { dateOfBirth: '2099-01-01' }],
      ['POST', '/students', { user: family.id, fullName: 'Planted Dancer', dateOfBirth: '2018-01-01', experienceLevel: 'Beginner' }],
      // A removal skips the drop rules and the class's lock: an administrator's action (decisions §2).
      ['DELETE', `/enrollments/${ids.enrollment}`],
      ['DELETE', `/students/${ids.student}`],
    ]
    for (const [method, path, body] of calls) expect((await cmsRest(app, method, path, { cookie: family.cookie, body })).status, `${method} ${path}`).toBe(403)
    expect(await students()).toBe(count)
    expect(JSON.stringify(await Promise.all([find('students', ids.student), find('enrollments', ids.enrollment)]))).toBe(before)
    // The family still sees its own records.
    expect((await cmsRest(app, 'GET', `/students/${ids.student}`, { cookie: family.cookie })).status).toBe(200)
  })

  it('never lets a family or a teacher lock an administrator out of a document in /cms, nor see who edits what', async () => {
    const locks = async () => app.payload.count({ collection: 'payload-locked-documents', overrideAccess: true }).then((r) => r.totalDocs)
    const before = await locks()
    for (const account of [family, teacher]) {
      const lock = { document: { relationTo: 'classes', value: ids.cls }, user: { relationTo: 'users', value: account.id } }
      refusedOrHidden((await cmsRest(app, 'POST', '/payload-locked-documents', { cookie: account.cookie, body: lock })).status, account.username)
      refusedOrHidden((await cmsRest(app, 'GET', '/payload-locked-documents', { cookie: account.cookie })).status, account.username)
    }
    expect(await locks()).toBe(before)
    expect((await cmsRest(app, 'GET', '/payload-locked-documents', { cookie: adminCookie })).status).toBe(200)
  })

  it('shows an administrator every record (the positive control)', async () => {
    for (const path of [
      `/students/${ids.student}`,
      `/enrollments/${ids.enrollment}`,
      `/invoices/${ids.invoice}`,
      `/notification-preferences/${ids.preferences}`,
    ]) {
      expect((await cmsRest(app, 'GET', path, { cookie: adminCookie })).status, path).toBe(200)
    }
  })
})
