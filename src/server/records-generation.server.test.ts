import { describe, expect, it } from 'vitest'

import { isWriteStatement, recordsChanged, recordsGeneration } from './records-generation.server'

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

describe('recordsChanged', () => {
  it('moves the generation at once', () => {
    const before = recordsGeneration()
    recordsChanged()
    recordsChanged()
    expect(recordsGeneration()).toBe(before + 2)
  })
})
