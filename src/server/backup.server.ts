import pg from 'pg'

import { makeEnumValuesUsable } from './backup-enums.server'
import {
  BackupError,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  createBackupWriter,
  readBackup,
  verifyBackup,
  type BackupHeader,
  type BackupRow,
} from './backup-file.server'

export { BackupError } from './backup-file.server'

/**
 * Backups of the academy's database over the app's own driver, for any PostgreSQL version the
 * app runs on (the embedded PostgreSQL 18 of demo mode as much as a managed server), with no
 * client tools to install: `npm run db:backup` / `npm run db:restore` (scripts/db.ts,
 * docs/operations.md). The backup records the applied migrations and every table's rows from
 * one consistent snapshot; a restore rebuilds the schema with the app's own migrations up to the
 * same point and loads the rows back, in one transaction. Supported and tested: PostgreSQL 15
 * to 18 (an enum value a migration added is made usable in that transaction on 15 and 16,
 * `backup-enums.server.ts`).
 */
type Migration = { name: string; up: (args: { db: unknown; payload: unknown; req: unknown }) => Promise<void> }

const ROWS_PER_BATCH = 500

async function connect(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 })
  try {
    await client.connect()
  } catch (error) {
    throw new BackupError(`Cannot reach the database: ${(error as Error).message}`)
  }
  // Texts that read back the same whatever the server's settings.
  await client.query(`SET DateStyle = ISO, YMD; SET IntervalStyle = postgres; SET TimeZone = 'UTC'; SET extra_float_digits = 3; SET bytea_output = hex`)
  return client
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

async function publicTables(client: pg.Client): Promise<{ name: string; columns: { name: string; type: string }[] }[]> {
  const { rows } = await client.query<{ table: string; column: string; type: string }>(
    `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      ORDER BY c.relname, a.attnum`,
  )
  const tables = new Map<string, { name: string; type: string }[]>()
  for (const row of rows) tables.set(row.table, [...(tables.get(row.table) ?? []), { name: row.column, type: row.type }])
  return [...tables].map(([name, columns]) => ({ name, columns }))
}

/** Writes a consistent backup of the database to `file` (0600) and returns its size in bytes. */
export async function backupDatabase(databaseUrl: string, file: string): Promise<number> {
  const client = await connect(databaseUrl)
  const writer = createBackupWriter(file)
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
    // The first query fixes the snapshot; the sequences are read after it, so none is behind a row.
    const tables = await publicTables(client)
    if (!tables.some((table) => table.name === 'payload_migrations'))
      throw new BackupError('The database has no migrations applied: there is nothing to back up.')
    const migrations = (await client.query<{ name: string }>(`SELECT name FROM payload_migrations WHERE batch IS DISTINCT FROM -1 ORDER BY id`)).rows
    const { rows: sequenceNames } = await client.query<{ name: string }>(`SELECT sequencename AS name FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`)
    const sequences = []
    for (const { name } of sequenceNames) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM public.${quote(name)}`)
      sequences.push({ name, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called })
    }
    const { rows: version } = await client.query<{ server_version: string }>('SHOW server_version')
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      postgres: version[0]!.server_version,
      migrations: migrations.map((row) => row.name),
      tables,
      sequences,
    }
    await writer.line(header)
    for (const table of tables) {
      await writer.line({ table: table.name })
      const texts = table.columns.map((column) => `${quote(column.name)}::text`).join(', ')
      await client.query(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT ${texts} FROM public.${quote(table.name)}`)
      let count = 0
      for (;;) {
        const { rows } = await client.query({ text: `FETCH ${ROWS_PER_BATCH} FROM backup_rows`, rowMode: 'array' })
        for (const row of rows as BackupRow[]) await writer.line(row)
        count += rows.length
        if (rows.length < ROWS_PER_BATCH) break
      }
      await client.query('CLOSE backup_rows')
      await writer.line({ end: table.name, rows: count })
    }
    await client.query('COMMIT')
    return await writer.finish()
  } catch (error) {
    writer.abort()
    if (error instanceof BackupError) throw error
    throw new BackupError(`The backup failed (no file was written): ${(error as Error).message}`)
  } finally {
    await client.end().catch(() => {})
  }
}

/** The app's migrations the backup's schema was built with, refusing a backup of a newer app. */
async function migrationsFor(header: BackupHeader): Promise<Migration[]> {
  const { migrations } = (await import('#cms/migrations/index')) as unknown as { migrations: Migration[] }
  header.migrations.forEach((name, index) => {
    if (migrations[index]?.name === name) return
    if (!migrations.some((migration) => migration.name === name)) {
      throw new BackupError(`This backup comes from a newer version of the app (its schema has migration ${name}, unknown here): update the app, then restore.`)
    }
    throw new BackupError(
      `This backup's migrations were applied in another order than this app's (${name} at position ${index + 1}): it cannot be rebuilt here.`,
    )
  })
  return migrations.slice(0, header.migrations.length)
}

/** Drops what the app's migrations create in the public schema, for `--clean`. */
async function dropSchemaObjects(client: pg.Client): Promise<void> {
  const { rows: relations } = await client.query<{ name: string; kind: string }>(
    `SELECT c.relname AS name, c.relkind AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')`,
  )
  const kinds: Record<string, string> = { r: 'TABLE', p: 'TABLE', v: 'VIEW', m: 'MATERIALIZED VIEW', S: 'SEQUENCE', f: 'FOREIGN TABLE' }
  for (const { name, kind } of relations) await client.query(`DROP ${kinds[kind]} IF EXISTS public.${quote(name)} CASCADE`)
  const { rows: types } = await client.query<{ name: string }>(
    `SELECT t.typname AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd')`,
  )
  for (const { name } of types) await client.query(`DROP TYPE IF EXISTS public.${quote(name)} CASCADE`)
}

async function schemaIsEmpty(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ count: string }>(`SELECT count(*) FROM pg_tables WHERE schemaname = 'public'`)
  return Number(rows[0]!.count) === 0
}

/** Loads one table's rows (the column texts, read by each column's own type). */
async function insertRows(client: pg.Client, table: string, columns: { name: string; type: string }[], rows: BackupRow[]): Promise<void> {
  if (rows.length === 0) return
  const params = columns.map((_, index) => rows.map((row) => row[index] ?? null))
  const aliases = columns.map((_, index) => `c${index}`)
  const values = columns.map((column, index) => `u.c${index}::${column.type}`).join(', ')
  const unnest = columns.map((_, index) => `$${index + 1}::text[]`).join(', ')
  await client.query(
    `INSERT INTO public.${quote(table)} (${columns.map((column) => quote(column.name)).join(', ')}) OVERRIDING SYSTEM VALUE
     SELECT ${values} FROM unnest(${unnest}) AS u(${aliases.join(', ')})`,
    params,
  )
}

/**
 * Restores a backup made by `backupDatabase` in one transaction: all of it or nothing. The file
 * is checked whole first. Into a database that already holds tables only with `clean` (they are
 * replaced).
 */
export async function restoreDatabase(databaseUrl: string, file: string, options: { clean?: boolean } = {}): Promise<void> {
  let header: BackupHeader
  let migrations: Migration[]
  try {
    header = await verifyBackup(file)
    migrations = await migrationsFor(header)
  } catch (error) {
    throw new BackupError(`The backup cannot be restored (nothing was changed): ${(error as Error).message}`)
  }
  const client = await connect(databaseUrl)
  try {
    if (!options.clean && !(await schemaIsEmpty(client))) {
      throw new BackupError('The database is not empty. Restore into an empty database, or pass --clean to replace what it holds (stop the app first).')
    }
  } catch (error) {
    await client.end().catch(() => {})
    throw error
  }
  try {
    await client.query('BEGIN')
    if (options.clean) await dropSchemaObjects(client)
    // The schema, as the app's own migrations built it up to the backup's point.
    const { drizzle } = await import('@payloadcms/db-postgres/drizzle/node-postgres')
    const db = drizzle({ client: client as never })
    for (const migration of migrations) await migration.up({ db, payload: undefined, req: undefined })
    // PostgreSQL before 17 cannot load a value an enum gained in this same transaction: those types are made again whole.
    await makeEnumValuesUsable(client)

    const tables = await publicTables(client)
    const byName = new Map(tables.map((table) => [table.name, table]))
    for (const table of header.tables) {
      const built = byName.get(table.name)
      if (!built || built.columns.map((c) => c.name).join() !== table.columns.map((c) => c.name).join()) {
        throw new BackupError(`The backup's table ${table.name} does not match the schema its migrations build here.`)
      }
    }
    if (tables.length) await client.query(`TRUNCATE ${tables.map((table) => `public.${quote(table.name)}`).join(', ')}`)
    // Foreign keys come off while the rows load in any order, and go back on after: adding them checks every row.
    const { rows: foreignKeys } = await client.query<{ table: string; name: string; definition: string }>(
      `SELECT c.relname AS table, k.conname AS name, pg_get_constraintdef(k.oid) AS definition
         FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND k.contype = 'f'`,
    )
    for (const key of foreignKeys) await client.query(`ALTER TABLE public.${quote(key.table)} DROP CONSTRAINT ${quote(key.name)}`)

    let current: { name: string; columns: { name: string; type: string }[]; batch: BackupRow[]; count: number } | null = null
    for await (const { value } of readBackup(file)) {
      if (Array.isArray(value)) {
        if (!current) throw new BackupError('The backup is damaged (a row outside a table).')
        current.batch.push(value as BackupRow)
        current.count++
        if (current.batch.length >= ROWS_PER_BATCH) await insertRows(client, current.name, current.columns, current.batch.splice(0))
      } else if (value && typeof value === 'object' && 'table' in value) {
        const name = String((value as { table: unknown }).table)
        current = { name, columns: byName.get(name)!.columns, batch: [], count: 0 }
      } else if (value && typeof value === 'object' && 'end' in value && current) {
        await insertRows(client, current.name, current.columns, current.batch.splice(0))
        if ((value as unknown as { rows: number }).rows !== current.count) throw new BackupError(`The backup is damaged (table ${current.name} is incomplete).`)
        current = null
      }
    }
    for (const key of foreignKeys) await client.query(`ALTER TABLE public.${quote(key.table)} ADD CONSTRAINT ${quote(key.name)} ${key.definition}`)
    for (const sequence of header.sequences) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [`public.${quote(sequence.name)}`, sequence.lastValue, sequence.isCalled])
    }
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    const reason = error instanceof Error ? error.message : String(error)
    throw new BackupError(`The backup cannot be restored (nothing was changed): ${reason}`)
  } finally {
    await client.end().catch(() => {})
  }
}
