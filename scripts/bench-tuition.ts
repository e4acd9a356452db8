/**
 * The monthly tuition run at scale, for `npm run bench` (issue 12: 1,000 families × 2 students in
 * under 60 s on this machine). Run alone with `npm run bench -- tuition`; it runs in a process of
 * its own so its memory figures are the run's.
 *
 * A scratch database (on BENCH_PG_URL, else the local PostgreSQL on 127.0.0.1:5432, else an
 * embedded one in .data/bench-tuition) gets the committed migrations, ten classes and the
 * families, written with SQL. Then the billing calendar ticks on the billing day, as the
 * scheduled job does: it claims the month and runs it for real (runTuitionMonth, one
 * transaction per family). A second tick of the same month shows what a repeat costs. Prints
 * Markdown lines for the README.
 */
import { loadavg } from 'node:os'

import pg from 'pg'

import { runBillingDay } from '#api/operations/billing-calendar'
import { runTuitionMonth } from '#api/operations/tuition-run'
import { bootPayload } from '#server/boot.server'
import { setAppContext } from '#server/context.server'
import { startDatabase } from '#server/database.server'
import { loadEnv } from '#server/env.server'
import { createMailer } from '#server/mailer.server'
import { seedTuitionFamilies } from '#tests/support/tuition-families'
import { createLocalReq } from 'payload'

const FAMILIES = Number(process.env.BENCH_FAMILIES ?? 1000)
const STUDENTS = 2
const PERIOD = '2027-03'

const step = (text: string) => console.error(`[bench-tuition] ${new Date().toISOString().slice(11, 19)} ${text}`)
const mib = (bytes: number) => Math.round(bytes / 1024 / 1024)
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

/** Samples resident memory and heap while `work` runs (the timer fires between awaits). */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; peakRss: number; peakHeap: number }> {
  let peakRss = process.memoryUsage.rss()
  let peakHeap = process.memoryUsage().heapUsed
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss())
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)
  }, 25)
  const started = performance.now()
  try {
    const result = await work()
    return { result, seconds: (performance.now() - started) / 1000, peakRss, peakHeap }
  } finally {
    clearInterval(timer)
  }
}

async function main() {
  const local = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const database = (await reachable(local))
    ? await startDatabase({ databaseUrl: local, dataDir: '.data/bench-tuition' })
    : await startDatabase({ dataDir: '.data/bench-tuition' })
  const scratch = `bench_tuition_${Date.now()}`
  const admin = new pg.Client({ connectionString: database.url })
  await admin.connect()
  step(`creating the scratch database ${scratch}`)
  await admin.query(`CREATE DATABASE ${scratch}`)
  const url = new URL(database.url)
  url.pathname = `/${scratch}`
  const lines: string[] = []
  try {
    const env = loadEnv({
      NODE_ENV: 'production',
      DATABASE_URL: url.toString(),
      PAYLOAD_SECRET: 'bench-secret-long-enough-for-the-start-check',
      JOBS_AUTORUN: 'false',
      ACADEMY_DATA_DIR: '.data/bench-tuition',
    })
    const { payload } = await bootPayload(env, url.toString())
    setAppContext({ payload, env, mailer: createMailer({ from: env.MAIL_FROM, log: () => {} }) })

    step(`seeding ${FAMILIES} families`)
    const db = new pg.Client({ connectionString: url.toString() })
    await db.connect()
    const seedStarted = performance.now()
    const { rows } = await db.query(
      `INSERT INTO classes (name, description, age_group, level, days, time, location, instructor, price)
       SELECT 'Bench class ' || g, 'A class for the bench.', '6-8', 'Beginner', (ARRAY['Monday & Wednesday', 'Tuesday & Thursday', 'Saturday'])[1 + g % 3],
              '4:00-5:00pm', 'Studio A', 'Ms. Bench', 6000 + 500 * g
       FROM generate_series(1, 10) AS g RETURNING id`,
    )
    await seedTuitionFamilies(db, {
      prefix: 'bench',
      families: FAMILIES,
      studentsPerFamily: STUDENTS,
      classIds: rows.map((row) => Number(row.id)),
      enrollmentDate: '2027-01-10',
    })
    await db.query('ANALYZE')
    const seedSeconds = (performance.now() - seedStarted) / 1000

    const before = { rss: process.memoryUsage.rss(), heap: process.memoryUsage().heapUsed }
    const loadBefore = load()
    step('dry run')
    const dry = await measured(async () => runTuitionMonth(await createLocalReq({}, payload), { period: PERIOD, dryRun: true }))
    // The billing day (default settings) has come: the tick claims the month and bills it.
    step('billing-calendar tick')
    const tick = await measured(() => runBillingDay(payload, { clock: () => new Date(`${PERIOD}-20T12:00:00Z`) }))
    if (tick.result.tuition.outcome !== 'billed') throw new Error(`the tick did not bill: ${JSON.stringify(tick.result.tuition)}`)
    step('the month again')
    const again = await measured(async () => runTuitionMonth(await createLocalReq({}, payload), { period: PERIOD, dryRun: false }))
    const counts = await db.query(
      `SELECT count(*)::int AS invoices, count(DISTINCT user_id)::int AS families, (SELECT count(*)::int FROM invoices_lines) AS lines FROM invoices WHERE period = $1`,
      [PERIOD],
    )
    await db.end()
    const { invoices, families, lines: invoiceLines } = counts.rows[0]
    const created = tick.result.tuition.created
    const billedAll = invoices === FAMILIES && families === FAMILIES
    const target = FAMILIES < 1000 ? `not measured (BENCH_FAMILIES=${FAMILIES})` : tick.seconds < 60 && billedAll ? 'met' : 'MISSED'

    lines.push(
      `Monthly tuition run (\`npm run bench -- tuition\`, ${new Date().toISOString().slice(0, 10)}), ${FAMILIES.toLocaleString('en-US')} families × ${STUDENTS} students in 10 classes:`,
    )
    lines.push('')
    lines.push('| step | seconds | per family | peak RSS MiB | peak heap MiB |')
    lines.push('|---|---|---|---|---|')
    const row = (name: string, m: { seconds: number; peakRss: number; peakHeap: number }) =>
      `| ${name} | ${m.seconds.toFixed(1)} | ${((m.seconds * 1000) / FAMILIES).toFixed(1)} ms | ${mib(m.peakRss)} | ${mib(m.peakHeap)} |`
    lines.push(row('dry run (prices every family, writes nothing)', dry))
    lines.push(row(`billing-calendar tick: claims the month, bills it (${created} invoices, one transaction each)`, tick))
    lines.push(row('the month again (every family already billed)', again))
    lines.push('')
    lines.push(
      `- ${invoices} invoices for ${families} families, ${invoiceLines} lines; seeding took ${seedSeconds.toFixed(1)} s (SQL). Before the runs: RSS ${mib(before.rss)} MiB, heap ${mib(before.heap)} MiB; peak RSS of the whole process ${mib(process.resourceUsage().maxRSS * 1024)} MiB.`,
    )
    lines.push(`- Load average (1, 5, 15 min) before the runs: ${loadBefore}; after: ${load()}.`)
    lines.push(`- Target (issue 12): the month for 1,000 families × 2 students in under 60 s: ${target}.`)
    const pool = (payload.db as unknown as { pool: { end(): Promise<void> } }).pool
    // As in server.ts: Payload keeps one client checked out, and pool.end() would wait for it for ever.
    await Promise.race([pool.end().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 500))])
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`).catch(() => {})
    await admin.end()
    await database.stop()
  }
  console.log('\n' + lines.join('\n'))
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
