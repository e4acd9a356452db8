import { z } from 'zod'

import { recordIdListSchema, recordIdSchema } from '#api/lib/id.schemas'
import type { PolicyAppliesTo, PolicyKind, SignatureKind } from '#shared/policies'
import type { TextChange } from '#shared/text-changes'

/**
 * Policies and waivers (issue 26, decisions "policies and waivers"): what the family reads and
 * signs, shared by the portal's signing page and the server.
 */
export const POLICY_MESSAGES = {
  notFound: 'Policy not found',
  signatureNotFound: 'Signature not found',
  studentNotFound: 'Student not found',
  studentRequired: 'Please choose the student this is signed for',
  fullNameRequired: 'Please type your full name to sign',
  fullNameTooLong: 'The name must be at most 120 characters',
  versionChanged: 'This document has just been changed: please read the new version and sign it.',
  notPublished: 'This document has no published version yet',
  consentFirst: 'Please agree to sign electronically first.',
  choiceInvalid: 'Please choose from the options offered',
  oneChoice: 'Please choose one of the options',
  notApplicable: 'This document does not apply to this student',
  nothingToWithdraw: 'There is no signature to withdraw',
  classesInvalid: 'Classes are given as ids separated by commas',
  classInvalid: 'classId must be the id of a class',
  resignByInvalid: 'Write the re-sign-by day as a real day, YYYY-MM-DD',
  ageGroupsInvalid: 'Age groups are written like 6-8 or 18+, the youngest age first',
} as const

/** Where a guardian signs what a student still needs. */
export const signingPath = (studentId: number) => `/policies?studentId=${studentId}`

/** The 409 of enrolling, accepting an offer or taking a makeup while a required document is unsigned. */
export const policiesNeededMessage = (student: string, titles: string[], studentId: number) =>
  `Please sign ${titles.map((title) => `“${title}”`).join(', ')} for ${student} first: ${signingPath(studentId)}`

/** A waiver (or any other kind but a photo release) stays while the child dances. */
export const withdrawWhileEnrolledMessage = (title: string, student: string) =>
  `“${title}” can’t be withdrawn while ${student} is enrolled. Please ask the studio to end the enrollment first.`

const studentId = recordIdSchema(POLICY_MESSAGES.studentRequired, { fromText: true })

/** `classIds`: the classes the student is about to join (documents of some classes apply to them too). */
export const requiredQuerySchema = z.object({
  studentId,
  classIds: recordIdListSchema(POLICY_MESSAGES.classesInvalid, 50).optional(),
})

const fullName = z.string({ error: POLICY_MESSAGES.fullNameRequired }).trim().min(1, POLICY_MESSAGES.fullNameRequired).max(120, POLICY_MESSAGES.fullNameTooLong)

export const consentInputSchema = z.object({ fullName })

/**
 * POST /api/policies/:id/sign. `classIds`: the classes the student is about to join, as the
 * signing page was asked with them, so a document of those classes applies before the child is in one.
 */
export const signInputSchema = z.object({
  studentId: studentId.optional(),
  versionId: recordIdSchema(POLICY_MESSAGES.versionChanged),
  fullName,
  choices: z.array(z.string().trim().max(80, POLICY_MESSAGES.choiceInvalid)).max(6, POLICY_MESSAGES.choiceInvalid).default([]),
  classIds: z
    .array(recordIdSchema(POLICY_MESSAGES.classesInvalid), { error: POLICY_MESSAGES.classesInvalid })
    .max(50, POLICY_MESSAGES.classesInvalid)
    .default([]),
})
export type SignInput = z.infer<typeof signInputSchema>

export const withdrawInputSchema = z.object({ studentId: studentId.optional() })
export type WithdrawInput = z.infer<typeof withdrawInputSchema>

/** A document as the family reads it, with where this student stands. */
export type PolicyStatus = 'signed' | 'unsigned' | 'resign' | 'withdrawn'

export type PolicyDto = {
  documentId: number
  title: string
  kind: PolicyKind
  required: boolean
  appliesTo: PolicyAppliesTo
  options: string[]
  version: { id: number; number: number; text: string; sha256: string; resignBy: string | null }
  status: PolicyStatus
  /** Enrolling (an offer, a makeup) is refused until this is signed. */
  blocking: boolean
  signature: { id: number; versionNumber: number; choices: string[]; signedAt: string } | null
  /** Asked to sign again (`resign`): the paragraphs taken out and put in since the version signed. */
  changes: { sinceVersion: number; paragraphs: TextChange[] } | null
}

export type RequiredPoliciesDto = {
  studentId: number
  studentName: string
  consentGiven: boolean
  /** The academy's current words of the consent to sign electronically (what agreeing records). */
  consentText: string
  documents: FamilyPolicyDto[]
}

/** A document on the family's own page: with, once signed, why it cannot be withdrawn now (null: it can). */
export type FamilyPolicyDto = PolicyDto & { withdrawRefusal: string | null }

export type SignatureDto = {
  id: number
  kind: SignatureKind
  documentId: number | null
  studentId: number | null
  versionNumber: number | null
  sha256: string
  fullName: string
  choices: string[]
  signedAt: string
}

/** One of the family's students with documents to sign (the portal's banner). */
export type OutstandingDto = { studentId: number; studentName: string; titles: string[]; blocking: boolean }

/** One student on the studio's compliance view of a document. */
export type ComplianceRowDto = {
  studentId: number
  studentName: string
  familyId: number
  familyName: string
  familyEmail: string
  status: PolicyStatus
  blocking: boolean
  signatureId: number | null
  versionNumber: number | null
  signedAt: string | null
  signedBy: string | null
}

export const complianceQuerySchema = z.object({ classId: recordIdSchema(POLICY_MESSAGES.classInvalid, { fromText: true }).optional() })

/** A document in the studio's compliance tab. */
export type AdminPolicyDto = { id: number; title: string; kind: PolicyKind; required: boolean; currentVersionNumber: number | null }

export type ComplianceDto = { documentId: number; title: string; rows: ComplianceRowDto[] }
