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

  it('runs the scheduled jobs unless JOBS_AUTORUN is false, and hands the choice to the CMS config', () => {
    expect(loadEnv({}).JOBS_AUTORUN).toBe('true')
    expect(loadEnv({ JOBS_AUTORUN: 'false' }).JOBS_AUTORUN).toBe('false')
    expect(() => loadEnv({ JOBS_AUTORUN: 'no' })).toThrow(/JOBS_AUTORUN must be true or false/)
    expect(loadCmsSettings({}).jobsAutorun).toBe(true)
    expect(loadCmsSettings({ JOBS_AUTORUN: 'false' }).jobsAutorun).toBe(false)
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
      JOBS_AUTORUN: 'false',
    })
    expect(settings).toEqual({
      databaseUrl: 'postgres://app@db/academy',
      secret: 's'.repeat(40),
      publicOrigin: 'https://academy.example',
      allowedOrigins: ['https://academy.example', 'http://localhost:3000'],
      dataDir: '/srv/academy',
      poolMax: 20,
      objectStorage: null,
      jobsAutorun: false,
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

describe('object storage for the site images (S3_*)', () => {
  const production = { DATABASE_URL: 'postgres://db/x', PAYLOAD_SECRET: 'x'.repeat(40) }
  const bucket = {
    S3_BUCKET: 'academy-media',
    S3_ENDPOINT: 'https://s3.example.com/',
    S3_REGION: 'eu-central-1',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'example-secret-key',
    S3_FORCE_PATH_STYLE: 'true',
  }

  it('keeps the images on disk without S3_BUCKET, also when the variables are present but empty', () => {
    expect(loadEnv(production).objectStorage).toBeNull()
    expect(loadEnv({ ...production, S3_BUCKET: '', S3_ENDPOINT: '', S3_ACCESS_KEY_ID: ' ', S3_SECRET_ACCESS_KEY: '' }).objectStorage).toBeNull()
    expect(loadCmsSettings({}).objectStorage).toBeNull()
  })

  it('resolves a complete bucket configuration, for the server and for payload.config alike', () => {
    const expected = {
      bucket: 'academy-media',
      endpoint: 'https://s3.example.com',
      region: 'eu-central-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'example-secret-key',
      forcePathStyle: true,
    }
    expect(loadEnv({ ...production, ...bucket }).objectStorage).toEqual(expected)
    expect(loadCmsSettings(bucket).objectStorage).toEqual(expected)
    // AWS itself: no endpoint, the default region, virtual-hosted addresses.
    const aws = loadEnv({ ...production, S3_BUCKET: 'academy-media', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'k' }).objectStorage
    expect(aws).toEqual({ bucket: 'academy-media', region: 'us-east-1', accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'k', forcePathStyle: false })
  })

  it('refuses to start with S3_BUCKET but without the access key, naming what is missing', () => {
    const { S3_ACCESS_KEY_ID: _id, S3_SECRET_ACCESS_KEY: _secret, ...withoutKeys } = bucket
    for (const load of [loadEnv, loadCmsSettings]) {
      expect(() => load({ ...production, ...withoutKeys })).toThrow(EnvError)
      expect(() => load({ ...production, ...withoutKeys })).toThrow(
        "S3_BUCKET is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too (the bucket's access key).",
      )
      expect(() => load({ ...production, ...withoutKeys, S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toThrow(
        /^S3_BUCKET is set, so S3_SECRET_ACCESS_KEY must be set too/,
      )
      expect(() => load({ ...production, ...bucket, S3_SECRET_ACCESS_KEY: '' })).toThrow(/S3_SECRET_ACCESS_KEY must be set/)
    }
  })

  it('refuses bucket settings without S3_BUCKET rather than quietly keeping the images on disk', () => {
    const { S3_BUCKET: _bucket, ...withoutBucket } = bucket
    expect(() => loadEnv({ ...production, ...withoutBucket })).toThrow(
      'S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set but S3_BUCKET is not: set S3_BUCKET to keep site images in object storage, or remove them to keep them on disk.',
    )
    expect(() => loadCmsSettings({ S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toThrow(/S3_ACCESS_KEY_ID is set but S3_BUCKET is not/)
  })

  it('refuses malformed values with the setting named', () => {
    expect(() => loadEnv({ ...production, ...bucket, S3_BUCKET: 'Academy_Media' })).toThrow(/S3_BUCKET must be a bucket name/)
    expect(() => loadEnv({ ...production, ...bucket, S3_ENDPOINT: 's3.example.com' })).toThrow(/S3_ENDPOINT must be a URL/)
    expect(() => loadEnv({ ...production, ...bucket, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE must be true or false/)
  })
})
