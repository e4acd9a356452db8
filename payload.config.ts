import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { buildConfig } from 'payload'
import sharp from 'sharp'

import { Classes } from './cms/collections/Classes'
import { Enrollments } from './cms/collections/Enrollments'
import { Inquiries } from './cms/collections/Inquiries'
import { Invoices } from './cms/collections/Invoices'
import { NotificationPreferences } from './cms/collections/NotificationPreferences'
import { PaymentMethods } from './cms/collections/PaymentMethods'
import { Payments } from './cms/collections/Payments'
import { SiteAssets } from './cms/collections/SiteAssets'
import { SiteContent } from './cms/collections/SiteContent'
import { Students } from './cms/collections/Students'
import { Users } from './cms/collections/Users'
import { PaymentConfig } from './cms/globals/PaymentConfig'
import { migrations } from './cms/migrations'
import { contractEndpoints } from './src/api/endpoints'

const dirname = path.dirname(fileURLToPath(import.meta.url))

// server.ts resolves these (embedded PostgreSQL, demo secret) before this module loads.
const databaseUrl = process.env.PAYLOAD_DATABASE_URL ?? process.env.DATABASE_URL ?? ''
const publicOrigin = process.env.PUBLIC_ORIGIN ?? 'http://localhost:3000'
const allowedOrigins = (process.env.ACADEMY_ALLOWED_ORIGINS ?? publicOrigin).split(',')

export default buildConfig({
  serverURL: publicOrigin,
  secret: process.env.PAYLOAD_SECRET ?? '',
  routes: { admin: '/cms', api: '/cms-api' },
  admin: {
    user: Users.slug,
    meta: { titleSuffix: ' · Academy CMS' },
    importMap: { baseDir: dirname, importMapFile: path.resolve(dirname, 'cms/admin-app/app/(payload)/cms/importMap.js') },
  },
  collections: [Users, Students, Classes, Enrollments, Inquiries, NotificationPreferences, Invoices, Payments, PaymentMethods, SiteContent, SiteAssets],
  globals: [PaymentConfig],
  endpoints: contractEndpoints,
  // A session cookie sent from another origin is treated as anonymous.
  csrf: allowedOrigins,
  cors: allowedOrigins,
  db: postgresAdapter({
    pool: { connectionString: databaseUrl, max: Number(process.env.DATABASE_POOL_MAX ?? 10) },
    migrationDir: path.resolve(dirname, 'cms/migrations'),
    push: false,
    prodMigrations: migrations,
  }),
  sharp,
  graphQL: { disable: true },
  telemetry: false,
  typescript: { outputFile: path.resolve(dirname, 'cms/payload-types.ts') },
})
