import { describe, expect, it } from 'vitest'

import { isWriteStatement, recordsChanged, recordsGeneration, statementEffect } from './records-generation.server'

describe('isWriteStatement', () => {
  it('counts statements that change rows, and any it cannot read, as writes', () => {
    for (const text of [
      'insert into "students" ("full_name") values ($1)',
      'UPDATE invoices SET status = $1',
      '  delete from "enrollments" where id = $1',
      'with moved as (delete from a returning *) insert into b select * from moved',
      '/* drizzle */ update x set y = 1',
      'COMMIT',
      'truncate rate_limits',
      'alter table x add column y int',
      undefined,
    ])
      expect(isWriteStatement(text), String(text)).toBe(true)
  })

  it('does not count reads, locks or transaction control as writes', () => {
    for (const text of [
      'select "id" from "students" where "user_id" = $1',
      '(select 1) union (select 2)',
      'SELECT pg_advisory_xact_lock($1)',
      'begin',
      'ROLLBACK',
      'savepoint s1',
      'SET LOCAL statement_timeout = 5000',
      '-- a comment\nselect 1',
    ])
      expect(isWriteStatement(text), text).toBe(false)
  })
})

describe('statementEffect', () => {
  it('sets apart a single write to the mail queue’s bookkeeping', () => {
    for (const text of [
      'update "payload_jobs" set "processing" = $1 where "payload_jobs"."id" = $2 returning "id"',
      'insert into "payload_jobs_log" ("_order", "_parent_id") values ($1, $2)',
      'delete from "payload_jobs" where "payload_jobs"."id" in ($1)',
      "UPDATE message_recipients SET delivery = 'sent' WHERE id = $1",
      'INSERT INTO public.payload_jobs (input) SELECT j.input FROM json_to_recordset($1::json) AS j(input jsonb)',
      'update "public"."payload_jobs_stats" set "stats" = $1',
    ])
      expect(statementEffect(text), text).toBe('bookkeeping')
  })

  it('counts as a write anything else that may change rows, even one naming a bookkeeping table', () => {
    for (const text of [
      'update "message_recipients_archive" set x = 1',
      'update "users" set "bounced" = true from "message_recipients" where true',
      'with gone as (delete from "students" returning id) delete from "payload_jobs"',
      'update payload_jobs set processing = false; delete from students',
      'insert into "payload_jobs_x" values (1)',
      'truncate payload_jobs',
      undefined,
    ])
      expect(statementEffect(text), String(text)).toBe('write')
    expect(statementEffect('select * from "payload_jobs"')).toBe('none')
  })
})

describe('recordsChanged', () => {
  it('moves the generation at once', () => {
    const before = recordsGeneration()
    recordsChanged()
    recordsChanged()
    expect(recordsGeneration()).toBe(before + 2)
  })
})
