import type { PayloadRequest } from 'payload'

import type { CareInformation, Student } from '#cms/payload-types'
import { relationId } from '#api/lib/relations'
import { findCareOf, findStudent } from './care-records'

/**
 * The student's own `emergencyContact` (name and phone, shown by the /api/students contract and
 * set by its emergency-contact endpoint) is the first emergency contact of the care information.
 * Each side's hook copies a change to the other, and only when they differ, so the copy stops
 * after one round.
 */
const clean = (value: string | null | undefined) => (value ?? '').trim()

/** Care information changed: the student's field takes its first contact (or is cleared). */
export async function mirrorFirstContactToStudent(req: PayloadRequest, care: CareInformation): Promise<void> {
  const studentId = relationId(care.student)
  const student = await findStudent(req, studentId)
  if (!student) return
  const first = care.emergencyContacts?.[0]
  const name = clean(first?.name)
  const phone = clean(first?.phone)
  if (clean(student.emergencyContact?.name) === name && clean(student.emergencyContact?.phone) === phone) return
  await req.payload.update({
    collection: 'students',
    id: studentId,
    data: { emergencyContact: { name: name || null, phone: phone || null } },
    depth: 0,
    req,
    overrideAccess: true,
  })
}

/**
 * The student's field changed (through /api/students, /cms or a seed): it becomes the first
 * emergency contact of the care information, keeping the relationship when the name is the same
 * person's; emptied, the first contact is removed and the next one (if any) moves up.
 */
export async function mirrorStudentContactToCare(req: PayloadRequest, student: Student): Promise<void> {
  const name = clean(student.emergencyContact?.name)
  const phone = clean(student.emergencyContact?.phone)
  const care = (await findCareOf(req, [student.id])).get(student.id)
  const contacts = care?.emergencyContacts ?? []
  const first = contacts[0]
  if (clean(first?.name) === name && clean(first?.phone) === phone) return
  if (!name && !phone && contacts.length === 0) return
  const rest = contacts.slice(1).map(({ name, relationship, phone }) => ({ name, relationship, phone }))
  const relationship = first && clean(first.name).toLowerCase() === name.toLowerCase() ? first.relationship : null
  const emergencyContacts = name && phone ? [{ name, relationship, phone }, ...rest] : rest
  if (care) await req.payload.update({ collection: 'care-information', id: care.id, data: { emergencyContacts }, depth: 0, req, overrideAccess: true })
  else await req.payload.create({ collection: 'care-information', data: { student: student.id, emergencyContacts }, depth: 0, req, overrideAccess: true })
}

/** A student that goes takes its care information, pickups and their photos with it (the audit of reads stays, with the name). */
export async function deleteCareOf(req: PayloadRequest, studentId: number): Promise<void> {
  await req.payload.db.deleteMany({ collection: 'care-information', where: { student: { equals: studentId } }, req })
  // The pickups' photos first: each points at its pickup.
  const pickups = await req.payload.find({
    collection: 'authorised-pickups',
    where: { student: { equals: studentId } },
    select: {},
    depth: 0,
    limit: 0,
    pagination: false,
    req,
    overrideAccess: true,
  })
  const pickupIds = pickups.docs.map((pickup) => pickup.id)
  if (pickupIds.length > 0) await req.payload.db.deleteMany({ collection: 'pickup-photos', where: { pickup: { in: pickupIds } }, req })
  await req.payload.db.deleteMany({ collection: 'authorised-pickups', where: { student: { equals: studentId } }, req })
}
