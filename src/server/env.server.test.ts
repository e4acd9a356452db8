import { readFileSync } from 'node:fs'
import path from 'node:path'

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

  it('runs the queues each minute unless JOBS_RUNNER_CRON says when, and refuses what is not a cron', () => {
    expect(loadCmsSettings({}).runnerCron).toBe('* * * * *')
    expect(loadEnv({ JOBS_RUNNER_CRON: '*/2 * * * * *' }).JOBS_RUNNER_CRON).toBe('*/2 * * * * *')
    for (const wrong of ['every minute', '* * * *', '* * * * * * *', '* * * * *; rm'])
      expect(() => loadEnv({ JOBS_RUNNER_CRON: wrong }), wrong).toThrow(/JOBS_RUNNER_CRON must be a cron/)
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
      JOBS_RUNNER_CRON: '*/5 * * * * *',
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
      runnerCron: '*/5 * * * * *',
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

describe('example values of the repository are refused in a deployment', () => {
  const production = { DATABASE_URL: 'postgres://academy:a-real-database-password@db/academy', PAYLOAD_SECRET: 'x'.repeat(40) }
  const SECRETS = [
    'PAYLOAD_SECRET',
    'ADMIN_PASSWORD',
    'DATABASE_URL',
    'SMTP_URL',
    'STRIPE_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
  ]
  const EXAMPLE_FILES = ['.env.example', 'deploy/academy.env.example', 'compose.yaml', 'docs/operations.md', 'docs/product/decisions.md']

  /** Every `NAME=value` the example files show, commented out or not. */
  function exampleSettings(): { file: string; name: string; value: string }[] {
    return EXAMPLE_FILES.flatMap((file) =>
      [...readFileSync(path.resolve(file), 'utf8').matchAll(/^[#\s`-]*([A-Z][A-Z0-9_]+)=(\S*)/gm)].map(([, name, value]) => ({
        file,
        name: name!,
        value: value!.replace(/`$/, ''),
      })),
    )
  }

  it('refuses every secret value an example file shows, naming the variable', () => {
    const settings = exampleSettings()
    // The files are read: the deployment template names its secrets (empty, see below).
    expect(settings.filter(({ file }) => file === 'deploy/academy.env.example').map(({ name }) => name)).toEqual(
      expect.arrayContaining(['PAYLOAD_SECRET', 'ADMIN_PASSWORD', 'SMTP_URL']),
    )
    // A value a later edit writes into an example must be one a deployment refuses.
    for (const { file, name, value } of settings.filter(({ name, value }) => SECRETS.includes(name) && value !== '')) {
      const env =
        name === 'DATABASE_URL'
          ? { ...production, DATABASE_URL: value }
          : name === 'S3_ACCESS_KEY_ID' || name === 'S3_SECRET_ACCESS_KEY'
            ? { ...production, S3_BUCKET: 'academy-media', S3_ACCESS_KEY_ID: 'AKIAREALKEY', S3_SECRET_ACCESS_KEY: 'a-real-secret', [name]: value }
            : { ...production, [name]: value }
      expect(() => loadEnv(env), `${name}=${value} of ${file}`).toThrow(new RegExp(`${name} is an example value`))
    }
  })

  it('refuses the placeholders the templates once shipped, and anything starting replace-with', () => {
    const cases: Record<string, string> = {
      PAYLOAD_SECRET: 'replace-with-at-least-32-random-characters',
      ADMIN_PASSWORD: 'replace-with-a-long-passphrase',
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      STRIPE_SECRET_KEY: 'sk_live_...',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_...',
      STRIPE_WEBHOOK_SECRET: 'whsec_...',
    }
    for (const [name, value] of Object.entries(cases)) {
      expect(() => loadEnv({ ...production, [name]: value }), name).toThrow(EnvError)
      expect(() => loadEnv({ ...production, [name]: value }), name).toThrow(new RegExp(`${name} is an example value: set `))
    }
    expect(() => loadEnv({ ...production, PAYLOAD_SECRET: 'Replace-With-Something-Random-Of-40-Characters' })).toThrow(/PAYLOAD_SECRET is an example value/)
    expect(() => loadEnv({ ...production, DATABASE_URL: 'postgres://academy:secret@db.example.com:5432/academy' })).toThrow(
      /the password in DATABASE_URL is an example value/,
    )
    const bucket = { S3_BUCKET: 'academy-media', S3_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE', S3_SECRET_ACCESS_KEY: 'replace-with-the-secret' }
    expect(() => loadEnv({ ...production, ...bucket })).toThrow(/S3_ACCESS_KEY_ID is an example value[\s\S]*S3_SECRET_ACCESS_KEY is an example value/)
  })

  it('accepts real values, and leaves demo mode (this machine only) alone', () => {
    const real = {
      ...production,
      ADMIN_PASSWORD: 'a passphrase of our own',
      SMTP_URL: 'smtps://academy:s3cret-mail-pass@smtp.mailhost.test:465',
      STRIPE_SECRET_KEY: 'sk_live_51RealKey',
      STRIPE_WEBHOOK_SECRET: 'whsec_real',
    }
    expect(loadEnv(real).demoMode).toBe(false)
    expect(loadEnv({ ADMIN_PASSWORD: 'replace-with-a-long-passphrase' }).demoMode).toBe(true)
  })

  it('ships the deployment template with empty secrets, and a production start from it as shipped stops with a clear error', () => {
    const template = Object.fromEntries(
      readFileSync(path.resolve('deploy/academy.env.example'), 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z]/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    ) as Record<string, string>
    expect(template.PAYLOAD_SECRET).toBe('')
    expect(template.ADMIN_PASSWORD).toBe('')
    const fromCompose = { ...template, DATABASE_URL: 'postgres://academy:a-real-database-password@db:5432/academy' }
    expect(() => loadEnv(fromCompose)).toThrow(/ADMIN_PASSWORD is empty: set the first administrator's password/)
    expect(() => loadEnv({ ...fromCompose, ADMIN_PASSWORD: 'a passphrase of our own' })).toThrow(
      'PAYLOAD_SECRET must be set to a random value of at least 32 characters when DATABASE_URL is set.',
    )
  })
})
