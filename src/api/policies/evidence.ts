import type { PayloadRequest } from 'payload'

import type { PolicySignature, PolicyVersion, User } from '#cms/payload-types'
import { notFound } from '#api/errors'
import { relationId } from '#api/lib/relations'
import { toSignatureDto } from './signing'
import { sha256 } from './versions'
import type { EvidenceDto } from './evidence.schemas'
import { POLICY_MESSAGES } from './schemas'

/** GET /api/admin/policies/signatures/:id: the evidence of one signature on one page (issue 26). */
export async function signatureEvidence(req: PayloadRequest, id: number): Promise<EvidenceDto> {
  const row = (await req.payload.findByID({
    collection: 'policy-signatures',
    id,
    depth: 0,
    disableErrors: true,
    req,
    overrideAccess: true,
  })) as PolicySignature | null
  if (!row) throw notFound(POLICY_MESSAGES.signatureNotFound)
  const [version, guardian] = await Promise.all([
    row.version
      ? (req.payload.findByID({
          collection: 'policy-versions',
          id: relationId(row.version),
          depth: 0,
          disableErrors: true,
          req,
          overrideAccess: true,
        }) as Promise<PolicyVersion | null>)
      : null,
    row.user
      ? (req.payload.findByID({
          collection: 'users',
          id: relationId(row.user),
          depth: 0,
          disableErrors: true,
          req,
          overrideAccess: true,
        }) as Promise<User | null>)
      : null,
  ])
  return {
    ...toSignatureDto(row),
    documentTitle: row.documentTitle ?? null,
    studentName: row.studentName ?? null,
    clientAddress: row.clientAddress,
    guardian: guardian ? { id: guardian.id, fullName: guardian.fullName, email: guardian.email ?? '' } : null,
    version: version ? { number: version.number, text: version.text, sha256: version.sha256, publishedAt: version.publishedAt } : null,
    hashMatches: version ? sha256(version.text) === row.sha256 : null,
  }
}
