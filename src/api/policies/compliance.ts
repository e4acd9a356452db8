import type { PayloadRequest } from 'payload'

import type { Enrollment, PolicyDocument, PolicySignature, PolicyVersion, Student, User } from '#cms/payload-types'
import { composeMail, mailHousehold } from '#api/email'
import { notFound } from '#api/errors'
import { academyToday } from '#api/lib/academy-clock'
import { csvTable } from '#api/lib/csv'
import { relationId } from '#api/lib/relations'
import { calendarDay, formatCalendarDay } from '#shared/dates'
import { hasEnded } from '#shared/self-service'
import { getAppContext } from '#server/context.server'
import { versionsOf } from './records'
import { applies, standing } from './requirements'
import { POLICY_MESSAGES, signingPath, type AdminPolicyDto, type ComplianceRowDto } from './schemas'
import type { PolicyKind } from '#shared/policies'

/**
 * The studio's compliance view of one document (issue 26): every student it applies to (only
 * those of `classId` when given), whether their family signed and which version, and a reminder
 * to the families that have not. Read in bulk: a document, all students, their current classes,
 * the document's versions and signatures.
 */
const all = { depth: 0, limit: 0, pagination: false, overrideAccess: true } as const

/** GET /api/admin/policies: every document, for the compliance tab's choice. */
export async function listPolicies(req: PayloadRequest): Promise<AdminPolicyDto[]> {
  const { docs } = await req.payload.find({ collection: 'policy-documents', sort: 'title', req, ...all })
  return (docs as PolicyDocument[]).map((d) => ({
    id: d.id,
    title: d.title,
    kind: d.kind as PolicyKind,
    required: Boolean(d.required),
    currentVersionNumber: d.currentVersionNumber ?? null,
  }))
}

export async function complianceOf(req: PayloadRequest, documentId: number, classId?: number): Promise<{ document: PolicyDocument; rows: ComplianceRowDto[] }> {
  const document = (await req.payload.findByID({
    collection: 'policy-documents',
    id: documentId,
    depth: 0,
    disableErrors: true,
    req,
    overrideAccess: true,
  })) as PolicyDocument | null
  if (!document) throw notFound(POLICY_MESSAGES.notFound)
  const today = academyToday()
  const [students, enrollments, versions, signatures, families] = await Promise.all([
    req.payload.find({ collection: 'students', sort: 'fullName', req, ...all }).then((r) => r.docs as Student[]),
    req.payload
      .find({ collection: 'enrollments', select: { student: true, class: true, enrollmentDate: true, endDate: true }, req, ...all })
      .then((r) => r.docs as Enrollment[]),
    versionsOf(req, [documentId]),
    req.payload
      .find({
        collection: 'policy-signatures',
        where: { and: [{ document: { equals: documentId } }, { kind: { in: ['sign', 'withdraw'] } }] },
        sort: '-signedAt',
        req,
        ...all,
      })
      .then((r) => r.docs as PolicySignature[]),
    req.payload
      .find({ collection: 'users', select: { fullName: true, email: true }, req, ...all })
      .then((r) => new Map((r.docs as User[]).map((u) => [u.id, u]))),
  ])
  const classesOf = new Map<number, number[]>()
  for (const e of enrollments)
    if (!hasEnded(e, today)) classesOf.set(relationId(e.student), [...(classesOf.get(relationId(e.student)) ?? []), relationId(e.class)])
  const rows = students.flatMap((student) => {
    const classIds = classesOf.get(student.id) ?? []
    if (classId !== undefined && !classIds.includes(classId)) return []
    if (!applies(document, student, classIds, today)) return []
    const familyId = relationId(student.user)
    const theirs = signatures.filter((s) =>
      document.appliesTo === 'household'
        ? !s.student && s.household != null && relationId(s.household) === familyId
        : s.student != null && relationId(s.student) === student.id,
    )
    const { status, blocking, signature } = standing(document, versions, theirs, today)
    const family = families.get(familyId)
    return [
      {
        studentId: student.id,
        studentName: student.fullName,
        familyId,
        familyName: family?.fullName ?? '',
        familyEmail: family?.email ?? '',
        status,
        blocking,
        signatureId: signature?.id ?? null,
        versionNumber: signature?.versionNumber ?? null,
        signedAt: signature?.signedAt ?? null,
        signedBy: signature?.fullName ?? null,
      },
    ]
  })
  return { document, rows }
}

export function complianceCsv(rows: ComplianceRowDto[]): string {
  return csvTable(
    ['Student', 'Family', 'Email', 'Status', 'Version signed', 'Signed at', 'Signed by', 'Signature'],
    rows.map((r) => [r.studentName, r.familyName, r.familyEmail, r.status, r.versionNumber ?? '', r.signedAt ?? '', r.signedBy ?? '', r.signatureId ?? '']),
  )
}

/** The families of `rows` still to sign, each with its rows (a family once, whatever its number of children). */
function unsignedByFamily(rows: ComplianceRowDto[]): Map<number, ComplianceRowDto[]> {
  const byFamily = new Map<number, ComplianceRowDto[]>()
  for (const row of rows) if (row.status !== 'signed') byFamily.set(row.familyId, [...(byFamily.get(row.familyId) ?? []), row])
  return byFamily
}

/** A notice to every guardian of each family still to sign `document`, in the words of `intro`. */
async function askToSign(
  req: PayloadRequest,
  document: PolicyDocument,
  rows: ComplianceRowDto[],
  intro: (names: string) => string,
  subject: string,
): Promise<number> {
  const byFamily = unsignedByFamily(rows)
  for (const [familyId, pending] of byFamily) {
    const link = `${getAppContext().env.publicOrigin}${signingPath(pending[0]!.studentId)}`
    const names = pending.map((r) => r.studentName).join(', ')
    await mailHousehold(req, familyId, (guardian, academy) =>
      composeMail({ academyName: academy, subject, greeting: `Hello ${guardian.fullName},`, blocks: [intro(names), { link }] }),
    )
  }
  return byFamily.size
}

/** POST /api/admin/policies/:id/remind: a notice to every guardian of each family with a student still to sign (once per family). */
export async function remindUnsigned(req: PayloadRequest, documentId: number, classId?: number): Promise<{ reminded: number }> {
  const { document, rows } = await complianceOf(req, documentId, classId)
  const reminded = await askToSign(
    req,
    document,
    rows,
    (names) => `The studio asks you to read and sign “${document.title}” for ${names}.`,
    `Please sign: ${document.title}`,
  )
  return { reminded }
}

/**
 * A new version that asks for new signatures asks every affected family again by mail
 * (decisions §25), in the transaction of the save that published it. The first version asks
 * nobody by mail (the portal's banner and the class selection do), nor does a change that keeps
 * the old signatures: publishing decides (versions.ts).
 */
export async function askAgainForVersion(req: PayloadRequest, doc: PolicyDocument, version: PolicyVersion): Promise<void> {
  const { rows } = await complianceOf(req, doc.id)
  const until = version.resignBy
    ? ` Please sign by ${formatCalendarDay(calendarDay(version.resignBy))}: after that day a child without it cannot be enrolled anew.`
    : ''
  await askToSign(
    req,
    doc,
    rows,
    (names) => `“${doc.title}” has changed, and the new version needs your signature again for ${names}.${until}`,
    `Please sign again: ${doc.title}`,
  )
}
