import { createLocalReq, type CollectionSlug } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { User } from '#cms/payload-types'
import { relationId } from '#api/lib/relations'
import { ownedByFamily, type FamilyField } from '#api/lib/ownership'
import { findOwnStudent } from '#api/students'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'

/**
 * Issue 22: one rule per kind of ownership (src/api/lib/ownership.ts), read by the collections'
 * access and by the operations, which read a family's rows as the family (overrideAccess:
 * false). Two families with a row of every kind: whatever a family reads, it never gets the
 * other family's.
 */

let app: TestApp
let admin: ApiClient
let mine: Family
let theirs: Family
const rows = { mine: {} as Record<string, number>, theirs: {} as Record<string, number> }

/** The family-owned collections and how a row names its family. */
const OWNED: Array<{ collection: CollectionSlug; field: FamilyField; key: string; owner: (doc: Record<string, unknown>) => unknown }> = [
  { collection: 'students', field: 'user', key: 'student', owner: (doc) => doc.user },
  { collection: 'enrollments', field: 'student.user', key: 'enrollment', owner: (doc) => (doc.student as { user: unknown }).user },
  { collection: 'waitlist-entries', field: 'student.user', key: 'entry', owner: (doc) => (doc.student as { user: unknown }).user },
  { collection: 'invoices', field: 'userId', key: 'invoice', owner: (doc) => doc.userId },
  { collection: 'payments', field: 'userId', key: 'payment', owner: (doc) => doc.userId },
  { collection: 'credits', field: 'userId', key: 'credit', owner: (doc) => doc.userId },
]

async function seedFamily(family: Family, classId: number, fullClassId: number): Promise<Record<string, number>> {
  const { payload } = app
  const student = await addStudent(app, family.userId, `${family.fullName} child`)
  const enrollment = await payload.create({ collection: 'enrollments', overrideAccess: true, data: { student, class: classId, enrollmentDate: '2020-01-01' } })
  const entry = await payload.create({
    collection: 'waitlist-entries',
    overrideAccess: true,
    data: { student, class: fullClassId, family: family.userId, status: 'waiting' },
  })
  const invoice = await payload.create({
    collection: 'invoices',
    overrideAccess: true,
    data: { userId: family.userId, description: 'Ownership', status: 'pending', dueDate: '2030-01-01', amountCents: 7500 },
  })
  const payment = await payload.create({
    collection: 'payments',
    overrideAccess: true,
    data: { userId: family.userId, invoice: invoice.id, amountCents: 100, status: 'completed', method: 'stripe' },
  })
  const credit = await payload.create({
    collection: 'credits',
    overrideAccess: true,
    data: { userId: family.userId, amountCents: 500, reason: 'Ownership', status: 'open' },
  })
  return { student, enrollment: enrollment.id, entry: entry.id, invoice: invoice.id, payment: payment.id, credit: credit.id }
}

async function userOf(family: Family): Promise<User> {
  return (await app.payload.findByID({ collection: 'users', id: family.userId, overrideAccess: true, depth: 0 })) as User
}

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  const open = await addClass(app, { name: 'Ownership Open' })
  const full = await addClass(app, { name: 'Ownership Full', capacity: 1 })
  mine = await createFamily(app, 'own-mine')
  theirs = await createFamily(app, 'own-theirs')
  rows.mine = await seedFamily(mine, open.id, full.id)
  rows.theirs = await seedFamily(theirs, open.id, full.id)
}, 120_000)
afterAll(async () => {
  await app?.close()
})

describe("a family's reads under the collections' read rule (overrideAccess: false)", () => {
  it.each(OWNED)('$collection: only its own rows, never the other family’s', async ({ collection, field, key, owner }) => {
    const user = await userOf(mine)
    const { docs } = await app.payload.find({ collection, user, overrideAccess: false, depth: 1, limit: 0, pagination: false })
    expect(docs.length).toBeGreaterThan(0)
    for (const doc of docs) expect(relationId(owner(doc as unknown as Record<string, unknown>) as number)).toBe(mine.userId)
    // The collection's access and the operations' rule are one: the same rows, for the family and for an administrator.
    const ruled = await app.payload.find({ collection, overrideAccess: true, where: ownedByFamily(user, field), depth: 0, limit: 0, pagination: false })
    expect(ruled.docs.map((doc) => doc.id).sort()).toEqual(docs.map((doc) => doc.id).sort())
    const adminUser = (await app.payload.find({ collection: 'users', overrideAccess: true, where: { username: { equals: ADMIN.username } } })).docs[0] as User
    const all = await app.payload.find({ collection, user: adminUser, overrideAccess: false, depth: 0, limit: 0, pagination: false })
    const everyRow = await app.payload.find({ collection, overrideAccess: true, where: ownedByFamily(adminUser, field), depth: 0, limit: 0, pagination: false })
    expect(all.totalDocs).toBe(everyRow.totalDocs)
    expect(all.totalDocs).toBeGreaterThanOrEqual(2)
    // Even when asked for the other family's row by its id, the rule leaves it out (and finds one's own).
    const byId = (id: number | undefined) =>
      app.payload.find({ collection, user, overrideAccess: false, depth: 0, where: { id: { equals: id } } }).then((r) => r.docs.length)
    expect(await byId(rows.theirs[key])).toBe(0)
    expect(await byId(rows.mine[key])).toBe(1)
  })

  it("the students' operation (GET /api/students/:id, /select-classes) finds its own student and not the other's", async () => {
    const user = await userOf(mine)
    const req = await createLocalReq({}, app.payload)
    expect((await findOwnStudent(req, user, rows.mine.student!)).id).toBe(rows.mine.student)
    await expect(findOwnStudent(req, user, rows.theirs.student!)).rejects.toMatchObject({ status: 404 })
  })
})

describe("the contract's family reads return the family's rows only", () => {
  it('students, enrollments, invoices, payments, the waitlist and the statement', async () => {
    const students = await mine.client.get('/api/students')
    expect(students.body.map((s: { id: number }) => s.id)).toEqual([rows.mine.student])
    expect((await mine.client.get(`/api/students/${rows.theirs.student}`)).status).toBe(404)
    expect((await mine.client.get(`/api/students/${rows.theirs.student}/enrollments`)).status).toBe(404)
    const invoices = await mine.client.get('/api/invoices')
    expect(invoices.body.map((i: { id: number }) => i.id)).toEqual([rows.mine.invoice])
    const payments = await mine.client.get('/api/payments')
    expect(payments.body.map((p: { id: number }) => p.id)).toEqual([rows.mine.payment])
    const waitlist = await mine.client.get('/api/waitlist')
    expect(waitlist.body.map((e: { id: number }) => e.id)).toEqual([rows.mine.entry])
    const statement = await mine.client.get('/api/billing/statement')
    expect(statement.body.userId).toBe(mine.userId)
    expect(statement.body.invoices.map((i: { id: number }) => i.id)).toEqual([rows.mine.invoice])
    expect(statement.body.payments.map((p: { id: number }) => p.id)).toEqual([rows.mine.payment])
  })

  it("an administrator's statement of a family reads that family's rows, not another's", async () => {
    const statement = await admin.get(`/api/admin/families/${theirs.userId}/statement`)
    expect(statement.status).toBe(200)
    expect(statement.body.invoices.map((i: { id: number }) => i.id)).toEqual([rows.theirs.invoice])
    expect(statement.body.payments.map((p: { id: number }) => p.id)).toEqual([rows.theirs.payment])
  })
})
