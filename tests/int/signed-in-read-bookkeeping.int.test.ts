import type { PoolClient } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { drainSoon, MESSAGE_QUEUE } from '#api/messages'
import { poolOf } from '#api/lib/database'
import { BOOKKEEPING_TABLES, recordsGeneration } from '#server/records-generation.server'
import { signedInReadPaths } from '#server/signed-in-read-cache.server'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'
import { addClass, type Family } from '#tests/support/families'
import { familyIn, owe } from '#tests/support/messages'
import { startSmtpListener } from '#tests/support/smtp'

/**
 * The mail queue's bookkeeping leaves a family's kept answers standing (ADR 020): a drain writes
 * only tables no replayed read reads. Checked three ways: against the schema (nothing a write
 * there sets off reaches another table), against every read the contract declares replayable
 * (none reads them), and by a real drain (the generation does not move, the kept answer stays).
 */
let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let admin: ApiClient
let family: Family & { studentId: number }
let classId: number

const statements: string[] = []
let recording = false

/** Every statement run on Payload's pool while `recording`. */
function recordStatements(): void {
  poolOf(app.payload).on('acquire', (client: PoolClient & { __recorded?: true }) => {
    if (client.__recorded) return
    client.__recorded = true
    const query = client.query
    client.query = function (this: PoolClient, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | null)?.text
      if (recording && text) statements.push(text)
      return (query as (...a: unknown[]) => unknown).apply(this, args)
    } as PoolClient['query']
  })
}

/** The tables a statement names (quoted identifiers, or bare words after FROM, JOIN, INTO, UPDATE). */
function tablesIn(text: string): Set<string> {
  const names = new Set<string>()
  for (const match of text.matchAll(/"([a-z_][a-z0-9_]*)"/g)) names.add(match[1]!)
  for (const match of text.matchAll(/\b(?:from|join|into|update)\s+([a-z_][a-z0-9_]*)/gi)) names.add(match[1]!.toLowerCase())
  return names
}

beforeAll(async () => {
  smtp = await startSmtpListener()
  // No runner each minute: the only statements recorded are the requests' and the drains' this test starts.
  app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Academy <academy@example.com>', JOBS_AUTORUN: 'false' })
  recordStatements()
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
  classId = (await addClass(app, { name: 'Bookkeeping Class' })).id
  family = await familyIn(app, 'bookkeeping', [classId], 'Bea Bookkeeping')
  await owe(app, family)
})

afterAll(async () => {
  await app?.close()
  await smtp?.close()
})

describe('the bookkeeping tables', () => {
  it('set off nothing in other tables: no triggers, and only bookkeeping or document locks cascade from them', async () => {
    const tables = [...BOOKKEEPING_TABLES]
    const pool = poolOf(app.payload)
    const triggers = await pool.query(`SELECT tgrelid::regclass::text AS t FROM pg_trigger WHERE NOT tgisinternal AND tgrelid::regclass::text = ANY($1)`, [
      tables,
    ])
    expect(triggers.rows).toEqual([])
    const children = await pool.query<{ child: string }>(
      `SELECT DISTINCT conrelid::regclass::text AS child FROM pg_constraint WHERE contype = 'f' AND confrelid::regclass::text = ANY($1)`,
      [tables],
    )
    // Payload's edit locks name a document they lock; no family read looks at them (checked below).
    for (const { child } of children.rows) expect([...tables, 'payload_locked_documents_rels'], child).toContain(child)
  })

  it('are read by no read the contract declares replayable', async () => {
    // The mails the fixtures queued are sent first, so that no drain runs beside the reads: none is
    // queued, and the drain has stopped asking for more (no statement of its for 300 ms; under
    // load its last look for a next job could land among the reads).
    const queued = async () => Number((await poolOf(app.payload).query('SELECT count(*) AS n FROM payload_jobs')).rows[0].n)
    recording = true
    const drained = async () => {
      statements.length = 0
      await new Promise((resolve) => setTimeout(resolve, 300))
      const quiet = !statements.some((text) => tablesIn(text).has('payload_jobs'))
      return quiet && (await queued()) === 0
    }
    await expect.poll(drained, { timeout: 15_000 }).toBe(true)
    const paths = signedInReadPaths()
    expect(paths.length).toBeGreaterThan(5)
    statements.length = 0
    for (const path of paths) {
      // Every declared read takes no parameter or a student's id; another parameter needs this test extended.
      expect(path.replace(/:id\b/g, ''), path).not.toContain(':')
      const answer = await family.client.get(`/api${path.replace(/:id\b/g, String(family.studentId))}`)
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200)
    }
    recording = false
    const read = new Set(statements.flatMap((text) => [...tablesIn(text)]))
    expect(read, 'the recording saw the reads').toContain('students')
    expect(read).toContain('invoices')
    for (const table of [...BOOKKEEPING_TABLES, 'payload_locked_documents', 'payload_locked_documents_rels']) expect(read.has(table), table).toBe(false)
  })
})

describe('a queue draining', () => {
  it('moves no generation: the families’ kept answers stand', async () => {
    const port = Number(new URL(smtp.url).port)
    await smtp.close()
    const sent = await admin.post('/api/admin/messages', {
      subject: 'While draining',
      body: 'Rehearsal moves.',
      audience: { kind: 'classes', classIds: [classId] },
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    const id = sent.body.id as number
    await expect.poll(async () => (await admin.get(`/api/admin/messages/${id}`)).body.recipients[0]?.delivery, { timeout: 10_000 }).toBe('failed')

    // The drain the send started settles its try first: two runs would both claim the copy.
    await drainSoon(app.payload)
    // From here only the queue works: the copy is retried.
    const generation = recordsGeneration()
    statements.length = 0
    recording = true
    smtp = await startSmtpListener({ port })
    await poolOf(app.payload).query(`UPDATE payload_jobs SET wait_until = now() - interval '1 second' WHERE (input->>'messageId')::int = $1`, [id])
    await app.payload.jobs.run({ queue: MESSAGE_QUEUE, limit: 10 })
    await smtp.waitFor((m) => m.to.includes(family.email) && m.subject === 'While draining')
    await expect.poll(async () => (await admin.get(`/api/admin/messages/${id}`)).body.recipients[0]?.delivery).toBe('sent')
    recording = false
    const written = statements.filter((text) => !/^\s*(select|begin|commit|rollback|savepoint|release|set)\b/i.test(text))
    expect(written.length, 'the drain wrote').toBeGreaterThan(0)
    // An unchanged generation is what keeps every family's answer (signed-in-read-cache.int shows the replay itself).
    expect(recordsGeneration(), written.join('\n')).toBe(generation)
  })
})
