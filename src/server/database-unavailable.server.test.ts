import { describe, expect, it } from 'vitest'

import { isDatabaseUnavailable } from './database-unavailable.server'

describe('isDatabaseUnavailable', () => {
  it('reads the driver’s code, also through causes', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: Object.assign(new Error('x'), { code: '57P01' }) }))).toBe(true)
  })

  it('recognises a wrapper that kept only the message, as Payload’s beginTransaction does on every write', () => {
    // payload/drizzle: throw new Error(`Error: cannot begin transaction: ${err.message}`), no code, no cause.
    expect(isDatabaseUnavailable(new Error('Error: cannot begin transaction: connect ECONNREFUSED 127.0.0.1:33869'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Error: cannot begin transaction: read ECONNRESET'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Error: cannot begin transaction: terminating connection due to administrator command'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Error: cannot begin transaction: the database system is starting up'))).toBe(true)
  })

  it('leaves other errors alone', () => {
    expect(isDatabaseUnavailable(new Error('Error: cannot begin transaction: syntax error at or near "x"'))).toBe(false)
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false)
    expect(isDatabaseUnavailable(new Error('The ECONNREFUSED word in a user’s text'))).toBe(false)
    expect(isDatabaseUnavailable(null)).toBe(false)
  })
})
