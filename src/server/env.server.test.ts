import { describe, expect, it } from 'vitest'

import { EnvError, loadEnv } from './env.server'

describe('loadEnv', () => {
  it('runs in demo mode without DATABASE_URL and needs no secret', () => {
    const env = loadEnv({})
    expect(env.demoMode).toBe(true)
    expect(env.publicOrigin).toBe('http://localhost:3000')
  })

  it('refuses a missing or default PAYLOAD_SECRET outside demo mode', () => {
    expect(() => loadEnv({ DATABASE_URL: 'postgres://db/x' })).toThrow(EnvError)
    expect(() => loadEnv({ DATABASE_URL: 'postgres://db/x', PAYLOAD_SECRET: 'secret' })).toThrow(/PAYLOAD_SECRET/)
    expect(loadEnv({ DATABASE_URL: 'postgres://db/x', PAYLOAD_SECRET: 'x'.repeat(40) }).demoMode).toBe(false)
  })

  it('refuses an invalid port with a clear message', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/)
  })
})
