/**
 * A message to 2,000 guardians (issue 25), for `npm run bench -- messages`: how long sending
 * takes to queue every copy (the target: under 5 s), and how fast the queue then drains into a
 * real SMTP listener (the test one, on this machine). In a process of its own.
 *
 * A scratch database (on BENCH_PG_URL, else the local PostgreSQL on 127.0.0.1:5432, else an
 * embedded one in .data/bench-messages) gets the committed migrations, one class and the families
 * with a child in it, written with SQL. The administrator sends an announcement to the class
 * (createMessage, as `POST /api/admin/messages` does); the copies are then sent by this process's
 * drain, as after a real send. Then the site's latency while a second announcement drains through
 * the production server (./bench-messages-latency.ts).
 */
import { createLocalReq } from 'payload'
import pg from 'pg'

import type { User } from '#cms/payload-types'
import { endPool } from '#api/lib/database'
import { createMessage, MESSAGE_QUEUE } from '#api/messages'
import { richFromPlainText } from '#api/messages/rich-text.schemas'
import { bootPayload } from '#server/boot.server'
import { setAppContext } from '#server/context.server'
import { startDatabase } from '#server/database.server'
import { loadEnv } from '#server/env.server'
import { createMailer } from '#server/mailer.server'
import { startSmtpListener } from '#tests/support/smtp'
import { seedTuitionFamilies } from '#tests/support/tuition-families'

import { latencyWhileDraining } from './bench-messages-latency'

const GUARDIANS = Number(process.env.BENCH_GUARDIANS ?? 2000)
const SECRET = 'bench-secret-long-enough-for-the-start-check'
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' }
const FAMILY = { username: 'bench-family', password: 'bench-family-password' }
const step = (text: string) => console.error(`[bench-messages] ${new Date().toISOString().slice(11, 19)} ${text}`)

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

async function main() {
  const local = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const database = (await reachable(local))
    ? await startDatabase({ databaseUrl: local, dataDir: '.data/bench-messages' })
    : await startDatabase({ dataDir: '.data/bench-messages' })
  const scratch = `bench_messages_${Date.now()}`
  const admin = new pg.Client({ connectionString: database.url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${scratch}`)
  const url = new URL(database.url)
  url.pathname = `/${scratch}`
  const smtp = await startSmtpListener()
  const lines: string[] = []
  try {
    const env = loadEnv({
      NODE_ENV: 'production',
      DATABASE_URL: url.toString(),
      PAYLOAD_SECRET: SECRET,
      PUBLIC_ORIGIN: 'https://academy.example',
      JOBS_AUTORUN: 'false',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Academy <academy@example.com>',
      ACADEMY_DATA_DIR: '.data/bench-messages',
    })
    const { payload } = await bootPayload(env, url.toString())
    setAppContext({ payload, env, mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log: () => {} }) })

    step(`seeding ${GUARDIANS} families with a child in one class`)
    const db = new pg.Client({ connectionString: url.toString() })
    await db.connect()
    const { rows } = await db.query(
      `INSERT INTO classes (name, description, age_group, level, days, time, location, instructor, price)
       VALUES ('Bench class', 'A class for the bench.', '6-8', 'Beginner', 'Saturday', '4:00-5:00pm', 'Studio A', 'Ms. Bench', 6000) RETURNING id`,
    )
    const classId = Number(rows[0]!.id)
    await seedTuitionFamilies(db, { prefix: 'msg', families: GUARDIANS, studentsPerFamily: 1, classIds: [classId], enrollmentDate: '2020-01-10' })
    const sender = (await payload.create({
      collection: 'users',
      overrideAccess: true,
      data: {
        ...ADMIN,
        email: 'bench-admin@example.com',
        fullName: 'Bench Admin',
        isActive: true,
        isAdmin: true,
      },
    })) as User
    // A family of the class with a password the bench knows, for a signed-in read while the server drains.
    const family = (await payload.create({
      collection: 'users',
      overrideAccess: true,
      data: { ...FAMILY, email: 'bench-family@example.com', fullName: 'Bench Family', isActive: true, isAdmin: false },
    })) as User
    await db.query(
      `INSERT INTO students (user_id, full_name, date_of_birth, experience_level, updated_at, created_at) VALUES ($1, 'Bench Child', '2019-05-01', 'Beginner', now(), now())`,
      [family.id],
    )
    await db.query('ANALYZE')

    step('sending')
    const started = performance.now()
    const req = await createLocalReq({ user: sender }, payload)
    const message = await createMessage(req, sender, {
      subject: 'Bench announcement',
      body: richFromPlainText('The studio is closed on Monday.\n\nSee you on Tuesday.'),
      category: 'announcements',
      audience: { kind: 'classes', classIds: [classId] },
    })
    const queuedSeconds = (performance.now() - started) / 1000
    const counts = await db.query(`SELECT count(*)::int AS copies FROM message_recipients WHERE message_id = $1`, [message.id])
    const jobs = await db.query(`SELECT count(*)::int AS jobs FROM payload_jobs WHERE queue = $1`, [MESSAGE_QUEUE])

    step('draining')
    const drainStarted = performance.now()
    for (;;) {
      if (smtp.messages.length >= GUARDIANS) break
      if (performance.now() - drainStarted > 600_000) throw new Error(`the queue did not drain in 10 minutes (${smtp.messages.length} sent)`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const drainSeconds = (performance.now() - drainStarted) / 1000
    const sent = await db.query(`SELECT count(*)::int AS sent FROM message_recipients WHERE message_id = $1 AND delivery = 'sent'`, [message.id])
    await db.end()

    lines.push(
      `Messages (\`npm run bench -- messages\`, ${new Date().toISOString().slice(0, 10)}): an announcement to one class of ${GUARDIANS.toLocaleString('en-US')} guardians.`,
    )
    lines.push('')
    lines.push(
      `- Sending queued ${counts.rows[0]!.copies} copies and ${jobs.rows[0]!.jobs} mail jobs in ${queuedSeconds.toFixed(2)} s (target under 5 s: ${queuedSeconds < 5 ? 'met' : 'MISSED'}).`,
    )
    lines.push(
      `- The queue drained into the test SMTP listener in ${drainSeconds.toFixed(1)} s: ${(GUARDIANS / drainSeconds).toFixed(0)} mails/s, one process; ${sent.rows[0]!.sent} copies marked sent.`,
    )
    step('the site while the server drains a second announcement')
    lines.push(
      ...(await latencyWhileDraining({
        databaseUrl: url.toString(),
        secret: SECRET,
        smtpUrl: smtp.url,
        admin: ADMIN,
        family: FAMILY,
        classId,
        sentSoFar: () => smtp.messages.length,
      })),
    )
    await endPool(payload, 500)
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`).catch(() => {})
    await admin.end()
    await database.stop()
    await smtp.close()
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
