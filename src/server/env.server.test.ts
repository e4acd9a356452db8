import { describe, expect, it } from 'vitest'

import { EnvError, loadCmsSettings, loadEnv } from './env.server'

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

  it('seeds the demo accounts by default in demo mode only', () => {
    const production = { DATABASE_URL: 'postgres://db/x', PAYLOAD_SECRET: 'x'.repeat(40) }
    expect(loadEnv({}).SEED_DEMO_DATA).toBe('true')
    expect(loadEnv(production).SEED_DEMO_DATA).toBe('false')
    expect(loadEnv({ ...production, SEED_DEMO_DATA: 'true' }).SEED_DEMO_DATA).toBe('true')
    expect(loadEnv({ SEED_DEMO_DATA: 'false' }).SEED_DEMO_DATA).toBe('false')
    expect(() => loadEnv({ SEED_DEMO_DATA: 'yes' })).toThrow(/SEED_DEMO_DATA/)
  })

  it('refuses an invalid port with a clear message', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/)
  })
})

describe('loadCmsSettings (what payload.config.ts and the collections read)', () => {
  it('takes what server.ts handed over, validated', () => {
    const settings = loadCmsSettings({
      PAYLOAD_DATABASE_URL: 'postgres://app@db/academy',
      DATABASE_URL: 'postgres://ignored@db/other',
      PAYLOAD_SECRET: 's'.repeat(40),
      PUBLIC_ORIGIN: 'https://academy.example/',
      ACADEMY_ALLOWED_ORIGINS: 'https://academy.example,http://localhost:3000',
      ACADEMY_DATA_DIR: '/srv/academy',
      DATABASE_POOL_MAX: '20',
    })
    expect(settings).toEqual({
      databaseUrl: 'postgres://app@db/academy',
      secret: 's'.repeat(40),
      publicOrigin: 'https://academy.example',
      allowedOrigins: ['https://academy.example', 'http://localhost:3000'],
      dataDir: '/srv/academy',
      poolMax: 20,
    })
  })

  it('falls back as the Payload CLI needs: DATABASE_URL, the local origin, a pool of 10', () => {
    const settings = loadCmsSettings({ DATABASE_URL: 'postgres://app@db/academy' })
    expect(settings).toMatchObject({
      databaseUrl: 'postgres://app@db/academy',
      publicOrigin: 'http://localhost:3000',
      allowedOrigins: ['http://localhost:3000'],
      poolMax: 10,
    })
  })

  it('refuses a malformed value with the setting named', () => {
    expect(() => loadCmsSettings({ DATABASE_POOL_MAX: 'many' })).toThrow(/DATABASE_POOL_MAX/)
    expect(() => loadCmsSettings({ PUBLIC_ORIGIN: 'not a url' })).toThrow(/PUBLIC_ORIGIN/)
  })
})

describe('demo mode stays on this machine', () => {
  it('listens on loopback by default, and on every interface with a DATABASE_URL', () => {
    expect(loadEnv({}).HOST).toBe('127.0.0.1')
    expect(loadEnv({ DATABASE_URL: 'postgres://db/academy', PAYLOAD_SECRET: 'x'.repeat(40) }).HOST).toBe('0.0.0.0')
  })

  it('refuses to start on a network address or with a public origin', () => {
    expect(() => loadEnv({ HOST: '0.0.0.0' })).toThrow(/Demo mode \(no DATABASE_URL\) listens on this machine only: HOST must be 127.0.0.1/)
    expect(() => loadEnv({ HOST: '192.168.1.10' })).toThrow(EnvError)
    expect(() => loadEnv({ PUBLIC_ORIGIN: 'https://academy.example.com' })).toThrow(/PUBLIC_ORIGIN must be a localhost address/)
    expect(loadEnv({ HOST: 'localhost', PUBLIC_ORIGIN: 'http://127.0.0.1:4000' }).HOST).toBe('localhost')
  })
})

describe('TRUST_PROXY', () => {
  it('counts our own proxies: false 0, true 1, or a number', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(0)
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1)
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(() => loadEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY must be true, false or the number of proxies/)
  })
})
