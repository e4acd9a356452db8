/**
 * The monthly tuition run at scale, for `npm run bench` (issue 12: 1,000 families × 2 students in
 * under 60 s on this machine). Run alone with `npm run bench -- tuition`; it runs in a process of
 * its own so its memory figures are the run's.
 *
 * A scratch database (on BENCH_PG_URL, else the local PostgreSQL on 127.0.0.1:5432, else an
 * embedded one in .data/bench-tuition) gets the committed migrations, ten classes and the
 * families, written with SQL; every family has saved a card and turned autopay on (the card is
 * set up at the local Stripe API stand-in, as a browser would, and recorded with SQL). Then the
 * billing calendar ticks on the billing day, as the scheduled job does: it claims the month,
 * runs it for real (runTuitionMonth, one transaction per family) and charges every family's
 * new invoice off-session at the stand-in (chargeDueAutopay). A second tick of the same day
 * shows what a repeat costs. Prints Markdown lines for the README.
 */
import { loadavg } from 'node:os'

import pg from 'pg'
import Stripe from 'stripe'

import { endPool } from '#api/lib/database'
import { withAcademyClock } from '#api/lib/academy-clock'
import { runBillingDay } from '#api/scheduled'
import { runTuitionMonth } from '#api/tuition'
import { bootPayload } from '#server/boot.server'
import { setAppContext } from '#server/context.server'
import { startDatabase } from '#server/database.server'
import { loadEnv } from '#server/env.server'
import { createMailer } from '#server/mailer.server'
import { startStripeStandIn } from '#tests/support/stripe-stand-in'
import { seedTuitionFamilies } from '#tests/support/tuition-families'
import { createLocalReq } from 'payload'

const FAMILIES = Number(process.env.BENCH_FAMILIES ?? 1000)
const STUDENTS = 2
const PERIOD = '2027-03'
/** The default billing day (the 1st), at noon UTC: the day the tick bills and charges. */
const BILLING_NOON = `${PERIOD}-01T12:00:00Z`
const STRIPE_KEY = 'sk_test_51AcademyBenchTuitionSecretKey01'

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
  const standIn = await startStripeStandIn({ secretKeys: [STRIPE_KEY] })
  try {
    const env = loadEnv({
      STRIPE_API_BASE: standIn.url,
      ACADEMY_ALLOW_STRIPE_STAND_IN: '1',
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51AcademyBenchTuitionPublishable1',
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
    // Classes as the app stores them: the display text and the structured schedule it is written from.
    const { rows } = await db.query(
      `INSERT INTO classes (name, description, age_group, level, days, time, start_time, end_time, location, instructor, price)
       SELECT 'Bench class ' || g, 'A class for the bench.', '6-8', 'Beginner', (ARRAY['Monday & Wednesday', 'Tuesday & Thursday', 'Saturday'])[1 + g % 3],
              '4:00-5:00pm', '16:00', '17:00', 'Studio A', 'Ms. Bench', 6000 + 500 * g
       FROM generate_series(1, 10) AS g RETURNING id, days`,
    )
    await db.query(
      `INSERT INTO classes_weekdays ("order", parent_id, value)
       SELECT k, c.id, d::enum_classes_weekdays
       FROM unnest($1::int[], $2::text[]) AS c(id, days), unnest(string_to_array(replace(c.days, ' & ', ','), ',')) WITH ORDINALITY AS w(d, k)`,
      [rows.map((row) => Number(row.id)), rows.map((row) => String(row.days))],
    )
    const userIds = await seedTuitionFamilies(db, {
      prefix: 'bench',
      families: FAMILIES,
      studentsPerFamily: STUDENTS,
      classIds: rows.map((row) => Number(row.id)),
      enrollmentDate: '2027-01-10',
    })
    const seedSeconds = (performance.now() - seedStarted) / 1000

    // Each family's card, saved the way the browser saves it: a customer and a SetupIntent
    // confirmed with Stripe's test card at the stand-in, then the references our server keeps.
    step(`saving ${FAMILIES} cards at the Stripe stand-in`)
    const cardsStarted = performance.now()
    const base = new URL(standIn.url)
    const stripe = new Stripe(STRIPE_KEY, { host: base.hostname, port: base.port, protocol: 'http', maxNetworkRetries: 0 })
    const cards: Array<{ userId: number; customer: string; paymentMethod: string }> = []
    for (const userId of userIds) {
      const customer = await stripe.customers.create({ metadata: { userId: String(userId) } })
      const setup = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' })
      const confirmed = standIn.confirmSetup(setup.id, 'pm_card_visa')
      if (confirmed.status !== 'succeeded' || !confirmed.payment_method) throw new Error(`the stand-in did not set up a card: ${confirmed.status}`)
      cards.push({ userId, customer: customer.id, paymentMethod: confirmed.payment_method })
    }
    await db.query(`INSERT INTO billing_profiles (user_id, stripe_customer_id, autopay_enabled) SELECT * FROM unnest($1::int[], $2::text[], $3::boolean[])`, [
      cards.map((c) => c.userId),
      cards.map((c) => c.customer),
      cards.map(() => true),
    ])
    await db.query(
      `INSERT INTO payment_methods (user_id, type, is_default, card_brand, last_four, expiry_month, expiry_year, stripe_payment_method_id)
       SELECT u, 'card', true, 'visa', '4242', 12, 2034, pm FROM unnest($1::int[], $2::text[]) AS t(u, pm)`,
      [cards.map((c) => c.userId), cards.map((c) => c.paymentMethod)],
    )
    const cardsSeconds = (performance.now() - cardsStarted) / 1000
    await db.query('ANALYZE')

    const before = { rss: process.memoryUsage.rss(), heap: process.memoryUsage().heapUsed }
    const loadBefore = load()
    step('dry run')
    const dry = await measured(async () => runTuitionMonth(await createLocalReq({}, payload), { period: PERIOD, dryRun: true }))
    // The billing day (default settings) has come: the tick claims the month, bills it and
    // charges the new invoices on the saved cards.
    step('billing-calendar tick')
    const tick = await measured(() =>
      withAcademyClock(
        () => new Date(BILLING_NOON),
        () => runBillingDay(payload),
      ),
    )
    if (tick.result.tuition.outcome !== 'billed') throw new Error(`the tick did not bill: ${JSON.stringify(tick.result.tuition)}`)
    if (tick.result.autopay.outcome !== 'applied') throw new Error(`the tick did not charge: ${JSON.stringify(tick.result.autopay)}`)
    const charged = tick.result.autopay.succeeded
    step('the same day again')
    const again = await measured(() =>
      withAcademyClock(
        () => new Date(BILLING_NOON),
        () => runBillingDay(payload),
      ),
    )
    const counts = await db.query(
      `SELECT count(*)::int AS invoices, count(DISTINCT user_id)::int AS families, (SELECT count(*)::int FROM invoices_lines) AS lines,
              count(*) FILTER (WHERE status = 'paid')::int AS paid,
              (SELECT count(*)::int FROM payments WHERE status = 'completed') AS payments
       FROM invoices WHERE period = $1`,
      [PERIOD],
    )
    await db.end()
    const { invoices, families, lines: invoiceLines, paid, payments } = counts.rows[0]
    const created = tick.result.tuition.created
    const intents = standIn.creations
    const billedAll = invoices === FAMILIES && families === FAMILIES && paid === FAMILIES && payments === FAMILIES && intents === FAMILIES
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
    lines.push(
      row(
        `billing-calendar tick on the billing day: bills the month (${created} invoices, one transaction each), then charges ${charged} saved cards off-session`,
        tick,
      ),
    )
    lines.push(row('the same day again (nothing to bill or charge)', again))
    lines.push('')
    lines.push(
      `- ${invoices} invoices for ${families} families, ${invoiceLines} lines; ${paid} paid by autopay (${payments} payments, ${intents} PaymentIntents at the stand-in, none twice). Seeding took ${seedSeconds.toFixed(1)} s (SQL), saving the cards ${cardsSeconds.toFixed(1)} s. Before the runs: RSS ${mib(before.rss)} MiB, heap ${mib(before.heap)} MiB; peak RSS of the whole process ${mib(process.resourceUsage().maxRSS * 1024)} MiB.`,
    )
    lines.push(`- Load average (1, 5, 15 min) before the runs: ${loadBefore}; after: ${load()}.`)
    lines.push(`- Target (issue 12): the month for 1,000 families × 2 students, with the Stripe stand-in, in under 60 s: ${target}.`)
    // As in server.ts: Payload keeps one client checked out, and pool.end() would wait for it for ever.
    await endPool(payload, 500)
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`).catch(() => {})
    await admin.end()
    await database.stop()
    await standIn.close()
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
