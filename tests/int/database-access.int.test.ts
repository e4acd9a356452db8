import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

import { sql } from '@payloadcms/db-postgres'
import { createLocalReq, type PayloadRequest } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { afterCommit, inTransaction, maybePoolOf, poolOf, queryInTransaction, queryRows, returnAdapterClient, sessionOf } from '#api/lib/database'
import { startTestApp, type TestApp } from '#tests/support/app'
import { CLASS_FIELDS } from '#tests/support/families'
import { MAIL_TASK } from '#api/email'

/**
 * src/api/lib/database.ts is the one file that reads the Postgres adapter's internals: its `pool`
 * (a pg Pool), its `drizzle` instance and its `sessions` map keyed by Payload's transaction id.
 * None of these is Payload's public API. This test pins them to the installed version: after an
 * upgrade it fails here, loudly, until someone has checked database.ts against the new adapter
 * and moved the pin.
 */
const PINNED_PAYLOAD = '3.90.1'

const require = createRequire(import.meta.url)
/** A package's installed version (their exports hide package.json: walk up from the entry point). */
function versionOf(pkg: string): string {
  for (let dir = path.dirname(require.resolve(pkg)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json')
    if (!existsSync(file)) continue
    const json = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version: string }
    if (json.name === pkg) return json.version
  }
  throw new Error(`${pkg} is not installed`)
}
const payloadVersion = versionOf('payload')
const adapterVersion = versionOf('@payloadcms/db-postgres')
const recheck = `payload ${payloadVersion} (@payloadcms/db-postgres ${adapterVersion}; database.ts was checked against ${PINNED_PAYLOAD}): re-check src/api/lib/database.ts`

let app: TestApp

beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.close()
})

const newReq = async () => (await createLocalReq({}, app.payload)) as PayloadRequest
const className = () => `Database access ${Math.random().toString(36).slice(2, 8)}`
const createClass = (req: PayloadRequest, name: string) =>
  app.payload.create({ collection: 'classes', data: { ...CLASS_FIELDS, name, ageGroup: '6-8' }, req, overrideAccess: true })
const committed = async (name: string) => (await poolOf(app.payload).query('SELECT 1 FROM classes WHERE name = $1', [name])).rows.length

describe(`the Postgres adapter's internals that src/api/lib/database.ts relies on (payload ${payloadVersion})`, () => {
  it('runs on the Payload version database.ts was checked against', () => {
    expect(payloadVersion, `${recheck}, then move PINNED_PAYLOAD`).toBe(PINNED_PAYLOAD)
    expect(adapterVersion, `${recheck}: the adapter and payload must be the same version`).toBe(payloadVersion)
  })

  it('exposes its connection pool as a pg Pool that answers queries', async () => {
    // The adapter's own copy of pg: the pool must be an instance of its Pool class.
    const adapterPg = createRequire(require.resolve('@payloadcms/db-postgres'))('pg') as typeof import('pg')
    const pool = maybePoolOf(app.payload)
    expect(pool, `${recheck}: payload.db.pool is gone`).toBeDefined()
    expect(pool instanceof adapterPg.Pool, `${recheck}: payload.db.pool is no longer a pg Pool`).toBe(true)
    const { rows } = await poolOf(app.payload).query<{ one: number }>('SELECT 1::int AS one')
    expect(rows, `${recheck}: the pool does not answer`).toEqual([{ one: 1 }])
    expect(await queryRows<{ one: number }>(app.payload, sql`SELECT 1::int AS one`), `${recheck}: payload.db.drizzle.execute changed`).toEqual([{ one: 1 }])
  })

  it('has its whole pool once booted: the client the adapter checks out at connect is back in the pool', async () => {
    const pool = poolOf(app.payload)
    expect(pool.totalCount - pool.idleCount, `${recheck}: a client is still checked out after boot (returnAdapterClient)`).toBe(0)
    expect(returnAdapterClient(app.payload), 'a second return gives nothing back').toBe(false)
  })

  it('keeps each transaction in payload.db.sessions under req.transactionID, shared by the Local API and raw statements', async () => {
    const req = await newReq()
    const name = className()
    let committedInside = -1
    const seenInside = await inTransaction(req, async () => {
      const id = await req.transactionID
      expect(typeof id === 'string' || typeof id === 'number', `${recheck}: req.transactionID is no longer an id`).toBe(true)
      const session = sessionOf(app.payload, id)
      expect(session, `${recheck}: payload.db.sessions[req.transactionID] is gone`).toBeDefined()
      expect(typeof session?.db.execute, `${recheck}: a session's db.execute changed`).toBe('function')
      expect(typeof session?.resolve, `${recheck}: a session's resolve changed`).toBe('function')
      expect(typeof session?.reject, `${recheck}: a session's reject changed`).toBe('function')
      await createClass(req, name)
      committedInside = await committed(name)
      const inside = await queryInTransaction<{ name: string }>(req, sql`SELECT name FROM classes WHERE name = ${name}`)
      expect(await queryRows(req, sql`SELECT 1 FROM classes WHERE name = ${name}`), `${recheck}: queryRows left the transaction`).toHaveLength(1)
      return inside.length
    })
    expect(seenInside, `${recheck}: a raw statement on the session does not see the Local API's write in the same transaction`).toBe(1)
    expect(committedInside, `${recheck}: the write was visible outside its transaction before the commit`).toBe(0)
    expect(await committed(name), `${recheck}: the transaction did not commit`).toBe(1)
    expect(sessionOf(app.payload, await req.transactionID), `${recheck}: the session outlived its commit`).toBeUndefined()
  })

  it('rolls a transaction back when its work throws, and runs afterCommit only after a commit', async () => {
    const failed = await newReq()
    const rolledBack = className()
    await expect(
      inTransaction(failed, async () => {
        await createClass(failed, rolledBack)
        throw new Error('stop')
      }),
    ).rejects.toThrow('stop')
    expect(await committed(rolledBack), `${recheck}: killTransaction no longer rolls back`).toBe(0)

    const req = await newReq()
    const name = className()
    const seenByCallback: number[] = []
    await inTransaction(req, async () => {
      await createClass(req, name)
      afterCommit(req, () => void committed(name).then((count) => seenByCallback.push(count)))
    })
    await expect.poll(() => seenByCallback, { message: `${recheck}: afterCommit ran before the commit (session.resolve changed)` }).toEqual([1])
    await expect(queryInTransaction(await newReq(), sql`SELECT 1`)).rejects.toThrow('needs an open transaction')
  })

  it('survives a connection lost while a request holds it (the database going away mid-transaction)', async () => {
    const pool = poolOf(app.payload)
    const held = await pool.connect()
    const { rows } = await held.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
    // Another connection ends the held one, as a database restart does; pg reports it as an
    // 'error' event on the client, which would end the process if nobody listened.
    await pool.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid])
    await expect(held.query('SELECT 1')).rejects.toThrow()
    held.release(true)
    expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1)
  })

  it('updates a job row without bringing back one another runner has deleted', async () => {
    const queued = await app.payload.jobs.queue({ task: MAIL_TASK, queue: 'access-pin', input: { to: 'pin@example.com', subject: 'Pin', text: 'Pin.' } })
    // An update of a row that is there still writes it, and answers it.
    const claimed = await app.payload.db.updateJobs({ id: queued.id, data: { processing: true }, req: await newReq() })
    expect(claimed?.map((job) => [job.id, job.processing])).toEqual([[queued.id, true]])
    const rows = async () => (await poolOf(app.payload).query('SELECT processing, completed_at FROM payload_jobs WHERE id = $1', [queued.id])).rows
    expect(await rows()).toEqual([{ processing: true, completed_at: null }])

    // The first runner finished and deleted it; the second runner's late writes leave it deleted.
    await poolOf(app.payload).query('DELETE FROM payload_jobs WHERE id = $1', [queued.id])
    expect(await app.payload.db.updateJobs({ id: queued.id, data: { completedAt: new Date().toISOString(), processing: false }, req: await newReq() })).toEqual(
      [],
    )
    expect(await app.payload.db.updateJobs({ where: { queue: { equals: 'access-pin' } }, data: { processing: true }, req: await newReq() })).toEqual([])
    expect(await rows()).toEqual([])
  })
})
