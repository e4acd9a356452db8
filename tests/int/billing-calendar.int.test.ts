import { spawn, type ChildProcess } from 'node:child_process'
import { hostname } from 'node:os'
import readline from 'node:readline'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { runBillingDay } from '#api/scheduled'
import { STALE_MS } from '#api/tuition'
import { withAcademyClock, type Clock } from '#api/lib/academy-clock'
import { BILLING_QUEUE, BILLING_TASK } from '#cms/jobs'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, createFamily } from '#tests/support/families'
import { startServerProcess, stopAllServerProcesses } from '#tests/support/server-process'
import { seedTuitionFamilies } from '#tests/support/tuition-families'

/**
 * The billing calendar (decisions §13) on real PostgreSQL, with the clock driven by the tests:
 * the billing day in the academy's time zone, two processes ticking at once, a process killed
 * mid-run and the run resumed, a run stopped by a shutdown, the runs' list for administrators,
 * and Payload's runner started by JOBS_AUTORUN.
 */
const ZONE = 'America/Chicago'
const FAMILIES = 40
const SECRET = 'test-secret-that-is-long-enough-for-the-check'

let app: TestApp
let db: pg.Client
let admin: ApiClient

const at =
  (iso: string): Clock =>
  () =>
    new Date(iso)
const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString()

async function invoicesOf(period: string): Promise<{ total: number; families: number }> {
  const { rows } = await db.query(
    `SELECT count(*)::int AS total, count(DISTINCT user_id)::int AS families FROM invoices WHERE kind = 'tuition' AND period = $1`,
    [period],
  )
  return rows[0]
}

async function runRows(period: string) {
  return (
    await db.query(
      `SELECT status, attempts::int, invoices_created::int AS created, already_invoiced::int AS already, error FROM tuition_runs WHERE period = $1`,
      [period],
    )
  ).rows
}

/** Another app process on the test's database, running billing-calendar ticks through Payload's job runner on demand. */
type TickProcess = { child: ChildProcess; tick(now: string): Promise<{ status: string | null }>; kill(): Promise<void> }

const children = new Set<ChildProcess>()

async function startTickProcess(): Promise<TickProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/billing-tick-process.ts'], {
    env: { ...process.env, DATABASE_URL: app.databaseUrl, PAYLOAD_SECRET: SECRET, ACADEMY_TIMEZONE: ZONE, PUBLIC_ORIGIN: 'http://academy.test' },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  children.add(child)
  let errors = ''
  child.stderr!.on('data', (d) => (errors += d))
  const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]()
  async function next(): Promise<Record<string, unknown>> {
    for (;;) {
      const { value, done } = await lines.next()
      if (done) throw new Error(`tick process ended:\n${errors}`)
      if (value.startsWith('{')) return JSON.parse(value)
    }
  }
  await next() // ready
  return {
    child,
    async tick(now) {
      child.stdin!.write(JSON.stringify({ now }) + '\n')
      return (await next()) as { status: string | null }
    },
    async kill() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGKILL')
      await exited
    },
  }
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
    siblingDiscountPercent: 10,
    multiClassDiscountPercent: 0,
    familyDiscountCapCents: null,
    lateFeeCents: 0,
    lateFeeAfterDays: 14,
    closures: [],
  }
  expect((await admin.request('PUT', '/api/admin/tuition-settings', settings)).status).toBe(200)
  const cls = await addClass(app, { name: 'Calendar Ballet' })
  await app.payload.update({ collection: 'classes', id: cls.id, overrideAccess: true, data: { price: 8000, days: 'Monday & Wednesday' } })
  await seedTuitionFamilies(db, { prefix: 'calendar', families: FAMILIES, studentsPerFamily: 2, classIds: [cls.id], enrollmentDate: '2027-01-01' })
})

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL')
  await stopAllServerProcesses()
  await db?.end()
  await app?.close()
})

describe('the billing day', () => {
  it('has not come before midnight in the academy’s time zone, though it has in UTC', async () => {
    // 04:30 UTC on 5 March is 22:30 on 4 March in Chicago: the job, run through the queue, bills nothing.
    const job = await app.payload.jobs.queue({ task: BILLING_TASK, input: { now: '2027-03-05T04:30:00Z' }, queue: BILLING_QUEUE })
    await app.payload.jobs.runByID({ id: job.id })
    expect(await invoicesOf('2027-03')).toEqual({ total: 0, families: 0 })
    expect(await runRows('2027-03')).toEqual([])
    const direct = await withAcademyClock(at('2027-03-05T04:30:00Z'), () => runBillingDay(app.payload))
    expect(direct).toMatchObject({ today: '2027-03-04', tuition: { outcome: 'notYet', period: '2027-03', billingDay: '2027-03-05' } })
  })

  it('bills the month once when two processes tick at the same moment', { timeout: 180_000 }, async () => {
    const [a, b] = await Promise.all([startTickProcess(), startTickProcess()])
    // 06:30 UTC on 5 March is 00:30 in Chicago: the billing day has come. Both go at once.
    const [ranA, ranB] = await Promise.all([a.tick('2027-03-05T06:30:00Z'), b.tick('2027-03-05T06:30:00Z')])
    expect([ranA.status, ranB.status]).toEqual(['success', 'success'])
    expect(await invoicesOf('2027-03')).toEqual({ total: FAMILIES, families: FAMILIES })
    expect(await runRows('2027-03')).toEqual([{ status: 'finished', attempts: 1, created: FAMILIES, already: 0, error: null }])

    // Ticks later in the month (on either process) leave the finished month alone.
    await a.tick('2027-03-20T12:00:00Z')
    expect(await invoicesOf('2027-03')).toEqual({ total: FAMILIES, families: FAMILIES })
    expect((await runRows('2027-03'))[0]).toMatchObject({ status: 'finished', attempts: 1 })
    await Promise.all([a.kill(), b.kill()])
  })

  it('resumes a run whose process was killed part-way, once its heartbeat is stale', { timeout: 180_000 }, async () => {
    const crashing = await startTickProcess()
    const now = '2027-04-05T15:00:00Z'
    crashing.child.stdin!.write(JSON.stringify({ now }) + '\n')
    let partial = 0
    for (const deadline = Date.now() + 120_000; partial < 3 && Date.now() < deadline; await new Promise((r) => setTimeout(r, 5))) {
      partial = (await invoicesOf('2027-04')).total
    }
    await crashing.kill()
    partial = (await invoicesOf('2027-04')).total
    expect(partial).toBeGreaterThanOrEqual(3)
    expect(partial).toBeLessThan(FAMILIES)
    expect(await runRows('2027-04')).toEqual([{ status: 'started', attempts: 1, created: 0, already: 0, error: null }])

    // A minute later the run still looks alive: another tick leaves it.
    expect((await withAcademyClock(at(later(now, 60_000)), () => runBillingDay(app.payload))).tuition).toEqual({ outcome: 'taken', period: '2027-04' })
    expect((await invoicesOf('2027-04')).total).toBe(partial)

    // Once the heartbeat is stale, the next tick takes it over and bills the families left, each once.
    const resumed = await withAcademyClock(at(later(now, STALE_MS + 60_000)), () => runBillingDay(app.payload))
    expect(resumed.tuition).toEqual({
      outcome: 'billed',
      period: '2027-04',
      resumed: true,
      attempt: 2,
      created: FAMILIES - partial,
      alreadyInvoiced: partial,
      nothingToBill: 0,
    })
    expect(await invoicesOf('2027-04')).toEqual({ total: FAMILIES, families: FAMILIES })
    expect(await runRows('2027-04')).toEqual([{ status: 'finished', attempts: 2, created: FAMILIES - partial, already: partial, error: null }])
  })

  it('marks a run stopped by a shutdown interrupted, and the next tick resumes it at once', async () => {
    const now = '2027-05-05T15:00:00Z'
    const stop = new AbortController()
    const running = withAcademyClock(at(now), () => runBillingDay(app.payload, { signal: stop.signal }))
    while ((await invoicesOf('2027-05')).total < 2) await new Promise((r) => setTimeout(r, 5))
    stop.abort()
    const stopped = await running
    expect(stopped.tuition).toMatchObject({ outcome: 'interrupted', period: '2027-05' })
    const partial = (await invoicesOf('2027-05')).total
    expect(partial).toBeLessThan(FAMILIES)
    expect(await runRows('2027-05')).toMatchObject([{ status: 'interrupted', attempts: 1 }])

    const resumed = await withAcademyClock(at(later(now, 1000)), () => runBillingDay(app.payload))
    expect(resumed.tuition).toMatchObject({ outcome: 'billed', resumed: true, attempt: 2, created: FAMILIES - partial })
    expect(await invoicesOf('2027-05')).toEqual({ total: FAMILIES, families: FAMILIES })
    expect(await runRows('2027-05')).toEqual([{ status: 'finished', attempts: 2, created: FAMILIES - partial, already: partial, error: null }])
  })
})

describe('late fees', () => {
  it('are charged on the same tick, once per overdue tuition invoice however often it ticks', async () => {
    const settings = (await admin.request('GET', '/api/admin/tuition-settings')).body
    expect((await admin.request('PUT', '/api/admin/tuition-settings', { ...settings, lateFeeCents: 1500, lateFeeAfterDays: 14 })).status).toBe(200)
    const lateFees = async () => (await db.query(`SELECT count(*)::int AS n FROM invoices WHERE kind = 'late-fee'`)).rows[0].n
    // 25 May in Chicago: March, April and May (due on the 5th) are all more than 14 days late and unpaid.
    const first = await withAcademyClock(at('2027-05-25T15:00:00Z'), () => runBillingDay(app.payload))
    expect(first.tuition).toEqual({ outcome: 'finished', period: '2027-05' })
    expect(first.lateFees).toMatchObject({ outcome: 'applied', charged: 3 * FAMILIES })
    // Card payments are not configured here: autopay runs and charges nothing (tests/int/autopay.int.test.ts charges).
    expect(first.autopay).toEqual({ outcome: 'applied', attempted: 0, succeeded: 0, failed: 0, requiresAction: 0 })
    expect(await lateFees()).toBe(3 * FAMILIES)
    const again = await withAcademyClock(at('2027-05-25T16:00:00Z'), () => runBillingDay(app.payload))
    expect(again.lateFees).toMatchObject({ outcome: 'applied', charged: 0 })
    expect(await lateFees()).toBe(3 * FAMILIES)
  })
})

describe('GET /api/admin/tuition/runs', () => {
  it('lists the runs with their counts, newest month first, to administrators only', async () => {
    const res = await admin.request('GET', '/api/admin/tuition/runs')
    expect(res.status).toBe(200)
    const { runs } = res.body as { runs: Array<Record<string, unknown>> }
    expect(runs.map((run) => run.period)).toEqual(['2027-05', '2027-04', '2027-03'])
    expect(runs[2]).toMatchObject({
      period: '2027-03',
      status: 'finished',
      attempts: 1,
      families: FAMILIES,
      invoicesCreated: FAMILIES,
      alreadyInvoiced: 0,
      nothingToBill: 0,
      error: null,
    })
    expect(runs[2]!.totalCents).toBeGreaterThan(0)
    expect(typeof runs[2]!.finishedAt).toBe('string')

    expect((await new ApiClient(app.url).request('GET', '/api/admin/tuition/runs')).status).toBe(401)
    const family = await createFamily(app, 'runs-reader')
    expect((await family.client.request('GET', '/api/admin/tuition/runs')).status).toBe(403)
  })
})

describe('JOBS_AUTORUN', () => {
  it('makes a process run queued ticks and schedule the next one; SIGTERM still ends it cleanly', { timeout: 180_000 }, async () => {
    const env = { DATABASE_URL: app.databaseUrl, PAYLOAD_SECRET: SECRET, PUBLIC_ORIGIN: 'http://academy.test', HOST: '127.0.0.1', ACADEMY_TIMEZONE: ZONE }
    const idle = await startServerProcess(env)
    // Its runner looks at the queue every two seconds rather than at the top of each minute.
    const runner = await startServerProcess({ ...env, JOBS_AUTORUN: 'true', JOBS_RUNNER_CRON: '*/2 * * * * *' })
    await app.payload.jobs.queue({ task: BILLING_TASK, input: { now: '2027-06-07T15:00:00Z' }, queue: BILLING_QUEUE })
    for (const deadline = Date.now() + 150_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
      if ((await runRows('2027-06'))[0]?.status === 'finished') break
    }
    expect(await runRows('2027-06')).toEqual([{ status: 'finished', attempts: 1, created: FAMILIES, already: 0, error: null }])
    // The process with JOBS_AUTORUN ran it, not the other one.
    const { rows: owners } = await db.query(`SELECT owner FROM tuition_runs WHERE period = '2027-06'`)
    expect(owners[0].owner).toMatch(new RegExp(`^${hostname()}:${runner.child.pid}:`))
    // …and it queued the next hourly tick for itself (Payload's schedule), to run on the hour.
    const waiting = `SELECT wait_until FROM payload_jobs WHERE task_slug = 'billingCalendar' AND completed_at IS NULL AND processing = false`
    for (const deadline = Date.now() + 90_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
      if ((await db.query(waiting)).rows.length > 0) break
    }
    const { rows } = await db.query(waiting)
    expect(rows).toHaveLength(1)
    expect(new Date(rows[0].wait_until).getUTCMinutes()).toBe(0)
    expect(await runner.stop()).toBe(0)
    expect(await idle.stop()).toBe(0)
  })
})
