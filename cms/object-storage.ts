import type { Config, Field, Plugin } from 'payload'

import type { ObjectStorageSettings } from '#server/env.server'

/** The collections whose files go to the bucket: the site images. */
const STORED_COLLECTIONS = ['site-assets'] as const

/**
 * The admin panel's upload component of storage-s3. Always in the import map (payload.config.ts),
 * so one build of the panel serves a deployment with a bucket and one without.
 */
export const S3_CLIENT_UPLOAD_HANDLER = '@payloadcms/storage-s3/client#S3ClientUploadHandler'

/**
 * Site images in an S3-compatible bucket (S3_BUCKET and friends, validated in env.server.ts).
 * storage-s3 then writes every upload and its sizes to the bucket instead of the disk, deletes
 * them with the document or when it is replaced, and serves them through the collection's
 * upload handler, which readSiteAssetFile calls: the bucket stays private and every app
 * process serves every image, whichever process stored it.
 *
 * storage-s3 and the AWS SDK are loaded only when a bucket is configured: they take most of a
 * second to load, which every process without a bucket (each test file among them) would pay.
 */
export function objectStoragePlugin(settings: ObjectStorageSettings): Plugin {
  return async (config) => {
    const { s3Storage } = await import('@payloadcms/storage-s3')
    return withoutStoredObjectKey(await s3Storage(s3Options(settings))(config))
  }
}

function s3Options(settings: ObjectStorageSettings): Parameters<typeof import('@payloadcms/storage-s3').s3Storage>[0] {
  return {
    bucket: settings.bucket,
    collections: Object.fromEntries(STORED_COLLECTIONS.map((slug) => [slug, true])),
    // One client per bucket and address (storage-s3 caches clients by this key per process).
    clientCacheKey: `academy:${settings.endpoint ?? 'aws'}:${settings.region}:${settings.bucket}:${settings.accessKeyId}`,
    config: {
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 requires them: the SDK's newer default (a CRC trailer on every
      // upload) is refused or mis-stored by many S3-compatible services.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  }
}

/**
 * storage-s3 adds an `_objectKey` field for uploads a browser sends straight to the bucket
 * (`clientUploads`), which this app does not use: every file passes through the server, so
 * the field stays empty and every object lies at its file name. Kept virtual, it needs no
 * column, and the schema (the committed migrations) is the same with and without a bucket.
 */
function withoutStoredObjectKey(config: Config): Config {
  return {
    ...config,
    collections: config.collections?.map((collection) =>
      (STORED_COLLECTIONS as readonly string[]).includes(collection.slug)
        ? {
            ...collection,
            fields: collection.fields.map((field): Field => (field.type === 'text' && field.name === '_objectKey' ? { ...field, virtual: true } : field)),
          }
        : collection,
    ),
  }
}
