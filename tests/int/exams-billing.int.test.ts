import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { addDays, todayIso } from '#shared/dates'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'

/**
 * Exam fees (issue 27, decisions §29): an accepted entry's fee is billed exactly once — on the
 * household's next tuition invoice however often, and however concurrently, the run is started,
 * or at once on an invoice of its own when the academy bills exam fees separately. Declined and
 * withdrawn entries are never billed.
 */
const RUN = '/api/admin/tuition/run'
let app: TestApp
let admin: ApiClient
let family: Family
let grade3: number
let session: number
let classId: number

async function entryFor(household: Family, name: string, status: 'confirmed' | 'accepted' = 'confirmed'): Promise<number> {
  const student = await addStudent(app, household.userId, name, 9)
  await app.payload.create({ collection: 'enrollments', data: { student, class: classId, enrollmentDate: addDays(todayIso(), -60) }, overrideAccess: true })
  const entry = await app.payload.create({
    collection: 'exam-entries',
    overrideAccess: true,
    data: { session, student, level: grade3, household: household.userId, status, feeCents: 6500 },
  })
  return entry.id
}

async function examLines(userId: number): Promise<Array<{ invoiceId: number; kind: string | null | undefined; amountCents: number }>> {
  const { docs } = await app.payload.find({
    collection: 'invoices',
    where: { userId: { equals: userId } },
    depth: 0,
    limit: 0,
    pagination: false,
    overrideAccess: true,
  })
  return docs.flatMap((invoice) =>
    (invoice.lines ?? [])
      .filter((line) => line.kind === 'exam-fee')
      .map((line) => ({ invoiceId: invoice.id, kind: invoice.kind, amountCents: line.amountCents })),
  )
}

beforeAll(async () => {
  app = await startTestApp()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  const levels = (await new ApiClient(app.url).get('/api/levels')).body as Array<{ id: number; name: string }>
  grade3 = levels.find((l) => l.name === 'Grade 3')!.id
  classId = (await addClass(app, { name: 'Exam billing class' })).id
  session = (
    await admin.post('/api/admin/exam-sessions', {
      syllabus: 'RAD',
      venue: 'Main studio',
      date: addDays(todayIso(), 40),
      entryDeadline: addDays(todayIso(), 10),
      fees: [{ levelId: grade3, feeCents: 6500 }],
    })
  ).body.id
  family = await createFamily(app, 'exam-billing')
})

afterAll(async () => {
  await app?.close()
})

describe('on the next tuition invoice', () => {
  it('an accepted fee is billed once when the run is started twice, and twice at once for two months', async () => {
    const accepted = await entryFor(family, 'Ada Billing')
    const declined = await entryFor(family, 'Bea Billing')
    const withdrawn = await entryFor(family, 'Cleo Billing')
    expect((await family.client.post(`/api/exam-entries/${accepted}/accept`)).body.invoiceId).toBeNull()
    expect((await family.client.post(`/api/exam-entries/${declined}/decline`)).body.status).toBe('declined-by-family')
    expect((await family.client.post(`/api/exam-entries/${withdrawn}/accept`)).status).toBe(200)
    expect((await admin.post(`/api/admin/exam-entries/${withdrawn}/withdraw`)).body.status).toBe('withdrawn')

    const dry = await admin.post(RUN, { period: '2027-05', dryRun: true, userIds: [family.userId] })
    expect(dry.body.families[0].lines.filter((l: { kind: string }) => l.kind === 'exam-fee')).toHaveLength(1)
    expect(await examLines(family.userId)).toEqual([])

    // Two months at once: the family's billing lock lets one of them take the fee.
    const [may, june] = await Promise.all([
      admin.post(RUN, { period: '2027-05', dryRun: false, userIds: [family.userId] }),
      admin.post(RUN, { period: '2027-06', dryRun: false, userIds: [family.userId] }),
    ])
    expect([may.status, june.status]).toEqual([200, 200])
    const again = await Promise.all([
      admin.post(RUN, { period: '2027-05', dryRun: false, userIds: [family.userId] }),
      admin.post(RUN, { period: '2027-05', dryRun: false, userIds: [family.userId] }),
    ])
    expect(again.map((r) => r.body.families[0].outcome)).toEqual(['exists', 'exists'])
    await admin.post(RUN, { period: '2027-07', dryRun: false, userIds: [family.userId] })

    const lines = await examLines(family.userId)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ kind: 'tuition', amountCents: 6500 })
    const entry = await app.payload.findByID({ collection: 'exam-entries', id: accepted, overrideAccess: true })
    expect(entry.invoiceId).toBe(lines[0]!.invoiceId)
    const family2 = (await family.client.get('/api/exam-entries')).body as Array<{ id: number; invoiceId: number | null }>
    expect(family2.find((e) => e.id === accepted)!.invoiceId).toBe(lines[0]!.invoiceId)
  })
})

describe('after a void', () => {
  it("a voided invoice's fee is owed still: the next run bills it once more, and never twice", async () => {
    const household = await createFamily(app, 'exam-void')
    const id = await entryFor(household, 'Eve Void')
    expect((await household.client.post(`/api/exam-entries/${id}/accept`)).status).toBe(200)
    const billed = await admin.post(RUN, { period: '2027-05', dryRun: false, userIds: [household.userId] })
    const first = billed.body.families[0].invoiceId as number
    expect(await examLines(household.userId)).toEqual([{ invoiceId: first, kind: 'tuition', amountCents: 6500 }])

    expect((await admin.post(`/api/admin/invoices/${first}/void`, { reason: 'Wrong month billed' })).status).toBe(200)
    const dry = await admin.post(RUN, { period: '2027-06', dryRun: true, userIds: [household.userId] })
    expect(dry.body.families[0].lines.filter((l: { kind: string }) => l.kind === 'exam-fee')).toHaveLength(1)
    const [june, juneAgain] = await Promise.all([
      admin.post(RUN, { period: '2027-06', dryRun: false, userIds: [household.userId] }),
      admin.post(RUN, { period: '2027-07', dryRun: false, userIds: [household.userId] }),
    ])
    expect([june.status, juneAgain.status]).toEqual([200, 200])
    const standing = (await examLines(household.userId)).filter((line) => line.invoiceId !== first)
    expect(standing).toHaveLength(1)
    const entry = await app.payload.findByID({ collection: 'exam-entries', id, overrideAccess: true })
    expect(entry.invoiceId).toBe(standing[0]!.invoiceId)
  })
})

describe('on an invoice of its own', () => {
  it('when the academy says so, accepting bills the fee at once, once', async () => {
    await app.payload.updateGlobal({ slug: 'tuition-settings', data: { examFeeBilling: 'separate-invoice' }, overrideAccess: true })
    try {
      const household = await createFamily(app, 'exam-separate')
      const id = await entryFor(household, 'Dora Separate')
      const accepted = await household.client.post(`/api/exam-entries/${id}/accept`)
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
      const lines = await examLines(household.userId)
      expect(lines).toEqual([{ invoiceId: accepted.body.invoiceId, kind: 'manual', amountCents: 6500 }])
      await admin.post(RUN, { period: '2027-05', dryRun: false, userIds: [household.userId] })
      expect(await examLines(household.userId)).toEqual(lines)
      expect((await household.client.post(`/api/exam-entries/${id}/accept`)).status).toBe(409)
    } finally {
      await app.payload.updateGlobal({ slug: 'tuition-settings', data: { examFeeBilling: 'next-tuition-invoice' }, overrideAccess: true })
    }
  })
})
