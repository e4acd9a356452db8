import type { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { migrations } from '#cms/migrations'
import { drizzleOf } from '#api/lib/database'
import { ADMIN, startTestApp, type TestApp } from '#tests/support/app'
import { ApiClient } from '#tests/support/client'

/**
 * The rich-text body's migration (decisions §33): a message written before it, as plain text,
 * reads the same words after it, as Lexical paragraphs; down() gives the text back.
 */
const MIGRATION = '20261127_040423_rich_messages'
const migration = migrations.find((one) => one.name === MIGRATION)!

let app: TestApp
let pool: pg.Pool
let admin: ApiClient

const args = () => ({ db: drizzleOf(app.payload), payload: app.payload, req: {} }) as unknown as MigrateUpArgs & MigrateDownArgs
const columnType = async () =>
  (await pool.query<{ data_type: string }>(`SELECT data_type FROM information_schema.columns WHERE table_name = 'messages' AND column_name = 'body'`)).rows[0]!
    .data_type

beforeAll(async () => {
  app = await startTestApp()
  pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 })
  admin = await new ApiClient(app.url).login(ADMIN.username, ADMIN.password)
}, 120_000)

afterAll(async () => {
  await pool?.end()
  await app?.close()
})

describe('the rich-text body migration', () => {
  it('turns every older message’s text into paragraphs that read the same, and back', { timeout: 60_000 }, async () => {
    expect(migration).toBeDefined()
    const bold = { type: 'text', text: 'Bold words', format: 1, detail: 0, mode: 'normal', style: '', version: 1 }
    const rich = await admin.post('/api/admin/messages', {
      subject: 'Written rich',
      body: {
        root: {
          type: 'root',
          children: [
            { type: 'paragraph', children: [bold] },
            { type: 'list', listType: 'bullet', children: [{ type: 'listitem', children: [{ ...bold, text: 'An item', format: 0 }] }] },
          ],
        },
      },
      audience: { kind: 'everyone' },
      scheduledFor: '2099-01-01T10:00:00Z',
    })
    expect(rich.status).toBe(201)

    // The previous version: a text column, and a message written in it.
    await migration.down(args())
    expect(await columnType()).toBe('character varying')
    expect((await pool.query(`SELECT body FROM messages WHERE id = $1`, [rich.body.id])).rows[0].body).toBe('Bold words\n\n- An item')
    const words = 'The studio is closed on Monday.\n\nSee you on Tuesday,\nat five.\n\n\n<b>Not markup</b> & more'
    const { rows } = await pool.query<{ id: number }>(
      `INSERT INTO messages (subject, body, category, audience, status, updated_at, created_at)
       VALUES ('Written before', $1, 'announcements', '{"kind":"everyone"}', 'scheduled', now(), now()) RETURNING id`,
      [words],
    )

    await migration.up(args())
    expect(await columnType()).toBe('jsonb')
    const before = (await admin.get(`/api/admin/messages/${rows[0]!.id}`)).body
    expect(before.body).toBe('The studio is closed on Monday.\n\nSee you on Tuesday,\nat five.\n\n<b>Not markup</b> & more')
    expect(before.bodyRich.root.children).toHaveLength(3)
    expect(before.bodyRich.root.children[1].children.map((node: { type: string }) => node.type)).toEqual(['text', 'linebreak', 'text'])
    // Payload reads it as rich text too.
    const doc = await app.payload.findByID({ collection: 'messages', id: rows[0]!.id, overrideAccess: true, depth: 0 })
    expect((doc.body as { root: { type: string } }).root.type).toBe('root')
    expect((await admin.get(`/api/admin/messages/${rich.body.id}`)).body.body).toBe('Bold words\n\n- An item')
  })
})
