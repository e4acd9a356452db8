/** The part of s3rver (an S3-compatible server in this process) the S3 stand-in uses. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net'

  type S3rverOptions = {
    address?: string
    port?: number
    silent?: boolean
    directory: string
    resetOnClose?: boolean
    allowMismatchedSignatures?: boolean
    vhostBuckets?: boolean
    configureBuckets?: { name: string }[]
  }

  export default class S3rver {
    constructor(options: S3rverOptions)
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}

/** s3rver's accounts: the one it signs requests for, to which a test adds its own key. */
declare module 's3rver/lib/models/account.js' {
  const AWSAccount: { DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void } }
  export default AWSAccount
}
