import type pg from 'pg'

/**
 * A restore builds the schema with the app's migrations and loads the rows in one transaction.
 * Some migrations add values to an enum type (`ALTER TYPE … ADD VALUE`); PostgreSQL before 17
 * refuses to use such a value in the transaction that added it ("unsafe use of new value"),
 * even when the type itself was made in that transaction too. So, still inside the restore's
 * transaction and while the tables are empty, each enum type with a value this transaction
 * cannot use yet is made again whole: a new type with every value, in the same order, under
 * the same name, its columns (their defaults, and the indexes whose definitions name it) moved
 * onto it, the old one dropped. A value made by `CREATE TYPE` is usable at once. On PostgreSQL
 * 17 and later no type needs it and nothing changes.
 */
const UNSAFE_NEW_ENUM_VALUE = '55P04'

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

type EnumType = { oid: number; name: string; labels: string[] }

async function enumTypes(client: pg.Client): Promise<EnumType[]> {
  const { rows } = await client.query<EnumType>(
    `SELECT t.oid::int AS oid, t.typname AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels
       FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace JOIN pg_enum e ON e.enumtypid = t.oid
      WHERE n.nspname = 'public' GROUP BY t.oid, t.typname ORDER BY t.typname`,
  )
  return rows
}

/** Whether every value of the type can be used in this transaction (tried under a savepoint). */
async function usable(client: pg.Client, type: EnumType): Promise<boolean> {
  await client.query('SAVEPOINT enum_probe')
  try {
    await client.query(`SELECT array_agg(label::public.${quote(type.name)}) FROM unnest($1::text[]) AS label`, [type.labels])
    await client.query('RELEASE SAVEPOINT enum_probe')
    return true
  } catch (error) {
    await client.query('ROLLBACK TO SAVEPOINT enum_probe')
    if ((error as { code?: string }).code === UNSAFE_NEW_ENUM_VALUE) return false
    throw error
  }
}

async function remake(client: pg.Client, type: EnumType): Promise<void> {
  const { rows: columns } = await client.query<{ table: string; column: string; array: boolean; default: string | null }>(
    `SELECT c.relname AS table, a.attname AS column, a.atttypid <> $1::oid AS array, pg_get_expr(d.adbin, d.adrelid) AS default
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
        AND a.atttypid IN ($1::oid, (SELECT typarray FROM pg_type WHERE oid = $1::oid))`,
    [type.oid],
  )
  // Indexes whose definition names the type (a partial index on one of its values): made again after.
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_namespace n ON n.oid = i.relnamespace
      WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.oid)
        AND EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = i.oid AND d.refclassid = 'pg_type'::regclass AND d.refobjid = $1::oid)`,
    [type.oid],
  )
  const name = `public.${quote(type.name)}`
  for (const index of indexes) await client.query(`DROP INDEX public.${quote(index.name)}`)
  await client.query(`ALTER TYPE ${name} RENAME TO ${quote(`${type.name}__restore_old`)}`)
  await client.query(`CREATE TYPE ${name} AS ENUM (${type.labels.map((label) => `'${label.replace(/'/g, "''")}'`).join(', ')})`)
  for (const column of columns) {
    const target = `public.${quote(column.table)}`
    const kind = column.array ? `${name}[]` : name
    if (column.default !== null) await client.query(`ALTER TABLE ${target} ALTER COLUMN ${quote(column.column)} DROP DEFAULT`)
    await client.query(
      `ALTER TABLE ${target} ALTER COLUMN ${quote(column.column)} TYPE ${kind} USING ${quote(column.column)}::text${column.array ? '[]' : ''}::${kind}`,
    )
    // The default's text was read under the type's own name, which now names the new type.
    if (column.default !== null) await client.query(`ALTER TABLE ${target} ALTER COLUMN ${quote(column.column)} SET DEFAULT ${column.default}`)
  }
  for (const index of indexes) await client.query(index.definition)
  // Anything else still on the old type (a view, a function) makes this fail, and the restore with it.
  await client.query(`DROP TYPE public.${quote(`${type.name}__restore_old`)}`)
}

/** Makes every enum type of the schema usable in the current transaction; returns the names of those made again. */
export async function makeEnumValuesUsable(client: pg.Client): Promise<string[]> {
  const remade: string[] = []
  for (const type of await enumTypes(client)) {
    if (await usable(client, type)) continue
    await remake(client, type)
    remade.push(type.name)
  }
  return remade
}
