import type { PayloadRequest } from 'payload'

import type { PolicyDocument, PolicySignature, PolicyVersion, Student, User } from '#cms/payload-types'
import { badInput, conflict, notFound } from '#api/errors'
import { academyNow, academyToday } from '#api/lib/academy-clock'
import { familyRows, householdOf } from '#api/lib/ownership'
import { callerAddress } from '#api/lib/rate-limit'
import { relationId } from '#api/lib/relations'
import { getSiteTexts } from '#api/site-content'
import { findOwnStudent } from '#api/students'
import type { SignatureKind } from '#shared/policies'
import { mailSignedCopy } from './signed-copy'
import { currentClassIds, hasConsented, signaturesFor } from './records'
import { applies, choicesOf, policiesFor } from './requirements'
import { sha256 } from './versions'
import {
  POLICY_MESSAGES,
  withdrawWhileEnrolledMessage,
  type PolicyDto,
  type RequiredPoliciesDto,
  type SignatureDto,
  type SignInput,
  type WithdrawInput,
} from './schemas'

/** A guardian's consent, signatures and withdrawals (issue 26): each a new row, never an edit. */

export function toSignatureDto(row: PolicySignature): SignatureDto {
  return {
    id: row.id,
    kind: row.kind as SignatureKind,
    documentId: row.document ? relationId(row.document) : null,
    studentId: row.student ? relationId(row.student) : null,
    versionNumber: row.versionNumber ?? null,
    sha256: row.sha256,
    fullName: row.fullName,
    choices: choicesOf(row),
    signedAt: row.signedAt,
  }
}

async function record(
  req: PayloadRequest,
  user: User,
  data: Omit<PolicySignature, 'id' | 'user' | 'signedAt' | 'clientAddress' | 'createdAt' | 'updatedAt'>,
): Promise<PolicySignature> {
  return (await req.payload.create({
    collection: 'policy-signatures',
    data: { ...data, user: user.id, household: householdOf(user), signedAt: academyNow().toISOString(), clientAddress: callerAddress(req) },
    depth: 0,
    req,
    overrideAccess: true,
  })) as PolicySignature
}

/** GET /api/policies/required: what applies to the family's student and where it stands. */
export async function requiredPolicies(req: PayloadRequest, user: User, studentId: number, joining: number[] = []): Promise<RequiredPoliciesDto> {
  const student = await findOwnStudent(req, user, studentId)
  const [documents, consentGiven, consentText] = await Promise.all([policiesFor(req, student, joining), hasConsented(req, user.id), consentWords(req)])
  // Whom a withdrawal would concern, asked once each and only when something signed needs it.
  let ofStudent: Promise<Student | null> | undefined
  let ofHousehold: Promise<Student | null> | undefined
  const enrolledFor = (doc: PolicyDto) =>
    doc.appliesTo === 'household' ? (ofHousehold ??= anyEnrolled(req, user, null)) : (ofStudent ??= anyEnrolled(req, user, student))
  const withRefusals = await Promise.all(
    documents.map(async (doc) => ({ ...doc, withdrawRefusal: doc.signature ? await withdrawRefusal(doc, () => enrolledFor(doc)) : null })),
  )
  return { studentId: student.id, studentName: student.fullName, consentGiven, consentText, documents: withRefusals }
}

/** The consent's words as the academy has them now (site text `policy.esign_consent`, decisions §25). */
async function consentWords(req: PayloadRequest): Promise<string> {
  return (await getSiteTexts(req.payload)).text('policy.esign_consent')
}

/**
 * POST /api/policies/consent: the guardian agrees, once, to sign electronically (a second call
 * answers the first). The row keeps the exact words agreed to and their SHA-256.
 */
export async function giveConsent(req: PayloadRequest, user: User, fullName: string): Promise<SignatureDto> {
  const { docs } = await req.payload.find({
    collection: 'policy-signatures',
    where: { and: [{ kind: { equals: 'e-sign-consent' } }, { user: { equals: user.id } }] },
    limit: 1,
    depth: 0,
    req,
    overrideAccess: true,
  })
  if (docs[0]) return toSignatureDto(docs[0] as PolicySignature)
  const words = await consentWords(req)
  return toSignatureDto(
    await record(req, user, {
      kind: 'e-sign-consent',
      sha256: sha256(words),
      agreedText: words,
      fullName,
      choices: [],
      documentTitle: 'Consent to sign electronically',
    }),
  )
}

async function findDocument(req: PayloadRequest, id: number): Promise<{ doc: PolicyDocument; version: PolicyVersion }> {
  const doc = (await req.payload.findByID({
    collection: 'policy-documents',
    id,
    depth: 0,
    disableErrors: true,
    req,
    overrideAccess: true,
  })) as PolicyDocument | null
  if (!doc) throw notFound(POLICY_MESSAGES.notFound)
  if (!doc.currentVersion) throw conflict(POLICY_MESSAGES.notPublished)
  const version = (await req.payload.findByID({
    collection: 'policy-versions',
    id: relationId(doc.currentVersion),
    depth: 0,
    req,
    overrideAccess: true,
  })) as PolicyVersion
  return { doc, version }
}

/** The family's student a per-student document is signed for; none for a household's document. */
async function studentFor(req: PayloadRequest, user: User, doc: PolicyDocument, studentId: number | undefined): Promise<Student | null> {
  if (doc.appliesTo === 'household') return null
  if (studentId === undefined) throw badInput(POLICY_MESSAGES.studentRequired)
  return findOwnStudent(req, user, studentId)
}

/**
 * A student signs only what applies to them (`applies`: every student, the students of its
 * classes, those they are in or about to join, or of its age groups): anything else is refused.
 */
async function refuseNotApplicable(req: PayloadRequest, doc: PolicyDocument, student: Student | null, joining: number[]): Promise<void> {
  if (!student) return
  const classIds = [...(await currentClassIds(req, student.id)), ...joining]
  if (!applies(doc, student, classIds, academyToday())) throw conflict(POLICY_MESSAGES.notApplicable)
}

/**
 * POST /api/policies/:documentId/sign: the current version only, after the consent; the choices
 * from those offered; for a student the document applies to (409 otherwise).
 */
export async function signPolicy(req: PayloadRequest, user: User, documentId: number, input: SignInput): Promise<SignatureDto> {
  const { doc, version } = await findDocument(req, documentId)
  const student = await studentFor(req, user, doc, input.studentId)
  await refuseNotApplicable(req, doc, student, input.classIds)
  const offered = (doc.options ?? []).map((o) => o.label)
  const choices = [...new Set(input.choices)]
  if (choices.some((choice) => !offered.includes(choice))) throw badInput(POLICY_MESSAGES.choiceInvalid)
  if (doc.kind === 'photo-release' && offered.length > 0 && choices.length !== 1) throw badInput(POLICY_MESSAGES.oneChoice)
  if (input.versionId !== version.id) throw conflict(POLICY_MESSAGES.versionChanged)
  if (!(await hasConsented(req, user.id))) throw conflict(POLICY_MESSAGES.consentFirst)
  const row = await record(req, user, {
    kind: 'sign',
    student: student?.id ?? null,
    document: doc.id,
    version: version.id,
    versionNumber: version.number,
    sha256: version.sha256,
    fullName: input.fullName,
    choices,
    documentTitle: doc.title,
    studentName: student?.fullName ?? null,
  })
  await mailSignedCopy(req, user, row)
  return toSignatureDto(row)
}

/** Whether a student of this signature is in a class today (the household's: any child of the family). */
async function anyEnrolled(req: PayloadRequest, user: User, student: Student | null): Promise<Student | null> {
  const students = student
    ? [student]
    : ((
        await req.payload.find({
          collection: 'students',
          where: familyRows(householdOf(user)),
          depth: 0,
          limit: 0,
          pagination: false,
          req,
          overrideAccess: true,
        })
      ).docs as Student[])
  for (const each of students) if ((await currentClassIds(req, each.id)).length > 0) return each
  return null
}

/** Why a signed document cannot be withdrawn now (null: it can): a photo release always can, any other only while no one it concerns dances. */
async function withdrawRefusal(doc: Pick<PolicyDocument, 'kind' | 'title'>, enrolled: () => Promise<Student | null>): Promise<string | null> {
  if (doc.kind === 'photo-release') return null
  const student = await enrolled()
  return student ? withdrawWhileEnrolledMessage(doc.title, student.fullName) : null
}

/** POST /api/policies/:documentId/withdraw: a photo release at any time; any other document only while the student dances nowhere. */
export async function withdrawPolicy(req: PayloadRequest, user: User, documentId: number, input: WithdrawInput): Promise<SignatureDto> {
  const { doc } = await findDocument(req, documentId)
  const student = await studentFor(req, user, doc, input.studentId)
  const latest = student
    ? (await signaturesFor(req, student)).find((s) => relationId(s.document ?? 0) === doc.id)
    : ((
        await req.payload.find({
          collection: 'policy-signatures',
          where: { and: [{ document: { equals: doc.id } }, { kind: { in: ['sign', 'withdraw'] } }, familyRows(householdOf(user), 'household')] },
          sort: '-signedAt',
          limit: 1,
          depth: 0,
          req,
          overrideAccess: true,
        })
      ).docs[0] as PolicySignature | undefined)
  if (!latest || latest.kind !== 'sign') throw conflict(POLICY_MESSAGES.nothingToWithdraw)
  const refusal = await withdrawRefusal(doc, () => anyEnrolled(req, user, student))
  if (refusal) throw conflict(refusal)
  const row = await record(req, user, {
    kind: 'withdraw',
    student: student?.id ?? null,
    document: doc.id,
    version: latest.version ? relationId(latest.version) : null,
    versionNumber: latest.versionNumber ?? null,
    sha256: latest.sha256,
    fullName: user.fullName,
    choices: [],
    documentTitle: doc.title,
    studentName: student?.fullName ?? null,
  })
  return toSignatureDto(row)
}
