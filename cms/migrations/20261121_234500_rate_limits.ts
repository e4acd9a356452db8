// @ts-nocheck -- see scripts/migrate-create.mjs (drizzle ships two copies of its SQL type)
import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Fixed-window rate-limit counters shared by every app process (src/server/rate-limit.server.ts).
 * Not a Payload collection: nobody edits it, and it must be one statement per hit.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    CREATE TABLE IF NOT EXISTS "rate_limits" (
      "key" varchar(300) PRIMARY KEY,
      "hits" integer NOT NULL,
      "reset_at" timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS "rate_limits_reset_at_idx" ON "rate_limits" ("reset_at");
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS "rate_limits";`)
}
