import type { PayloadRequest } from 'payload'

import type { Class, Enrollment, Student, User } from '#cms/payload-types'
import { academyToday } from '#api/lib/academy-clock'
import { badInput, conflict, notFound } from '#api/errors'
import { inTransaction } from '#api/lib/database'
import { householdOf } from '#api/lib/ownership'
import { isAdminUser } from '#shared/roles'
import { optionalRelationId, relationId } from '#api/lib/relations'
import { readSplitBilling } from '#api/studio'
import { recordHouseholdEvent } from './events'
import { accessOf, loadHousehold, type Household } from './household'
import { SPLIT_BILLING_MESSAGES, type BilledToAnswerInput, type BilledToDto, type BilledToInput } from './schemas'

const all = { depth: 0, limit: 0, pagination: false, overrideAccess: true } as const

/**
 * Who each of a household's lines is billed to with split billing on (decisions §34):
 * a class of a child to the guardian its enrollment names, else the child's, else the payer. A
 * choice naming someone who is no longer a full guardian of the household is ignored, so a
 * guardian who leaves (or becomes view-only) hands their lines back to the payer.
 */
export type BillingGuardians = {
  payer: User
  /** The household's full guardians by id. */
  full: Map<number, User>
  /** The guardian a line of this student (and class) is billed to, or null for the payer. */
  guardianOf: (studentId: number | null | undefined, classId?: number | null) => number | null
  /** Whether a standing choice bills a child or a class to a guardian other than the payer. */
  splitsNow: boolean
}

/** A household's children, their enrollments and the choices that still stand (a choice must name a full guardian). */
async function choicesOf(req: PayloadRequest, household: Household) {
  const students = (await req.payload.find({ collection: 'students', ...all, req, sort: 'id', where: { user: { equals: household.id } } })).docs as Student[]
  const enrollments =
    students.length === 0
      ? []
      : ((await req.payload.find({ collection: 'enrollments', ...all, req, sort: 'id', where: { student: { in: students.map((s) => s.id) } } }))
          .docs as Enrollment[])
  const full = new Map(household.guardians.filter((user) => accessOf(user) === 'full').map((user) => [user.id, user]))
  const chosen = (billedTo: Student['billedTo']) => {
    const id = optionalRelationId(billedTo)
    return id !== null && full.has(id) ? id : null
  }
  return { students, enrollments, full, chosen }
}

export async function billingGuardiansOf(req: PayloadRequest, householdId: number): Promise<BillingGuardians> {
  const household = await loadHousehold(req, householdId)
  const { students, enrollments, full, chosen } = await choicesOf(req, household)
  const byStudent = new Map(students.map((s) => [s.id, chosen(s.billedTo)]))
  const byClass = new Map(enrollments.map((e) => [`${relationId(e.student)}:${relationId(e.class)}`, chosen(e.billedTo)]))
  const guardianOf = (studentId: number | null | undefined, classId?: number | null) => {
    if (studentId == null) return null
    const guardianId = (classId != null ? byClass.get(`${studentId}:${classId}`) : null) ?? byStudent.get(studentId) ?? null
    return guardianId === household.payer.id ? null : guardianId
  }
  const splitsNow = [...byStudent.values(), ...byClass.values()].some((id) => id !== null && id !== household.payer.id)
  return { payer: household.payer, full, guardianOf, splitsNow }
}

/** The household's choices as the portal and the console read them. */
export async function readBilledTo(req: PayloadRequest, household: Household): Promise<BilledToDto> {
  const { students, enrollments, chosen } = await choicesOf(req, household)
  const classIds = [...new Set(enrollments.map((e) => relationId(e.class)))]
  const classes =
    classIds.length === 0 ? [] : ((await req.payload.find({ collection: 'classes', ...all, req, where: { id: { in: classIds } } })).docs as Class[])
  const className = new Map(classes.map((c) => [c.id, c.name]))
  const today = academyToday()
  return {
    splitBilling: await readSplitBilling(req),
    payerId: household.payer.id,
    students: students.map((student) => ({
      studentId: student.id,
      fullName: student.fullName,
      billedTo: chosen(student.billedTo),
      pendingFor: chosen(student.billedToPending),
      enrollments: enrollments
        .filter((e) => relationId(e.student) === student.id)
        .map((e) => ({
          enrollmentId: e.id,
          classId: relationId(e.class),
          className: className.get(relationId(e.class)) ?? '',
          current: !e.endDate || e.endDate.slice(0, 10) >= today,
          billedTo: chosen(e.billedTo),
          pendingFor: chosen(e.billedToPending),
        })),
    })),
  }
}

/**
 * Whether a choice waits for the named guardian's acceptance (decisions §38): a guardian naming
 * another full guardian who is not the payer. Naming oneself, the payer (the one the household
 * chose to pay, decisions §23) or going back to the payer or the child's choice applies at once;
 * so does every choice of an administrator, who settles disputes.
 */
function needsAcceptance(actor: User, household: Household, guardianId: number | null): boolean {
  return guardianId !== null && guardianId !== actor.id && guardianId !== household.payer.id && !isAdminUser(actor)
}

/**
 * PUT /api/household/billed-to (a full guardian) and PUT /api/admin/households/:id/billed-to:
 * bills a child, or one class of a child, to one full guardian of the household (null: back to
 * the payer, or for a class, back to the child's choice). Only while split billing is on. Naming
 * another guardian asks them (`billedToPending`): nothing is billed to them until they accept,
 * and a choice that applies at once withdraws the request. A change of who is billed, and a
 * request, is a household event (by names, in the same transaction); choosing what already
 * stands records nothing.
 */
export async function setBilledTo(req: PayloadRequest, actor: User, householdId: number, input: BilledToInput): Promise<BilledToDto> {
  if (!(await readSplitBilling(req))) throw conflict(SPLIT_BILLING_MESSAGES.off)
  await inTransaction(req, async () => {
    const household = await loadHousehold(req, householdId)
    const row = await billedRowOf(req, household, input)
    const guardian = input.guardianId === null ? null : household.guardians.find((user) => user.id === input.guardianId)
    if (guardian === undefined || (guardian && accessOf(guardian) !== 'full'))
      throw badInput(SPLIT_BILLING_MESSAGES.guardian, [{ path: 'guardianId', message: SPLIT_BILLING_MESSAGES.guardian }])
    const { chosen } = await choicesOf(req, household)
    const record = (to: string) => recordHouseholdEvent(req, { household: household.id, action: 'billed-to-changed', actor, subject: `${row.label}: ${to}` })
    if (needsAcceptance(actor, household, input.guardianId)) {
      if (chosen(row.doc.billedTo) === input.guardianId || chosen(row.doc.billedToPending) === input.guardianId) return
      await updateRow(req, row, { billedToPending: input.guardianId })
      await record(`asked ${guardian!.fullName} to be billed`)
      return
    }
    const pending = optionalRelationId(row.doc.billedToPending)
    if (optionalRelationId(row.doc.billedTo) === input.guardianId) {
      if (pending !== null) await updateRow(req, row, { billedToPending: null })
      return
    }
    await updateRow(req, row, { billedTo: input.guardianId, billedToPending: null })
    if (row.kind === 'student') {
      const to = guardian && guardian.id !== household.payer.id ? guardian : null
      const was = chosen(row.doc.billedTo)
      if ((was === household.payer.id ? null : was) !== (to?.id ?? null))
        await record(to ? `billed to ${to.fullName}` : `billed to the payer, ${household.payer.fullName}`)
      return
    }
    if (chosen(row.doc.billedTo) === input.guardianId) return
    await record(guardian ? `billed to ${guardian.fullName}` : 'billed as the child')
  })
  return readBilledTo(req, await loadHousehold(req, householdId))
}

/**
 * POST /api/household/billed-to/accept and /decline (decisions §38): the guardian another asked
 * to be billed for a child or a class answers. Accepting bills it to them from the next run;
 * declining leaves it where it was. Only the guardian asked may answer (another: 404).
 */
export async function answerBilledTo(req: PayloadRequest, actor: User, input: BilledToAnswerInput, accept: boolean): Promise<BilledToDto> {
  if (!(await readSplitBilling(req))) throw conflict(SPLIT_BILLING_MESSAGES.off)
  const householdId = householdOf(actor)
  await inTransaction(req, async () => {
    const household = await loadHousehold(req, householdId)
    const row = await billedRowOf(req, household, input)
    const { chosen } = await choicesOf(req, household)
    if (chosen(row.doc.billedToPending) !== actor.id) throw notFound(SPLIT_BILLING_MESSAGES.noRequest)
    await updateRow(req, row, accept ? { billedTo: actor.id, billedToPending: null } : { billedToPending: null })
    await recordHouseholdEvent(req, {
      household: household.id,
      action: 'billed-to-changed',
      actor,
      subject: `${row.label}: ${accept ? `billed to ${actor.fullName}, who accepted` : `${actor.fullName} declined to be billed`}`,
    })
  })
  return readBilledTo(req, await loadHousehold(req, householdId))
}

type BilledRow = { kind: 'student'; doc: Student; label: string } | { kind: 'enrollment'; doc: Enrollment; label: string }

/** The child, or the class of the child, a choice is about: the household's, else 404. */
async function billedRowOf(req: PayloadRequest, household: Household, input: { studentId: number; enrollmentId?: number | null }): Promise<BilledRow> {
  const student = (await req.payload.findByID({ collection: 'students', id: input.studentId, req, ...all, disableErrors: true })) as Student | null
  if (!student || relationId(student.user) !== household.id) throw notFound(SPLIT_BILLING_MESSAGES.studentNotFound)
  if (input.enrollmentId == null) return { kind: 'student', doc: student, label: student.fullName }
  const enrollment = (await req.payload.findByID({ collection: 'enrollments', id: input.enrollmentId, req, ...all, disableErrors: true })) as Enrollment | null
  if (!enrollment || relationId(enrollment.student) !== student.id) throw notFound(SPLIT_BILLING_MESSAGES.enrollmentNotFound)
  const cls = (await req.payload.findByID({ collection: 'classes', id: relationId(enrollment.class), req, ...all, disableErrors: true })) as Class | null
  return { kind: 'enrollment', doc: enrollment, label: `${student.fullName}, ${cls?.name ?? 'a class'}` }
}

async function updateRow(req: PayloadRequest, row: BilledRow, data: { billedTo?: number | null; billedToPending?: number | null }): Promise<void> {
  const collection = row.kind === 'student' ? 'students' : 'enrollments'
  await req.payload.update({ collection, id: row.doc.id, req, overrideAccess: true, depth: 0, data })
}
