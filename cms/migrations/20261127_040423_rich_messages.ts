// @ts-nocheck -- hand-written from Payload's generated one (see scripts/migrate-create.mjs)
import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * A message's body becomes rich text (decisions §33): the plain text column turns into Payload's
 * Lexical JSON, each message's words kept as paragraphs (a blank line starts one, a single line
 * break stays inside it), and back again. The converters are frozen here, not imported: a
 * migration must do tomorrow what it does today.
 */

const element = { direction: 'ltr', format: '', indent: 0, version: 1 }
const text = (value: string) => ({ type: 'text', text: value, format: 0, detail: 0, mode: 'normal', style: '', version: 1 })

export function lexicalOf(body: string) {
  const children = body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => ({
      ...element,
      type: 'paragraph',
      children: part.split('\n').flatMap((line, index) => (index === 0 ? [text(line)] : [{ type: 'linebreak', version: 1 }, text(line)])),
    }))
  return { root: { ...element, type: 'root', children } }
}

type Node = { type?: string; text?: string; children?: Node[]; listType?: string }

/** Back to plain text: blocks apart by a blank line, list items one a line. */
export function textOf(doc: { root?: Node } | null): string {
  const inline = (nodes: Node[] = []): string =>
    nodes.map((node) => (node.type === 'linebreak' ? '\n' : typeof node.text === 'string' ? node.text : node.type === 'list' ? `\n${list(node)}` : inline(node.children))).join('')
  const list = (node: Node): string => (node.children ?? []).map((item, index) => `${node.listType === 'number' ? `${index + 1}.` : '-'} ${inline(item.children)}`).join('\n')
  return (doc?.root?.children ?? [])
    .map((node) => (node.type === 'list' ? list(node) : inline(node.children)).trim())
    .filter(Boolean)
    .join('\n\n')
}

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`ALTER TABLE "messages" ADD COLUMN "body_rich" jsonb;`)
  const { rows } = await db.execute(sql`SELECT "id", "body" FROM "messages";`)
  for (const row of rows as { id: number; body: string | null }[]) {
    await db.execute(sql`UPDATE "messages" SET "body_rich" = ${JSON.stringify(lexicalOf(row.body ?? ''))}::jsonb WHERE "id" = ${row.id};`)
  }
  await db.execute(sql`
   ALTER TABLE "messages" DROP COLUMN "body";
   ALTER TABLE "messages" RENAME COLUMN "body_rich" TO "body";
   ALTER TABLE "messages" ALTER COLUMN "body" SET NOT NULL;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`ALTER TABLE "messages" ADD COLUMN IF NOT EXISTS "body_text" varchar;`)
  const { rows } = await db.execute(sql`SELECT "id", "body" FROM "messages";`)
  for (const row of rows as { id: number; body: unknown }[]) {
    const value = typeof row.body === 'string' ? JSON.parse(row.body) : row.body
    await db.execute(sql`UPDATE "messages" SET "body_text" = ${textOf(value as { root?: Node })} WHERE "id" = ${row.id};`)
  }
  await db.execute(sql`
   ALTER TABLE "messages" DROP COLUMN IF EXISTS "body";
   ALTER TABLE "messages" RENAME COLUMN "body_text" TO "body";
   ALTER TABLE "messages" ALTER COLUMN "body" SET NOT NULL;`)
}
