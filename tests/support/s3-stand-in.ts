import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import AWSAccount from 's3rver/lib/models/account.js'

/**
 * A local S3-compatible server (s3rver, in this process, files in a temporary folder) with one
 * bucket and its own access key, which it checks on every request (SigV4). The tests look into
 * the bucket through the real AWS SDK, as any S3 client would.
 */
export type S3StandIn = {
  endpoint: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  /** The app's S3_* settings for this bucket. */
  env: Record<string, string>
  /** The bucket's object keys, sorted. */
  keys(): Promise<string[]>
  object(key: string): Promise<Buffer>
  remove(key: string): Promise<void>
  close(): Promise<void>
}

export async function startS3StandIn(bucket = 'academy-media'): Promise<S3StandIn> {
  const directory = await mkdtemp(path.join(tmpdir(), 'academy-s3-'))
  const accessKeyId = `ACADEMY${randomBytes(6).toString('hex').toUpperCase()}`
  const secretAccessKey = randomBytes(24).toString('base64url')
  AWSAccount.DUMMY_ACCOUNT.createKeyPair(accessKeyId, secretAccessKey)
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, vhostBuckets: false, configureBuckets: [{ name: bucket }] })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  let closed = false
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async keys() {
      const keys: string[] = []
      let token: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }))
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key)
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
      return keys.sort()
    },
    async object(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
      return Buffer.from(await answer.Body!.transformToByteArray())
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
    },
    async close() {
      if (closed) return
      closed = true
      client.destroy()
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
