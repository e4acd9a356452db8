import path from 'node:path'

import { z } from 'zod'

import { isTimeZone } from '#shared/dates'

import { exampleSecrets } from './example-secrets.server'

/**
 * Every environment variable the process reads, validated once at start-up (documented in
 * .env.example). Nothing else in the code base reads process.env for configuration.
 */
const DEFAULT_SECRETS = new Set(['', 'secret', 'changeme', 'change-me', 'YOUR_SECRET_HERE', 'replace-me'])

/** An empty value (`S3_BUCKET=` in an env file) counts as unset. */
const unsetIfEmpty = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

/**
 * Object storage for the site images (S3 or any S3-compatible service). Without S3_BUCKET the
 * images stay in `$ACADEMY_DATA_DIR/media` (demo, one host); with it they go to the bucket
 * through @payloadcms/storage-s3 and the app streams them from there (cms/object-storage.ts).
 */
function objectStorageShape() {
  const text = z.preprocess(unsetIfEmpty, z.string().trim().optional())
  return {
    S3_BUCKET: z.preprocess(
      unsetIfEmpty,
      z
        .string()
        .trim()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name: 3-63 lowercase letters, digits, dots or hyphens')
        .optional(),
    ),
    // The service's address; unset for AWS itself (the region picks it).
    S3_ENDPOINT: z.preprocess(unsetIfEmpty, z.url('S3_ENDPOINT must be a URL such as https://s3.example.com').optional()),
    S3_REGION: z.preprocess(unsetIfEmpty, z.string().trim().default('us-east-1')),
    S3_ACCESS_KEY_ID: text,
    S3_SECRET_ACCESS_KEY: text,
    // Path-style addresses (endpoint/bucket/key), which MinIO and most self-hosted services need.
    S3_FORCE_PATH_STYLE: z.preprocess(unsetIfEmpty, z.enum(['true', 'false'], 'S3_FORCE_PATH_STYLE must be true or false').default('false')),
  }
}

export type ObjectStorageSettings = {
  bucket: string
  endpoint?: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  forcePathStyle: boolean
}

type ObjectStorageInput = z.infer<z.ZodObject<ReturnType<typeof objectStorageShape>>>

/** The bucket settings, or null for images on disk; half a configuration is an error, never a silent fallback. */
function resolveObjectStorage(input: ObjectStorageInput): ObjectStorageSettings | null {
  if (!input.S3_BUCKET) {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => input[name])
    if (stray.length)
      throw new EnvError(
        `${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set but S3_BUCKET is not: set S3_BUCKET to keep site images in object storage, or remove ${stray.length > 1 ? 'them' : 'it'} to keep them on disk.`,
      )
    return null
  }
  const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !input[name])
  if (missing.length) throw new EnvError(`S3_BUCKET is set, so ${missing.join(' and ')} must be set too (the bucket's access key).`)
  return {
    bucket: input.S3_BUCKET,
    ...(input.S3_ENDPOINT ? { endpoint: input.S3_ENDPOINT.replace(/\/$/, '') } : {}),
    region: input.S3_REGION,
    accessKeyId: input.S3_ACCESS_KEY_ID!,
    secretAccessKey: input.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: input.S3_FORCE_PATH_STYLE === 'true',
  }
}

const schema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Default: 0.0.0.0 with a DATABASE_URL; demo mode listens on this machine only (127.0.0.1).
  HOST: z.string().trim().min(1).optional(),
  PUBLIC_ORIGIN: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  ACADEMY_DATA_DIR: z.string().default('.data'),
  PAYLOAD_SECRET: z.string().optional(),
  ADMIN_PASSWORD: z
    .string()
    .refine((value) => value !== '', "ADMIN_PASSWORD is empty: set the first administrator's password (a long passphrase), or remove the line")
    .refine((value) => value === '' || value.length >= 6, 'ADMIN_PASSWORD must be at least 6 characters')
    .optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Academy <no-reply@academy.local>'),
  ACADEMY_INBOX: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  // Test-only: points the Stripe SDK at the local stand-in (tests/support). Never set in production.
  STRIPE_API_BASE: z.url().optional(),
  // The academy's IANA time zone for the calendar feed (unset: floating local times).
  ACADEMY_TIMEZONE: z.string().refine(isTimeZone, 'ACADEMY_TIMEZONE must be an IANA time zone such as America/Chicago').optional(),
  // Default: 'true' in demo mode only; with a DATABASE_URL the demo accounts are never made unasked.
  SEED_DEMO_DATA: z.enum(['true', 'false']).optional(),
  LOG_REQUESTS: z.enum(['true', 'false']).default('false'),
  // Whether this process runs the scheduled jobs (the billing calendar, cms/jobs.ts). Safe on
  // several processes at once; set false on the ones that should only serve requests.
  JOBS_AUTORUN: z.enum(['true', 'false'], 'JOBS_AUTORUN must be true or false').default('true'),
  // How often a runner looks at the queues (due mail, retries, the scheduled steps): a cron of five
  // fields, or six with seconds first. Every minute unless set; the tests of several processes
  // set seconds rather than wait for the minute.
  JOBS_RUNNER_CRON: z
    .string()
    .regex(/^[\d*/,-]+( [\d*/,-]+){4,5}$/, 'JOBS_RUNNER_CRON must be a cron of five fields (or six, seconds first)')
    .default('* * * * *'),
  // How many reverse proxies of our own stand before the app ('true' = 1): the client address is
  // then the X-Forwarded-For hop right before them (src/server/client-address.server.ts).
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((value) => /^(true|false|\d)$/.test(value), 'TRUST_PROXY must be true, false or the number of proxies (0-9)')
    .transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value))),
  // Connections each app process keeps to PostgreSQL (mind the server's max_connections × processes).
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  ...objectStorageShape(),
})

export type Env = Omit<z.infer<typeof schema>, 'HOST' | 'SEED_DEMO_DATA'> & {
  HOST: string
  SEED_DEMO_DATA: 'true' | 'false'
  demoMode: boolean
  publicOrigin: string
  /** Where site images are kept: a bucket, or null for `$ACADEMY_DATA_DIR/media`. */
  objectStorage: ObjectStorageSettings | null
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost', '[::1]'])

export class EnvError extends Error {}

/** Just the database settings, for tools that only reach the database (scripts/db.ts). */
export function loadDatabaseEnv(source: Record<string, string | undefined> = process.env): {
  DATABASE_URL?: string
  ACADEMY_DATA_DIR: string
} {
  const parsed = schema.pick({ DATABASE_URL: true, ACADEMY_DATA_DIR: true }).safeParse(source)
  if (!parsed.success) throw new EnvError(`Invalid environment: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`)
  return parsed.data
}

/**
 * What payload.config.ts and the collections need. server.ts resolves these (the embedded
 * database's address, the demo secret, the origins) and hands them over in the environment
 * before Payload loads (src/server/boot.server.ts), since Next's bundle of the config reads
 * them in the same process; the Payload CLI (`npm run db:migrate`) reads DATABASE_URL and
 * PAYLOAD_SECRET as set by the operator.
 */
export type CmsSettings = {
  databaseUrl: string
  secret: string
  publicOrigin: string
  allowedOrigins: string[]
  dataDir: string
  poolMax: number
  objectStorage: ObjectStorageSettings | null
  /** Whether this process runs the scheduled jobs (JOBS_AUTORUN). */
  jobsAutorun: boolean
  /** When its runner looks at the queues (JOBS_RUNNER_CRON). */
  runnerCron: string
}

const cmsSchema = z.object({
  PAYLOAD_DATABASE_URL: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  PAYLOAD_SECRET: z.string().default(''),
  PUBLIC_ORIGIN: z.url().default('http://localhost:3000'),
  ACADEMY_ALLOWED_ORIGINS: z.string().optional(),
  ACADEMY_DATA_DIR: schema.shape.ACADEMY_DATA_DIR,
  DATABASE_POOL_MAX: schema.shape.DATABASE_POOL_MAX,
  JOBS_AUTORUN: schema.shape.JOBS_AUTORUN,
  JOBS_RUNNER_CRON: schema.shape.JOBS_RUNNER_CRON,
  ...objectStorageShape(),
})

export function loadCmsSettings(source: Record<string, string | undefined> = process.env): CmsSettings {
  const parsed = cmsSchema.safeParse(source)
  if (!parsed.success) throw new EnvError(`Invalid environment: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`)
  const env = parsed.data
  const publicOrigin = env.PUBLIC_ORIGIN.replace(/\/$/, '')
  return {
    databaseUrl: env.PAYLOAD_DATABASE_URL ?? env.DATABASE_URL ?? '',
    secret: env.PAYLOAD_SECRET,
    publicOrigin,
    allowedOrigins: (env.ACADEMY_ALLOWED_ORIGINS ?? publicOrigin).split(',').filter(Boolean),
    dataDir: path.resolve(env.ACADEMY_DATA_DIR),
    poolMax: env.DATABASE_POOL_MAX,
    objectStorage: resolveObjectStorage(env),
    jobsAutorun: env.JOBS_AUTORUN === 'true',
    runnerCron: env.JOBS_RUNNER_CRON,
  }
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  const objectStorage = resolveObjectStorage(env)
  const demoMode = !env.DATABASE_URL
  if (!demoMode) {
    const examples = exampleSecrets(env)
    if (examples.length) {
      throw new EnvError(
        `Refusing to start with example values, which anyone who reads the repository knows (DATABASE_URL is set, so this is a deployment):\n${examples.map((line) => `  ${line}`).join('\n')}`,
      )
    }
    const secret = env.PAYLOAD_SECRET ?? ''
    if (DEFAULT_SECRETS.has(secret) || secret.length < 32) {
      throw new EnvError('PAYLOAD_SECRET must be set to a random value of at least 32 characters when DATABASE_URL is set.')
    }
  }
  if (env.STRIPE_API_BASE && env.NODE_ENV === 'production' && !demoMode && !source.ACADEMY_ALLOW_STRIPE_STAND_IN) {
    throw new EnvError('STRIPE_API_BASE is a test-only setting and cannot be used in a production deployment.')
  }
  const publicOrigin = (env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT || 3000}`).replace(/\/$/, '')
  const host = env.HOST ?? (demoMode ? '127.0.0.1' : '0.0.0.0')
  if (demoMode) {
    // Demo mode hands out password-reset links and has a known demo account: never on a network.
    if (!LOOPBACK_HOSTS.has(host)) {
      throw new EnvError(
        `Demo mode (no DATABASE_URL) listens on this machine only: HOST must be 127.0.0.1, ::1 or localhost, not ${host}. Set DATABASE_URL to serve a network.`,
      )
    }
    if (!LOOPBACK_HOSTS.has(new URL(publicOrigin).hostname)) {
      throw new EnvError(
        'Demo mode (no DATABASE_URL) serves this machine only: PUBLIC_ORIGIN must be a localhost address. Set DATABASE_URL to serve a network.',
      )
    }
  }
  return { ...env, HOST: host, SEED_DEMO_DATA: env.SEED_DEMO_DATA ?? (demoMode ? 'true' : 'false'), demoMode, publicOrigin, objectStorage }
}
