import type { PayloadRequest } from 'payload'

import type { CareInformation, User } from '#cms/payload-types'
import { forbidden } from '#api/errors'
import { inTransaction } from '#api/lib/database'
import { recordMedicalNoteRead } from './audit'
import { findCareOf, findPickupsOf, toCareDto } from './care-records'
import { careAccess } from './ownership'
import { CARE_MESSAGES, type CareDto, type CareInput } from './schemas'

/**
 * GET /api/students/:id/care: the family, an administrator or the child's teacher (404 for anyone
 * else). A member of staff who receives the medical notes leaves an audit entry; `withNotes`
 * false leaves them out, and so leaves no entry.
 */
export async function readCare(req: PayloadRequest, user: User, studentId: number, withNotes = true): Promise<CareDto> {
  const { student, reader } = await careAccess(req, user, studentId)
  const [care, pickups] = await Promise.all([findCareOf(req, [student.id]), findPickupsOf(req, [student.id])])
  const doc = care.get(student.id)
  if (withNotes && reader !== 'family' && doc?.medicalNotes?.trim()) await recordMedicalNoteRead(req, user, reader, student)
  return toCareDto(student, doc, pickups.get(student.id) ?? [], withNotes)
}

/**
 * PUT /api/students/:id/care: the family (or an administrator) replaces the care information.
 * A teacher of the child reads it but may not change it (403); anyone else gets 404.
 */
export async function saveCare(req: PayloadRequest, user: User, studentId: number, input: CareInput): Promise<CareDto> {
  const { student, reader } = await careAccess(req, user, studentId)
  if (reader === 'teacher') throw forbidden(CARE_MESSAGES.familyOnly)
  const data = {
    student: student.id,
    emergencyContacts: input.emergencyContacts.map((c) => ({ name: c.name, relationship: c.relationship, phone: c.phone })),
    allergies: input.allergies || null,
    medicalNotes: input.medicalNotes || null,
    doctor: { name: input.doctor.name || null, phone: input.doctor.phone || null },
    mayBePhotographed: input.mayBePhotographed,
  }
  await inTransaction(req, async () => {
    const existing = (await findCareOf(req, [student.id])).get(student.id)
    // The collection's hook mirrors the first contact to the student inside this transaction.
    if (existing) await req.payload.update({ collection: 'care-information', id: existing.id, data, depth: 0, req, overrideAccess: true })
    else await req.payload.create({ collection: 'care-information', data, depth: 0, req, overrideAccess: true })
  })
  const [care, pickups] = await Promise.all([findCareOf(req, [student.id]), findPickupsOf(req, [student.id])])
  return toCareDto(student, care.get(student.id) as CareInformation, pickups.get(student.id) ?? [], true)
}
