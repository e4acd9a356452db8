import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { buildConfig, defaultLoggerOptions } from 'payload'
import sharp from 'sharp'

import { Attendance } from '#cms/collections/Attendance/index'
import { AuthorisedPickups } from '#cms/collections/AuthorisedPickups/index'
import { PickupPhotos } from '#cms/collections/PickupPhotos/index'
import { CareInformation } from '#cms/collections/CareInformation/index'
import { MedicalNoteReads } from '#cms/collections/MedicalNoteReads/index'
import { HouseholdEvents } from '#cms/collections/HouseholdEvents/index'
import { HouseholdInvites } from '#cms/collections/HouseholdInvites/index'
import { PolicyDocuments } from '#cms/collections/PolicyDocuments/index'
import { PolicySignatures } from '#cms/collections/PolicySignatures/index'
import { PolicyVersions } from '#cms/collections/PolicyVersions/index'
import { AutopayAttempts } from '#cms/collections/AutopayAttempts/index'
import { CardIntents } from '#cms/collections/CardIntents/index'
import { BillingProfiles } from '#cms/collections/BillingProfiles/index'
import { Makeups } from '#cms/collections/Makeups/index'
import { Levels } from '#cms/collections/Levels/index'
import { Seasons } from '#cms/collections/Seasons/index'
import { AssessmentMarks } from '#cms/collections/AssessmentMarks/index'
import { AssessmentWindows } from '#cms/collections/AssessmentWindows/index'
import { ExamSessions } from '#cms/collections/ExamSessions/index'
import { ExamEntries } from '#cms/collections/ExamEntries/index'
import { Classes } from '#cms/collections/Classes/index'
import { Enrollments } from '#cms/collections/Enrollments/index'
import { Inquiries } from '#cms/collections/Inquiries/index'
import { Messages } from '#cms/collections/Messages/index'
import { MessageRecipients } from '#cms/collections/MessageRecipients/index'
import { NoticeTemplates } from '#cms/collections/NoticeTemplates/index'
import { Invoices } from '#cms/collections/Invoices/index'
import { NotificationPreferences } from '#cms/collections/NotificationPreferences/index'
import { PaymentMethods } from '#cms/collections/PaymentMethods/index'
import { Credits } from '#cms/collections/Credits/index'
import { Payments } from '#cms/collections/Payments/index'
import { siteAssetsCollection } from '#cms/collections/SiteAssets/index'
import { SiteContent } from '#cms/collections/SiteContent/index'
import { Students } from '#cms/collections/Students/index'
import { TuitionRuns } from '#cms/collections/TuitionRuns/index'
import { usersCollection } from '#cms/collections/Users/index'
import { WaitlistEntries } from '#cms/collections/WaitlistEntries/index'
import { PaymentConfig } from '#cms/globals/PaymentConfig'
import { StudioSettings } from '#cms/globals/StudioSettings'
import { TuitionSettings } from '#cms/globals/TuitionSettings'
import { migrations } from '#cms/migrations/index'
import { jobsConfig } from '#cms/jobs'
import { adminOnlyLockedDocuments } from '#cms/access/adminOnlyLockedDocuments'
import { refuseNulText } from '#cms/refuse-nul-text'
import { academyEmailAdapter } from '#cms/email-adapter'
import { sessionUserIdFromMemory } from '#cms/collections/Users/auth/cachedJwtStrategy'
import { objectStoragePlugin, S3_CLIENT_UPLOAD_HANDLER } from '#cms/object-storage'
import { contractEndpoints } from '#api/contract'
import { jobUpdatesNeverInsert, returnAdapterClient, watchPool } from '#api/lib/database'
import { loadAcademyTimeZone } from '#api/studio'
import { loadCmsSettings, type CmsSettings } from '#server/env.server'
import { SAFE_LOG_OPTIONS } from '#server/logger.server'
import { isWriteStatement, recordsChanged } from '#server/records-generation.server'
import { installSessionReader } from '#server/signed-in-read-cache.server'
import { SESSION_COOKIE_PREFIX } from '#server/session-cookie.server'

const dirname = path.dirname(fileURLToPath(import.meta.url))

/**
 * The academy's Payload config for `settings` (by default the ones bootPayload handed over in
 * process.env). The default export is built once, when this module loads: server.ts resolves the
 * settings (embedded PostgreSQL, demo secret) before that, and Next's build bundles it. A process
 * that boots Payload again on another database (a test worker running file after file) asks for a
 * new one (src/server/boot.server.ts).
 */
export function academyConfig(settings: CmsSettings = loadCmsSettings()) {
  const allowedOrigins = settings.allowedOrigins
  // Payload's own lock collection is added while the config is built; its access is set after (cms/access),
  // and the NUL rule joins every collection's and global's hooks, Payload's own too (cms/refuse-nul-text.ts).
  return buildConfig({
    serverURL: settings.publicOrigin,
    secret: settings.secret,
    // The router recognises signed-in requests by this cookie name (src/server/session-cookie.server.ts).
    cookiePrefix: SESSION_COOKIE_PREFIX,
    routes: { admin: '/cms', api: '/cms-api' },
    admin: {
      user: 'users',
      meta: { titleSuffix: ' · Academy CMS', icons: [{ rel: 'icon', type: 'image/svg+xml', url: '/favicon.svg' }] },
      // The academy's own name and monogram (its site texts), and no picture fetched from Gravatar.
      avatar: 'default',
      components: {
        graphics: { Logo: '/cms/admin/AcademyLogo#AcademyLogo', Icon: '/cms/admin/AcademyIcon#AcademyIcon' },
        beforeDashboard: ['/cms/admin/DashboardIntro#DashboardIntro'],
      },
      importMap: { baseDir: dirname, importMapFile: path.resolve(dirname, 'cms/admin-app/app/(payload)/cms/importMap.js') },
      // In the import map with or without a bucket: the panel is built once, the bucket is set at run time.
      dependencies: { [S3_CLIENT_UPLOAD_HANDLER]: { type: 'function', path: S3_CLIENT_UPLOAD_HANDLER } },
    },
    collections: [
      usersCollection(settings),
      Students,
      CareInformation,
      AuthorisedPickups,
      PickupPhotos,
      MedicalNoteReads,
      HouseholdInvites,
      HouseholdEvents,
      Levels,
      Seasons,
      AssessmentWindows,
      AssessmentMarks,
      ExamSessions,
      ExamEntries,
      PolicyDocuments,
      PolicyVersions,
      PolicySignatures,
      Classes,
      Enrollments,
      WaitlistEntries,
      Attendance,
      Makeups,
      Inquiries,
      Messages,
      MessageRecipients,
      NoticeTemplates,
      NotificationPreferences,
      Invoices,
      Payments,
      Credits,
      PaymentMethods,
      TuitionRuns,
      BillingProfiles,
      AutopayAttempts,
      CardIntents,
      SiteContent,
      siteAssetsCollection(settings),
    ],
    globals: [PaymentConfig, TuitionSettings, StudioSettings],
    // The billing calendar's hourly tick (cms/jobs.ts); only processes with JOBS_AUTORUN=true run it.
    jobs: jobsConfig(settings.jobsAutorun, settings.runnerCron),
    // A copy: Payload adds its own endpoints to the list it is given, and a second build would add them again.
    endpoints: [...contractEndpoints],
    // A session cookie sent from another origin is treated as anonymous.
    csrf: allowedOrigins,
    cors: allowedOrigins,
    db: postgresAdapter({
      // A database that does not answer (failover, network) fails a request within 5 s (a 503) instead of holding it.
      pool: { connectionString: settings.databaseUrl, max: settings.poolMax, connectionTimeoutMillis: 5000 },
      migrationDir: path.resolve(dirname, 'cms/migrations'),
      push: false,
      prodMigrations: migrations,
    }),
    // pg's pool re-emits an idle connection's error (the database restarting, a failover): without a
    // listener that would end the process. Requests meanwhile answer 503 and the pool reconnects.
    // Every completed write counts for the signed-in read cache (src/server/records-generation.server.ts).
    onInit: async (payload) => {
      returnAdapterClient(payload)
      jobUpdatesNeverInsert(payload)
      watchPool(payload, {
        onError: (error) => {
          console.warn(`[db] a pooled connection was lost: ${error.message}`)
          // The database restarting or away: nothing kept for families is vouched for any more.
          recordsChanged()
        },
        onWrite: recordsChanged,
        isWrite: isWriteStatement,
      })
      installSessionReader(sessionUserIdFromMemory(payload))
      // The academy's time zone is read synchronously from memory (decisions §19): load it now.
      await loadAcademyTimeZone(payload)
    },
    email: academyEmailAdapter,
    // Payload's own log (pretty, as by default) writes a failed query without its values (src/server/log-safety.server.ts).
    logger: { options: { ...SAFE_LOG_OPTIONS }, destination: defaultLoggerOptions },
    // Uploads through /cms: one file of at most 5 MB (the router refuses larger bodies before this).
    upload: { limits: { fileSize: 5 * 1024 * 1024, files: 1 } },
    sharp,
    // With S3_BUCKET the site images live in that bucket, else in $ACADEMY_DATA_DIR/media.
    plugins: settings.objectStorage ? [objectStoragePlugin(settings.objectStorage)] : [],
    graphQL: { disable: true },
    telemetry: false,
    // Types are written by `npm run generate:types` only. Left on, every Payload started outside
    // production (each int test file's, under Vitest's NODE_ENV=test) spawned a whole
    // `payload generate:types` process in the background: 15–20 s of a core per file.
    typescript: { autoGenerate: false, outputFile: path.resolve(dirname, 'cms/payload-types.ts') },
  })
    .then(adminOnlyLockedDocuments)
    .then(refuseNulText)
}

export default academyConfig()
