import type { PayloadRequest } from 'payload'

import type { AuthorisedPickup, User } from '#cms/payload-types'
import { badInput, forbidden, notFound } from '#api/errors'
import { relationId } from '#api/lib/relations'
import { toPickupDto } from './care-records'
import { careAccess } from './ownership'
import { CARE_MESSAGES, type PersonInput, type PickupDto } from './schemas'

export const MAX_PICKUPS = 10

/** The family of the student (or an administrator) changes its pickups; its teacher only reads them (403). */
export async function writableStudent(req: PayloadRequest, user: User, studentId: number) {
  const { student, reader } = await careAccess(req, user, studentId)
  if (reader === 'teacher') throw forbidden(CARE_MESSAGES.familyOnly)
  return student
}

/** One pickup of the student, or 404 (a pickup of another student is not this one's). */
export async function findPickup(req: PayloadRequest, studentId: number, pickupId: number): Promise<AuthorisedPickup> {
  const doc = (await req.payload.findByID({
    collection: 'authorised-pickups',
    id: pickupId,
    depth: 0,
    req,
    overrideAccess: true,
    disableErrors: true,
  })) as AuthorisedPickup | null
  if (!doc || relationId(doc.student) !== studentId) throw notFound(CARE_MESSAGES.pickupNotFound)
  return doc
}

/** POST /api/students/:id/pickups */
export async function addPickup(req: PayloadRequest, user: User, studentId: number, input: PersonInput): Promise<PickupDto> {
  const student = await writableStudent(req, user, studentId)
  const { totalDocs } = await req.payload.count({ collection: 'authorised-pickups', where: { student: { equals: student.id } }, req, overrideAccess: true })
  if (totalDocs >= MAX_PICKUPS) throw badInput(CARE_MESSAGES.tooManyPickups)
  const doc = await req.payload.create({ collection: 'authorised-pickups', data: { student: student.id, ...input }, depth: 0, req, overrideAccess: true })
  return toPickupDto(doc as AuthorisedPickup)
}

/** PATCH /api/students/:id/pickups/:pickupId */
export async function updatePickup(req: PayloadRequest, user: User, studentId: number, pickupId: number, input: PersonInput): Promise<PickupDto> {
  await writableStudent(req, user, studentId)
  await findPickup(req, studentId, pickupId)
  const doc = await req.payload.update({ collection: 'authorised-pickups', id: pickupId, data: input, depth: 0, req, overrideAccess: true })
  return toPickupDto(doc as AuthorisedPickup)
}

/** DELETE /api/students/:id/pickups/:pickupId */
export async function removePickup(req: PayloadRequest, user: User, studentId: number, pickupId: number): Promise<PickupDto> {
  await writableStudent(req, user, studentId)
  const doc = await findPickup(req, studentId, pickupId)
  await req.payload.delete({ collection: 'authorised-pickups', id: pickupId, depth: 0, req, overrideAccess: true })
  return toPickupDto(doc)
}
