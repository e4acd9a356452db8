import { DatabaseError } from 'pg'
import { describe, expect, it } from 'vitest'

import { loggableError, safeLogText, statementName } from './log-safety.server'
import { createLogger } from './logger.server'

const HASH = 'pbkdf2-hash-9f8e7d6c5b4a39281706f5e4d3c2b1a0'
const NOTES = 'Epilepsy: rescue medicine in the office'

/** What Drizzle throws for a failed query (drizzle-orm/errors.js, DrizzleQueryError), over pg's error. */
function failedQuery(): Error {
  const cause = new DatabaseError('invalid byte sequence for encoding "UTF8": 0x00', 100, 'error')
  Object.assign(cause, { code: '22021', severity: 'ERROR', detail: `Key (hash)=(${HASH}) already exists.`, table: 'users', constraint: 'users_hash_idx' })
  const query = 'insert into "users" ("username", "hash", "medical_notes") values ($1, $2, $3) returning "id"'
  const params = ['riley', HASH, NOTES]
  const error = new Error(`Failed query: ${query}\nparams: ${params}`)
  Object.assign(error, { query, params, cause })
  Object.defineProperty(error, 'name', { value: 'Error' })
  Object.setPrototypeOf(error, class DrizzleQueryError extends Error {}.prototype)
  return error
}

describe('loggableError', () => {
  it("keeps a failed query's statement name and PostgreSQL's code and names, never a value", () => {
    const safe = loggableError(failedQuery())
    expect(safe).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query (insert into "users"): PostgreSQL error 22021',
      statement: 'insert into "users"',
      code: '22021',
      table: 'users',
      constraint: 'users_hash_idx',
    })
    const text = JSON.stringify(safe)
    expect(text).not.toContain(HASH)
    expect(text).not.toContain(NOTES)
    expect(text).not.toContain('params')
  })

  it("keeps of PostgreSQL's own error its code and names, never its message or detail", () => {
    const error = new DatabaseError(`invalid input syntax for type integer: "${NOTES}"`, 100, 'error')
    Object.assign(error, { code: '22P02', severity: 'ERROR', detail: NOTES })
    const text = JSON.stringify(loggableError({ message: 'wrapped', cause: error, stack: 'Error: wrapped\n    at here' }))
    expect(text).toContain('22P02')
    expect(text).not.toContain(NOTES)
  })

  it('cuts any other text where the values of a query would begin', () => {
    expect(safeLogText(`Failed query: update "students" set "notes" = $1\nparams: ${NOTES}`)).toBe('Failed query (update "students")')
    expect(safeLogText(`could not save: something\nparams: ${NOTES}`)).not.toContain(NOTES)
    expect(safeLogText('The class is full.')).toBe('The class is full.')
    expect(statementName('select "id" from "public"."care_information" where "student" = $1')).toBe('select from "public"."care_information"')
  })
})

describe('the logger', () => {
  it('writes an error given alone, under err, or in its message without the values', () => {
    const lines: string[] = []
    const logger = createLogger({ write: (line: string) => void lines.push(line) })
    logger.error(failedQuery())
    logger.error({ err: failedQuery(), reqId: 'r1' }, 'unhandled error')
    logger.error({ err: failedQuery() })
    logger.warn(`[db] ${failedQuery().message}`)
    expect(lines).toHaveLength(4)
    for (const line of lines) {
      expect(line).not.toContain(HASH)
      expect(line).not.toContain(NOTES)
      expect(line).toContain('insert into')
    }
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'Failed query (insert into "users"): PostgreSQL error 22021', err: { code: '22021' } })
    expect(JSON.parse(lines[1]!)).toMatchObject({ msg: 'unhandled error', reqId: 'r1', err: { statement: 'insert into "users"' } })
  })
})
