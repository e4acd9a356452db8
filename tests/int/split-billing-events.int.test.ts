import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { HouseholdEvent } from '#cms/payload-types'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addGuardian, addStudent, createFamily, type Family } from '#tests/support/families'

/**
 * Split billing's audit (decisions §34): every change of who a child or one class is billed to,
 * by a guardian or an administrator, is a household event naming the child, the class and the
 * guardian; choosing what already stands, or a refused change, records nothing.
 */
let app: TestApp
let admin: ApiClient
let first: Family
let second: { client: ApiClient; userId: number }
let viewer: { client: ApiClient; userId: number }
let stranger: Family
let ana: number
let anaBallet: number

const setSplit = (splitBilling: boolean) => app.payload.updateGlobal({ slug: 'tuition-settings', overrideAccess: true, data: { splitBilling } })
const events = async () =>
  (
    await app.payload.find({
      collection: 'household-events',
      overrideAccess: true,
      depth: 0,
      limit: 0,
      sort: 'id',
      where: { and: [{ household: { equals: first.userId } }, { action: { equals: 'billed-to-changed' } }] },
    })
  ).docs.map((e: HouseholdEvent) => [e.actorName, e.subject])

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  first = await createFamily(app, 'bte-first')
  second = await addGuardian(app, first, 'bte-second', 'full')
  viewer = await addGuardian(app, first, 'bte-viewer', 'view')
  stranger = await createFamily(app, 'bte-stranger')
  const ballet = await addClass(app, { name: 'Ballet Audit' })
  ana = await addStudent(app, first.userId, 'Ana Audit')
  anaBallet = (
    await app.payload.create({ collection: 'enrollments', overrideAccess: true, data: { student: ana, class: ballet.id, enrollmentDate: '2026-09-01' } })
  ).id as number
  await setSplit(true)
})

afterAll(async () => {
  await setSplit(false).catch(() => undefined)
  await app?.close()
})

describe('household events for split billing', () => {
  it('records a guardian’s change of a child and of one class, by names', async () => {
    expect((await first.client.put('/api/household/billed-to', { studentId: ana, guardianId: second.userId })).status).toBe(200)
    expect((await second.client.post('/api/household/billed-to/accept', { studentId: ana })).status).toBe(200)
    const res = await first.client.put('/api/household/billed-to', { studentId: ana, enrollmentId: anaBallet, guardianId: first.userId })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.students[0].enrollments).toEqual([
      { enrollmentId: anaBallet, classId: expect.any(Number), className: 'Ballet Audit', current: true, billedTo: first.userId, pendingFor: null },
    ])
    expect(await events()).toEqual([
      ['bte-first parent', 'Ana Audit: asked bte-second guardian to be billed'],
      ['bte-second guardian', 'Ana Audit: billed to bte-second guardian, who accepted'],
      ['bte-first parent', 'Ana Audit, Ballet Audit: billed to bte-first parent'],
    ])
  })

  it('records nothing when the choice already stands', async () => {
    const before = await events()
    expect((await first.client.put('/api/household/billed-to', { studentId: ana, guardianId: second.userId })).status).toBe(200)
    expect((await second.client.put('/api/household/billed-to', { studentId: ana, enrollmentId: anaBallet, guardianId: first.userId })).status).toBe(200)
    expect(await events()).toEqual(before)
  })

  it('records nothing for a refused change: bad guardian, view-only caller, another household, bad input', async () => {
    const before = await events()
    expect((await first.client.put('/api/household/billed-to', { studentId: ana, guardianId: viewer.userId })).status).toBe(400)
    expect((await first.client.put('/api/household/billed-to', { studentId: ana, guardianId: stranger.userId })).status).toBe(400)
    expect((await viewer.client.put('/api/household/billed-to', { studentId: ana, guardianId: null })).status).toBe(403)
    expect((await stranger.client.put('/api/household/billed-to', { studentId: ana, guardianId: null })).status).toBe(404)
    expect((await first.client.put('/api/household/billed-to', { studentId: ana, enrollmentId: 'x', guardianId: null })).status).toBe(400)
    expect((await admin.put(`/api/admin/households/${first.userId}/billed-to`, { studentId: ana, guardianId: viewer.userId })).status).toBe(400)
    expect(await events()).toEqual(before)
  })

  it('records an administrator’s change, and the console’s household shows the choices and the event', async () => {
    const res = await admin.put(`/api/admin/households/${second.userId}/billed-to`, { studentId: ana, enrollmentId: anaBallet, guardianId: null })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const back = await admin.put(`/api/admin/households/${first.userId}/billed-to`, { studentId: ana, guardianId: null })
    expect(back.status).toBe(200)
    expect((await events()).slice(-2)).toEqual([
      [expect.any(String), 'Ana Audit, Ballet Audit: billed as the child'],
      [expect.any(String), 'Ana Audit: billed to the payer, bte-first parent'],
    ])
    const household = await admin.get(`/api/admin/households/${first.userId}`)
    expect(household.body.billedTo.students.map((s: { studentId: number; billedTo: number | null }) => [s.studentId, s.billedTo])).toEqual([[ana, null]])
    expect(household.body.events[0]).toMatchObject({ action: 'billed-to-changed', subject: 'Ana Audit: billed to the payer, bte-first parent' })
    expect((await first.client.get(`/api/admin/households/${first.userId}`)).status).toBe(403)
  })
})
