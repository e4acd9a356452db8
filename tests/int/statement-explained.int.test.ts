import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { setAcademyClock } from '#api/lib/academy-clock'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'

/**
 * The bill explains itself (issue 23): the statement's next invoice shows the lines the run
 * will write, each with its reason in words, and the run stores the same reason on the lines
 * of the invoice it issues.
 */
let app: TestApp
let admin: ApiClient
let visitor: ApiClient
let family: Family
let other: Family

const RUN = '/api/admin/tuition/run'
const STATEMENT = '/api/billing/statement'
// Saturday 20 February 2027, 10:00 in New York: February is the academy's month.
const NOW = new Date('2027-02-20T15:00:00Z')

/** Billed on the 1st, 10 % off each further child, $25.00 registration, no class on Thursday 25 March 2027. */
const SETTINGS = {
  billingDay: 1,
  seasonStartMonth: 9,
  registrationFeeCents: 2500,
  siblingDiscountPercent: 10,
  multiClassDiscountPercent: 0,
  familyDiscountCapCents: null,
  lateFeeCents: 0,
  lateFeeAfterDays: 14,
  closures: [{ date: '2027-03-25', label: 'Spring break' }],
}

const enroll = (student: number, cls: number, enrollmentDate: string) =>
  app.payload.create({ collection: 'enrollments', overrideAccess: true, data: { student, class: cls, enrollmentDate } })

beforeAll(async () => {
  app = await startTestApp({ ACADEMY_TIMEZONE: 'America/New_York' })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  visitor = new ApiClient(app.url)
  expect((await admin.put('/api/admin/tuition-settings', SETTINGS)).status).toBe(200)
  // March 2027 starts on a Monday: Tuesdays and Thursdays meet 9 times, 8 without the 25th; Saturdays 4 times.
  const ballet = await addClass(app, { name: 'Ballet Explained' })
  await app.payload.update({ collection: 'classes', id: ballet.id, overrideAccess: true, data: { price: 12_000, days: 'Tuesday & Thursday' } })
  const jazz = await addClass(app, { name: 'Jazz Explained' })
  await app.payload.update({ collection: 'classes', id: jazz.id, overrideAccess: true, data: { price: 8000, days: 'Saturday' } })

  family = await createFamily(app, 'explained')
  // Emma starts on Tuesday 16 March; Lily on the 1st: nothing to bill in February, March is next.
  await enroll(await addStudent(app, family.userId, 'Emma Explained'), ballet.id, '2027-03-16')
  await enroll(await addStudent(app, family.userId, 'Lily Explained'), jazz.id, '2027-03-01')
  expect((await admin.post('/api/admin/credits', { userId: family.userId, amountCents: 1000, reason: 'Missed class in January' })).status).toBe(201)

  other = await createFamily(app, 'explained-other')
  await enroll(await addStudent(app, other.userId, 'Otto Explained'), jazz.id, '2027-01-01')
}, 120_000)
beforeEach(() => setAcademyClock(() => NOW))
afterEach(() => setAcademyClock(null))
afterAll(async () => {
  await app?.close()
})

const EXPECTED_LINES = [
  {
    kind: 'tuition',
    studentName: 'Emma Explained',
    className: 'Ballet Explained',
    amountCents: 6000,
    explanation: '4 of 8 classes in March: the class starts on the 16th, and the 25th is a closure. $120.00 a month × 4/8 = $60.00.',
  },
  {
    kind: 'tuition',
    studentName: 'Lily Explained',
    className: 'Jazz Explained',
    amountCents: 8000,
    explanation: 'All 4 classes in March: the full monthly price of $80.00.',
  },
  {
    kind: 'discount',
    studentName: 'Emma Explained',
    className: null,
    amountCents: -600,
    explanation: "10% off Emma Explained's tuition ($60.00): Lily Explained has the highest tuition and pays in full; each other child gets 10% off.",
  },
  {
    kind: 'registration',
    studentName: null,
    className: null,
    amountCents: 2500,
    explanation: 'Charged once per family each season, with the first tuition invoice of the 2026–2027 season.',
  },
  { kind: 'credit', studentName: null, className: null, amountCents: -1000, explanation: 'Your credit of $10.00 from the academy, used in full.' },
]

const shape = (lines: Array<Record<string, unknown>>) =>
  lines.map(({ kind, studentName, className, amountCents, explanation }) => ({ kind, studentName, className, amountCents, explanation }))

describe('the next invoice on the statement, explained', () => {
  it('lists the lines the run will write for the first month with something to bill, each with its reason, issue and due dates', async () => {
    const res = await family.client.get(STATEMENT)
    expect(res.status).toBe(200)
    const next = res.body.next
    expect(next).toMatchObject({ period: '2027-03', billingDate: '2027-03-01', issueDate: '2027-03-01', dueDate: '2027-03-01', estimatedCents: 14_900 })
    expect(shape(next.lines)).toEqual(EXPECTED_LINES)
    // The same engine as the run: a dry run of March prices it identically.
    const dry = await admin.post(RUN, { period: '2027-03', userIds: [family.userId] })
    expect(next.lines).toEqual(dry.body.families[0].lines)
  })

  it('is what the issued invoice carries: every line of it keeps its explanation, for the family and the admin', async () => {
    const billed = await admin.post(RUN, { period: '2027-03', dryRun: false, userIds: [family.userId] })
    expect(billed.body.families[0]).toMatchObject({ outcome: 'created', totalCents: 14_900 })
    const mine = (await family.client.get('/api/invoices')).body.find((i: { id: number }) => i.id === billed.body.families[0].invoiceId)
    expect(shape(mine.lines)).toEqual(EXPECTED_LINES)
    const seen = (await admin.get(`/api/admin/families/${family.userId}/statement`)).body.invoices[0]
    expect(shape(seen.lines)).toEqual(EXPECTED_LINES)
    // A hand-typed invoice has no explanation, and its lines read as before.
    const typed = await admin.post('/api/invoices', { userId: family.userId, amount: 30, description: 'Costume', dueDate: '2027-03-01' })
    expect(typed.body.lines[0]).not.toHaveProperty('explanation')

    // March billed: April is next, a full month for both, without the registration fee.
    const after = (await family.client.get(STATEMENT)).body.next
    expect(after).toMatchObject({ period: '2027-04', issueDate: '2027-04-01', dueDate: '2027-04-01' })
    expect(after.lines.map((l: { kind: string }) => l.kind)).toEqual(['tuition', 'tuition', 'discount'])
    expect(after.lines[0].explanation).toBe('All 9 classes in April: the full monthly price of $120.00.')
  })

  it('is issued today and due today when the month’s billing day has passed', async () => {
    // Another family whose February was never billed, on 20 February: issued and due that day.
    const next = (await other.client.get(STATEMENT)).body.next
    expect(next).toMatchObject({ period: '2027-02', billingDate: '2027-02-01', issueDate: '2027-02-20', dueDate: '2027-02-20' })
  })

  it('moves to the next month once the month’s scheduled run has finished without the family (decisions §13), as the enrollment quote does', async () => {
    const run = await app.payload.create({
      collection: 'tuition-runs',
      overrideAccess: true,
      data: { period: '2027-02', status: 'finished', attempts: 1, startedAt: NOW.toISOString(), heartbeatAt: NOW.toISOString(), finishedAt: NOW.toISOString() },
    })
    try {
      const next = (await other.client.get(STATEMENT)).body.next
      expect(next).toMatchObject({ period: '2027-03', billingDate: '2027-03-01', issueDate: '2027-03-01' })
    } finally {
      await app.payload.delete({ collection: 'tuition-runs', id: run.id, overrideAccess: true })
    }
  })

  it('is never shown to a visitor nor to another family', async () => {
    const refused = await visitor.get(STATEMENT)
    expect([refused.status, refused.body.message]).toEqual([401, 'Please log in to continue.'])
    // Another family reads only its own statement, whatever it asks for.
    const others = await other.client.get(`${STATEMENT}?userId=${family.userId}`)
    expect(others.status).toBe(200)
    expect(others.body.userId).toBe(other.userId)
    expect(JSON.stringify(others.body)).not.toContain('Emma Explained')
    const forbidden = await other.client.get(`/api/admin/families/${family.userId}/statement`)
    expect([forbidden.status, forbidden.body.message]).toEqual([403, 'You do not have administrator privileges.'])
  })
})
