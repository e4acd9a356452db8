import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { expireWaitlistOffers } from '#api/waitlist'
import { setAcademyClock, withAcademyClock } from '#api/lib/academy-clock'
import { BILLING_QUEUE, SCHEDULED_TASKS } from '#cms/jobs'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, addStudent, createFamily, type Family } from '#tests/support/families'
import { startSmtpListener } from '#tests/support/smtp'

/*
 * Reads never write (docs/decisions/017): an offer past its time reads as expired at once, to
 * the family and to the administrators, while its row changes only when a write needs the place
 * or the scheduled waitlist job runs, and that job moves the place on exactly once.
 */

let app: TestApp
let db: pg.Client
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let admin: ApiClient
let waiting: Family
let seated: Family

beforeAll(async () => {
  smtp = await startSmtpListener()
  app = await startTestApp({ SMTP_URL: smtp.url })
  db = new pg.Client({ connectionString: app.databaseUrl })
  await db.connect()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  waiting = await createFamily(app, 'reads-waiting')
  seated = await createFamily(app, 'reads-seated')
}, 60_000)
afterAll(async () => {
  setAcademyClock(null)
  await db?.end()
  await app?.close()
  await smtp?.close()
})
afterEach(() => setAcademyClock(null))

/** Every row a waitlist read could touch. */
async function rows(): Promise<string> {
  const tables = ['waitlist_entries', 'enrollments', 'classes', 'payload_jobs']
  return JSON.stringify(await Promise.all(tables.map(async (table) => (await db.query(`SELECT * FROM ${table} ORDER BY id`)).rows)))
}

async function statusesOf(ids: number[]): Promise<string[]> {
  const { rows: found } = await db.query('SELECT id, status FROM waitlist_entries WHERE id = ANY($1::int[])', [ids])
  const byId = new Map(found.map((row) => [row.id as number, row.status as string]))
  return ids.map((id) => byId.get(id) ?? 'missing')
}

/** A full class of one place; `names` join its line in order, then the seated student drops: the first is offered the place. */
async function offeredClass(names: string[]): Promise<{ id: number; name: string; entries: number[]; students: number[]; expiresAt: Date }> {
  const cls = await addClass(app, { ageGroup: '6-8', capacity: 1 })
  const sitter = await addStudent(app, seated.userId, `Sitter ${cls.name}`, 7)
  const enrollment = await app.payload.create({
    collection: 'enrollments',
    data: { student: sitter, class: cls.id, enrollmentDate: '2026-09-01' },
    overrideAccess: true,
  })
  const entries: number[] = []
  const students: number[] = []
  for (const name of names) {
    const student = await addStudent(app, waiting.userId, name, 7)
    const res = await waiting.client.post('/api/waitlist', { studentId: student, classId: cls.id })
    expect(res.status).toBe(201)
    entries.push(res.body.id as number)
    students.push(student)
  }
  const mailsBefore = offerMails(names[0]!)
  // The studio frees the place at once (a family's own removal is a drop under the notice, decisions §18).
  expect((await admin.delete(`/api/enrollments/${enrollment.id}`)).status).toBe(200)
  const { rows: found } = await db.query('SELECT offer_expires_at FROM waitlist_entries WHERE id = $1', [entries[0]])
  // The offer's mail is queued and sent after the answer: once it has arrived and its job is
  // gone, the reads start from still rows.
  await expect.poll(() => offerMails(names[0]!), { timeout: 5000 }).toBeGreaterThan(mailsBefore)
  await expect
    // (The offer is a notice: its email is a message copy's job, decisions "Automatic notices".)
    .poll(async () => (await db.query(`SELECT count(*)::int AS n FROM payload_jobs WHERE task_slug IN ('sendEmail', 'sendMessageCopy')`)).rows[0].n, {
      timeout: 5000,
    })
    .toBe(0)
  return { ...cls, entries, students, expiresAt: new Date(found[0].offer_expires_at) }
}

const offerMails = (studentName: string) => smtp.messages.filter((m) => m.to.includes(waiting.email) && m.subject.includes(studentName)).length

describe('a read after an offer has run out', () => {
  it('shows the offer lapsed to the family and the administrators, and writes nothing', async () => {
    const cls = await offeredClass(['Lapsed Reader', 'Next Reader'])
    expect(await statusesOf(cls.entries)).toEqual(['offered', 'waiting'])
    setAcademyClock(() => new Date(cls.expiresAt.getTime() + 60_000))
    const before = await rows()

    const own = (await waiting.client.get('/api/waitlist')).body as Array<{ id: number; status: string; position: number | null }>
    expect(own.find((e) => e.id === cls.entries[0])).toBeUndefined()
    expect(own.find((e) => e.id === cls.entries[1])).toMatchObject({ status: 'waiting', position: 1 })

    const res = await admin.get(`/api/admin/waitlist?classId=${cls.id}`)
    expect(res.status).toBe(200)
    expect(res.body[0]).toMatchObject({ classId: cls.id, enrolled: 0, held: 0 })
    const listed = res.body[0].entries as Array<{ id: number; status: string; offerExpiresAt: string | null }>
    expect(listed.find((e) => e.id === cls.entries[0])).toMatchObject({ status: 'expired', offerExpiresAt: cls.expiresAt.toISOString() })
    expect(listed.find((e) => e.id === cls.entries[1])).toMatchObject({ status: 'waiting', position: 1 })

    // The enrollment reads used to sweep the waitlist first: they write nothing either.
    expect((await waiting.client.get(`/api/students/${cls.students[0]}/enrollments`)).status).toBe(200)
    expect((await admin.get('/api/enrollments/all')).status).toBe(200)

    expect(await rows()).toBe(before)
    expect(await statusesOf(cls.entries)).toEqual(['offered', 'waiting'])
  })

  it('the waitlist job then moves the place to the next family exactly once, even run twice at the same time', async () => {
    const cls = await offeredClass(['Slow Twice', 'Next Twice'])
    const later = new Date(cls.expiresAt.getTime() + 60_000)
    setAcademyClock(() => later)
    expect((await waiting.client.get('/api/waitlist')).status).toBe(200)
    expect(await statusesOf(cls.entries)).toEqual(['offered', 'waiting'])

    const jobs = await Promise.all(
      [0, 1].map(() => app.payload.jobs.queue({ task: SCHEDULED_TASKS.waitlist, input: { now: later.toISOString() }, queue: BILLING_QUEUE })),
    )
    const results = await Promise.all(jobs.map((job) => app.payload.jobs.runByID({ id: job.id })))
    expect(results.map((result, i) => result.jobStatus?.[jobs[i]!.id]?.status)).toEqual(['success', 'success'])
    expect(await statusesOf(cls.entries)).toEqual(['expired', 'offered'])
    const { rows: offered } = await db.query('SELECT offered_at, offer_expires_at FROM waitlist_entries WHERE id = $1', [cls.entries[1]])
    expect(new Date(offered[0].offered_at).getTime()).toBeGreaterThanOrEqual(later.getTime())

    await smtp.waitFor((m) => m.to.includes(waiting.email) && m.subject === `A place in ${cls.name} is offered to Next Twice`)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(offerMails('Next Twice')).toBe(1)
  })

  it('expireWaitlistOffers run twice at once counts each expiry and each offer once between them', async () => {
    const cls = await offeredClass(['Counted Once', 'Counted Next'])
    const later = new Date(cls.expiresAt.getTime() + 60_000)
    // Offers of the earlier tests' classes run out by then too: every one is counted, once.
    const { rows: lapsed } = await db.query(`SELECT count(*)::int AS n FROM waitlist_entries WHERE status = 'offered' AND offer_expires_at <= $1`, [later])
    const [a, b] = await Promise.all([
      withAcademyClock(
        () => later,
        () => expireWaitlistOffers(app.payload),
      ),
      withAcademyClock(
        () => later,
        () => expireWaitlistOffers(app.payload),
      ),
    ])
    expect(await statusesOf(cls.entries)).toEqual(['expired', 'offered'])
    const { rows: made } = await db.query('SELECT count(*)::int AS n FROM waitlist_entries WHERE offered_at = $1', [later])
    expect(a.expired + b.expired).toBe(lapsed[0].n)
    expect(a.offered + b.offered).toBe(made[0].n)
    expect(made[0].n).toBeGreaterThanOrEqual(1)
    expect(
      await withAcademyClock(
        () => later,
        () => expireWaitlistOffers(app.payload),
      ),
    ).toEqual({ expired: 0, offered: 0 })
  })

  it('a write that needs the place lets the lapsed offer go: a plain enrollment takes it', async () => {
    const cls = await offeredClass(['Lapsed Alone'])
    setAcademyClock(() => new Date(cls.expiresAt.getTime() + 60_000))
    const outsider = await addStudent(app, seated.userId, 'Place Taker', 7)
    const res = await seated.client.post('/api/enrollments', { studentId: outsider, classId: cls.id })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(await statusesOf(cls.entries)).toEqual(['expired'])
  })
})
