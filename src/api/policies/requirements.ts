import type { PayloadRequest } from 'payload'

import type { PolicyDocument, PolicySignature, PolicyVersion, Student } from '#cms/payload-types'
import { academyToday } from '#api/lib/academy-clock'
import { relationId } from '#api/lib/relations'
import { ageFitsGroup, ageOn } from '#shared/eligibility'
import type { PolicyAppliesTo, PolicyKind } from '#shared/policies'
import { textChanges } from '#shared/text-changes'
import { currentClassIds, publishedDocuments, signaturesFor, versionsOf } from './records'
import type { PolicyDto, PolicyStatus } from './schemas'

/**
 * Where a student stands with each document that applies to them (issue 26). A document applies
 * to every student, to the students of its classes (those they are in, and the one they are
 * joining), to its age groups (the student's age today), or once to the household.
 */
export function applies(doc: PolicyDocument, student: Student, classIds: number[], today: string): boolean {
  switch (doc.appliesTo as PolicyAppliesTo) {
    case 'classes':
      return (doc.classes ?? []).some((cls) => classIds.includes(relationId(cls)))
    case 'age-groups':
      return (doc.ageGroups ?? []).some((group) => ageFitsGroup(ageOn(student.dateOfBirth, today), group))
    default:
      return true
  }
}

type Standing = { status: PolicyStatus; blocking: boolean; signature: PolicySignature | null }

/**
 * The latest word for a document decides: none or a withdrawal is unsigned; a signature of the
 * current version is signed; one of an older version stays good unless a later version asked for
 * a new signature, and then it lets the student enroll only until that version's re-sign-by day.
 */
export function standing(doc: PolicyDocument, versions: PolicyVersion[], signatures: PolicySignature[], today: string): Standing {
  const latest = signatures.find((s) => relationId(s.document ?? 0) === doc.id) ?? null
  const required = Boolean(doc.required)
  if (!latest) return { status: 'unsigned', blocking: required, signature: null }
  if (latest.kind === 'withdraw') return { status: 'withdrawn', blocking: required, signature: null }
  const signedNumber = latest.versionNumber ?? 0
  const newer = versions.filter((v) => relationId(v.document ?? 0) === doc.id && v.number > signedNumber && v.requiresResignature)
  if (newer.length === 0) return { status: 'signed', blocking: false, signature: latest }
  const overdue = newer.some((v) => !v.resignBy || v.resignBy < today)
  return { status: 'resign', blocking: required && overdue, signature: latest }
}

/** Every published document that applies to the student, with where they stand (`joining`: the classes being joined). */
export async function policiesFor(req: PayloadRequest, student: Student, joining: number[] = []): Promise<PolicyDto[]> {
  const documents = await publishedDocuments(req)
  if (documents.length === 0) return []
  const today = academyToday()
  const classIds = [...(await currentClassIds(req, student.id)), ...joining]
  const applicable = documents.filter((doc) => applies(doc, student, classIds, today))
  const [versions, signatures] = await Promise.all([
    versionsOf(
      req,
      applicable.map((d) => d.id),
    ),
    signaturesFor(req, student),
  ])
  return applicable.flatMap((doc) => {
    const current = versions.find((v) => v.id === relationId(doc.currentVersion ?? 0))
    if (!current) return []
    const { status, blocking, signature } = standing(doc, versions, signatures, today)
    // Asked to sign again: what changed since the version signed, paragraph by paragraph.
    const signedVersion =
      status === 'resign' ? versions.find((v) => relationId(v.document ?? 0) === doc.id && v.number === signature?.versionNumber) : undefined
    return [
      {
        documentId: doc.id,
        title: doc.title,
        kind: doc.kind as PolicyKind,
        required: Boolean(doc.required),
        appliesTo: doc.appliesTo as PolicyAppliesTo,
        options: (doc.options ?? []).map((o) => o.label),
        version: { id: current.id, number: current.number, text: current.text, sha256: current.sha256, resignBy: current.resignBy ?? null },
        status,
        blocking,
        signature: signature
          ? { id: signature.id, versionNumber: signature.versionNumber ?? 0, choices: choicesOf(signature), signedAt: signature.signedAt }
          : null,
        changes: signedVersion ? { sinceVersion: signedVersion.number, paragraphs: textChanges(signedVersion.text, current.text) } : null,
      },
    ]
  })
}

export function choicesOf(signature: Pick<PolicySignature, 'choices'>): string[] {
  return Array.isArray(signature.choices) ? signature.choices.map(String) : []
}
