import type { PayloadRequest } from 'payload'

import type { AuthorisedPickup, CareInformation, Student } from '#cms/payload-types'
import { relationId } from '#api/lib/relations'
import type { CareDto, PersonDto, PhotoChoice, PickupDto } from './schemas'

/** The stored rows of care, read with overrideAccess: the callers decide who may see them (ownership.ts). */

/** A student by id, whoever asks (null when there is none). */
export async function findStudent(req: PayloadRequest, id: number): Promise<Student | null> {
  return (await req.payload.findByID({ collection: 'students', id, depth: 0, req, overrideAccess: true, disableErrors: true })) as Student | null
}

export async function findCareOf(req: PayloadRequest, studentIds: number[]): Promise<Map<number, CareInformation>> {
  if (studentIds.length === 0) return new Map()
  const result = await req.payload.find({
    collection: 'care-information',
    where: { student: { in: studentIds } },
    depth: 0,
    limit: 0,
    pagination: false,
    req,
    overrideAccess: true,
  })
  return new Map((result.docs as CareInformation[]).map((doc) => [relationId(doc.student), doc]))
}

export async function findPickupsOf(req: PayloadRequest, studentIds: number[]): Promise<Map<number, PickupDto[]>> {
  const byStudent = new Map<number, PickupDto[]>()
  if (studentIds.length === 0) return byStudent
  const result = await req.payload.find({
    collection: 'authorised-pickups',
    where: { student: { in: studentIds } },
    depth: 0,
    limit: 0,
    pagination: false,
    sort: ['createdAt', 'id'],
    req,
    overrideAccess: true,
  })
  for (const doc of result.docs as AuthorisedPickup[]) {
    const id = relationId(doc.student)
    byStudent.set(id, [...(byStudent.get(id) ?? []), toPickupDto(doc)])
  }
  return byStudent
}

export function toPickupDto(doc: AuthorisedPickup): PickupDto {
  const dto: PickupDto = { id: doc.id, name: doc.name, relationship: doc.relationship, phone: doc.phone }
  // The time in the address: a replaced photo is a new address, so no cache shows the old one.
  if (doc.photoUpdatedAt) dto.photoUrl = `/api/students/${relationId(doc.student)}/pickups/${doc.id}/photo?v=${Date.parse(doc.photoUpdatedAt)}`
  return dto
}

export function contactsOf(care: CareInformation | undefined): PersonDto[] {
  return (care?.emergencyContacts ?? []).map((c) => ({ name: c.name, relationship: c.relationship ?? '', phone: c.phone }))
}

export function toCareDto(student: Student, care: CareInformation | undefined, pickups: PickupDto[], withNotes: boolean): CareDto {
  return {
    studentId: student.id,
    studentName: student.fullName,
    emergencyContacts: contactsOf(care),
    allergies: care?.allergies ?? '',
    medicalNotes: withNotes ? (care?.medicalNotes ?? '') : '',
    doctor: { name: care?.doctor?.name ?? '', phone: care?.doctor?.phone ?? '' },
    mayBePhotographed: (care?.mayBePhotographed as PhotoChoice | null | undefined) ?? null,
    pickups,
  }
}
