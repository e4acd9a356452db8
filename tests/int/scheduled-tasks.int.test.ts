import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { BILLING_QUEUE, SCHEDULED_TASKS } from '#cms/jobs'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily } from '#tests/support/families'
import { seedTuitionFamilies } from '#tests/support/tuition-families'

/**
 * One scheduled task per domain (docs/decisions/017): the month's tuition, the autopay charges,
 * the late fees and the waitlist's lapsed offers are four Payload tasks, each scheduled on its
 * own, each doing its own domain's work only, on the academy's day, and one failing stops none
 * of the others.
 */
const ZONE = 'America/Chicago'
const FAMILIES = 3

let app: TestApp
let db: pg.Client
let admin: ApiClient
let waitlist: { classId: number; entries: number[] }

const count = async (query: string, params: unknown[] = []) => (await db.query(query, params)).rows[0].n as number
const tuitionInvoices = (period: string) => count(`SELECT count(*)::int AS n FROM invoices WHERE kind = 'tuition' AND period = $1`, [period])
const lateFees = () => count(`SELECT count(*)::int AS n FROM invoices WHERE kind = 'late-fee'`)

async function waitlistStatuses(): Promise<string[]> {
  const { rows } = await db.query('SELECT status FROM waitlist_entries WHERE id = ANY($1::int[]) ORDER BY id', [waitlist.entries])
  return rows.map((row) => row.status as string)
}

/** Queues one domain's task as of `now` (an ISO time) and runs that job alone. */
async function runTask(domain: keyof typeof SCHEDULED_TASKS, now: string): Promise<string | undefined> {
  const job = await app.payload.jobs.queue({ task: SCHEDULED_TASKS[domain], input: { now }, queue: BILLING_QUEUE })
  return (await app.payload.jobs.runByID({ id: job.id })).jobStatus?.[job.id]?.status
}

beforeAll(async () => {
  app = await startTestApp({ ACADEMY_TIMEZONE: ZONE })
  db = new pg.Client({ connectionString: app.databaseUrl })
  await db.connect()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  const settings = {
    billingDay: 5,
    seasonStartMonth: 9,
    registrationFeeCents: 0,
    siblingDiscountPercent: 0,
    multiClassDiscountPercent: 0,
    familyDiscountCapCents: null,
    lateFeeCents: 1500,
    lateFeeAfterDays: 14,
    closures: [],
  }
  expect((await admin.request('PUT', '/api/admin/tuition-settings', settings)).status).toBe(200)
  const billed = await addClass(app, { name: 'Scheduled Ballet' })
  await app.payload.update({ collection: 'classes', id: billed.id, overrideAccess: true, data: { price: 8000, days: 'Monday & Wednesday' } })
  await seedTuitionFamilies(db, { prefix: 'scheduled', families: FAMILIES, studentsPerFamily: 1, classIds: [billed.id], enrollmentDate: '2027-01-01' })

  // A full class whose place is offered to a waiting family (an offer of 48 hours from today, long gone in 2027).
  const full = await addClass(app, { ageGroup: '6-8', capacity: 1 })
  const seated = await createFamily(app, 'scheduled-seated')
  const sitter = await addStudent(app, seated.userId, 'Scheduled Sitter', 7)
  const enrollment = await app.payload.create({
    collection: 'enrollments',
    data: { student: sitter, class: full.id, enrollmentDate: '2026-09-01' },
    overrideAccess: true,
  })
  const waiting = await createFamily(app, 'scheduled-waiting')
  const entries: number[] = []
  for (const name of ['Scheduled First', 'Scheduled Second']) {
    const student = await addStudent(app, waiting.userId, name, 7)
    entries.push((await waiting.client.post('/api/waitlist', { studentId: student, classId: full.id })).body.id as number)
  }
  // The studio frees the place at once (a family's own removal is a drop under the notice, decisions §18).
  expect((await admin.delete(`/api/enrollments/${enrollment.id}`)).status).toBe(200)
  waitlist = { classId: full.id, entries }
  expect(await waitlistStatuses()).toEqual(['offered', 'waiting'])
}, 60_000)

afterAll(async () => {
  await db?.end()
  await app?.close()
})

describe('one scheduled task per domain', () => {
  it('schedules each domain’s task on its own cron, on the billing queue, once however often the schedules are handled', async () => {
    const schedules = Object.fromEntries((app.payload.config.jobs.tasks ?? []).map((task) => [task.slug, task.schedule]))
    expect(schedules).toEqual({
      billingCalendar: [expect.objectContaining({ cron: '0 * * * *', queue: BILLING_QUEUE })],
      autopayCharges: [expect.objectContaining({ cron: '15 * * * *', queue: BILLING_QUEUE })],
      lateFees: [expect.objectContaining({ cron: '30 * * * *', queue: BILLING_QUEUE })],
      waitlistExpiry: [expect.objectContaining({ cron: '*/5 * * * *', queue: BILLING_QUEUE })],
      // Issue 25: scheduled messages go out from their own queue, each minute.
      scheduledMessages: [expect.objectContaining({ cron: '* * * * *', queue: 'messages' })],
      // The notices of the calendar (term ending, card expiring, makeup tomorrow), hourly.
      scheduledNotices: [expect.objectContaining({ cron: '20 * * * *', queue: 'messages' })],
    })
    // The billing queue's own jobs: the waiting family's offer (beforeAll) queued a message copy on
    // the messages queue, which a busy machine may not have sent yet.
    const scheduled = `SELECT task_slug FROM payload_jobs WHERE queue = $1 AND completed_at IS NULL AND processing = false ORDER BY task_slug::text`
    await app.payload.jobs.handleSchedules({ queue: BILLING_QUEUE })
    await app.payload.jobs.handleSchedules({ queue: BILLING_QUEUE })
    expect((await db.query(scheduled, [BILLING_QUEUE])).rows.map((row) => row.task_slug)).toEqual([
      'autopayCharges',
      'billingCalendar',
      'lateFees',
      'waitlistExpiry',
    ])
    // They wait for their time; the tests below run their own.
    await db.query('DELETE FROM payload_jobs')
  })

  it('runs each domain’s task alone: it does its own domain’s work and nothing of the others', async () => {
    // 06:30 UTC on 5 March is 00:30 in Chicago: the billing day has come. Only the month is billed.
    expect(await runTask('tuition', '2027-03-05T06:30:00Z')).toBe('success')
    expect(await tuitionInvoices('2027-03')).toBe(FAMILIES)
    expect(await lateFees()).toBe(0)
    expect(await waitlistStatuses()).toEqual(['offered', 'waiting'])

    // On the 25th March's invoices are 20 days late: the tuition task charges no late fee, the late-fee task does.
    expect(await runTask('tuition', '2027-03-25T15:00:00Z')).toBe('success')
    expect(await lateFees()).toBe(0)
    expect(await runTask('autopay', '2027-03-25T15:00:00Z')).toBe('success')
    expect(await lateFees()).toBe(0)
    expect(await runTask('lateFees', '2027-03-25T15:00:00Z')).toBe('success')
    expect(await lateFees()).toBe(FAMILIES)
    expect(await runTask('lateFees', '2027-03-25T16:00:00Z')).toBe('success')
    expect(await lateFees()).toBe(FAMILIES)
    expect(await waitlistStatuses()).toEqual(['offered', 'waiting'])
    expect(await tuitionInvoices('2027-04')).toBe(0)

    expect(await runTask('waitlist', '2027-03-25T15:00:00Z')).toBe('success')
    expect(await waitlistStatuses()).toEqual(['expired', 'offered'])
    expect(await tuitionInvoices('2027-04')).toBe(0)
    expect(await lateFees()).toBe(FAMILIES)
  })

  it('a task that fails stops none of the others, and keeps its error', async () => {
    // April is billed on its billing day (due the 5th); nothing else is.
    expect(await runTask('tuition', '2027-04-05T15:00:00Z')).toBe('success')
    expect(await tuitionInvoices('2027-04')).toBe(FAMILIES)
    // On 20 May: the waitlist's table is away, so its task fails, queued first; the other three still do their work.
    await db.query('ALTER TABLE waitlist_entries RENAME TO waitlist_entries_away')
    const now = '2027-05-20T15:00:00Z'
    let ids: Array<string | number> = []
    try {
      const jobs = []
      for (const domain of ['waitlist', 'tuition', 'autopay', 'lateFees'] as const) {
        jobs.push(await app.payload.jobs.queue({ task: SCHEDULED_TASKS[domain], input: { now }, queue: BILLING_QUEUE }))
      }
      ids = jobs.map((job) => job.id)
      await app.payload.jobs.run({ queue: BILLING_QUEUE, sequential: true, where: { id: { in: ids } } })
    } finally {
      await db.query('ALTER TABLE waitlist_entries_away RENAME TO waitlist_entries')
    }
    expect(await tuitionInvoices('2027-05')).toBe(FAMILIES)
    // April's invoices are 45 days late: one more late fee each.
    expect(await lateFees()).toBe(2 * FAMILIES)
    const { rows: left } = await db.query('SELECT id, task_slug, has_error, error FROM payload_jobs WHERE id = ANY($1::int[])', [ids])
    expect(left).toEqual([expect.objectContaining({ task_slug: 'waitlistExpiry', has_error: true })])
    expect(JSON.stringify(left[0].error)).toContain('Waitlist expiry')

    // Back in place, the next run of the waitlist task does its work: the offer made in March has run out too.
    expect(await waitlistStatuses()).toEqual(['expired', 'offered'])
    expect(await runTask('waitlist', now)).toBe('success')
    expect(await waitlistStatuses()).toEqual(['expired', 'expired'])
  })
})
