import type { PayloadRequest } from 'payload'

import type { Enrollment, PolicyDocument, PolicySignature, PolicyVersion, Student } from '#cms/payload-types'
import { academyToday } from '#api/lib/academy-clock'
import { familyRows } from '#api/lib/ownership'
import { relationId } from '#api/lib/relations'
import { hasEnded } from '#shared/self-service'

/** The policies slice's reads, as the server (the callers have checked who asks). */

const all = { depth: 0, limit: 0, pagination: false, overrideAccess: true } as const

/** Every document with a published version. */
export async function publishedDocuments(req: PayloadRequest): Promise<PolicyDocument[]> {
  const result = await req.payload.find({ collection: 'policy-documents', where: { currentVersion: { exists: true } }, sort: 'id', req, ...all })
  return result.docs as PolicyDocument[]
}

/** Every version of these documents, oldest first. */
export async function versionsOf(req: PayloadRequest, documentIds: number[]): Promise<PolicyVersion[]> {
  if (documentIds.length === 0) return []
  const result = await req.payload.find({ collection: 'policy-versions', where: { document: { in: documentIds } }, sort: 'number', req, ...all })
  return result.docs as PolicyVersion[]
}

/**
 * The signatures and withdrawals that speak for a student, newest first: those made for the
 * student, and those made once for the household by a guardian of its family (the family rule of
 * src/api/lib/ownership.ts, on the household the signature was made for).
 */
export async function signaturesFor(req: PayloadRequest, student: Student): Promise<PolicySignature[]> {
  const result = await req.payload.find({
    collection: 'policy-signatures',
    where: {
      and: [
        { kind: { in: ['sign', 'withdraw'] } },
        { or: [{ student: { equals: student.id } }, { and: [{ student: { exists: false } }, familyRows(relationId(student.user), 'household')] }] },
      ],
    },
    sort: '-signedAt',
    req,
    ...all,
  })
  return result.docs as PolicySignature[]
}

/** Whether this guardian has agreed to sign electronically. */
export async function hasConsented(req: PayloadRequest, userId: number): Promise<boolean> {
  const { totalDocs } = await req.payload.count({
    collection: 'policy-signatures',
    where: { and: [{ kind: { equals: 'e-sign-consent' } }, { user: { equals: userId } }] },
    req,
    overrideAccess: true,
  })
  return totalDocs > 0
}

/** The classes a student is in today (an enrollment not yet ended). */
export async function currentClassIds(req: PayloadRequest, studentId: number): Promise<number[]> {
  const result = await req.payload.find({
    collection: 'enrollments',
    where: { student: { equals: studentId } },
    select: { class: true, enrollmentDate: true, endDate: true },
    req,
    ...all,
  })
  const today = academyToday()
  return (result.docs as Enrollment[]).filter((e) => !hasEnded(e, today)).map((e) => relationId(e.class))
}
