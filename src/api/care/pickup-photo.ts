import type { CollectionBeforeDeleteHook, PayloadRequest } from 'payload'

import type { AuthorisedPickup, PickupPhoto, User } from '#cms/payload-types'
import { badInput, notFound } from '#api/errors'
import { academyNow } from '#api/lib/academy-clock'
import { toPickupDto } from './care-records'
import { careAccess } from './ownership'
import { findPickup, writableStudent } from './pickups'
import { CARE_MESSAGES, MAX_PICKUP_PHOTO_BYTES, type PickupDto, type PickupPhotoInput } from './schemas'

type ImageType = PickupPhoto['contentType']

/** The image's own first bytes, whatever the data URL claims: JPEG, PNG or WebP, else null. */
function sniff(bytes: Buffer): ImageType | null {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  if (bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png'
  if (bytes.length > 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp'
  return null
}

async function photoOf(req: PayloadRequest, pickupId: number): Promise<PickupPhoto | null> {
  const { docs } = await req.payload.find({
    collection: 'pickup-photos',
    where: { pickup: { equals: pickupId } },
    limit: 1,
    depth: 0,
    req,
    overrideAccess: true,
  })
  return (docs[0] as PickupPhoto | undefined) ?? null
}

/** PUT /api/students/:id/pickups/:pickupId/photo: the family (or the office) sets or replaces the photo. */
export async function savePickupPhoto(req: PayloadRequest, user: User, studentId: number, pickupId: number, input: PickupPhotoInput): Promise<PickupDto> {
  await writableStudent(req, user, studentId)
  await findPickup(req, studentId, pickupId)
  const bytes = Buffer.from(input.image.slice(input.image.indexOf(',') + 1), 'base64')
  if (bytes.length > MAX_PICKUP_PHOTO_BYTES) throw badInput(CARE_MESSAGES.photoTooLarge)
  const contentType = sniff(bytes)
  if (!contentType) throw badInput(CARE_MESSAGES.photoType)
  const data = { pickup: pickupId, contentType, data: bytes.toString('base64'), bytes: bytes.length }
  const existing = await photoOf(req, pickupId)
  if (existing) await req.payload.update({ collection: 'pickup-photos', id: existing.id, data, depth: 0, req, overrideAccess: true })
  else await req.payload.create({ collection: 'pickup-photos', data, depth: 0, req, overrideAccess: true })
  const pickup = await req.payload.update({
    collection: 'authorised-pickups',
    id: pickupId,
    data: { photoUpdatedAt: academyNow().toISOString() },
    depth: 0,
    req,
    overrideAccess: true,
  })
  return toPickupDto(pickup as AuthorisedPickup)
}

/** DELETE /api/students/:id/pickups/:pickupId/photo */
export async function removePickupPhoto(req: PayloadRequest, user: User, studentId: number, pickupId: number): Promise<PickupDto> {
  await writableStudent(req, user, studentId)
  await findPickup(req, studentId, pickupId)
  await req.payload.delete({ collection: 'pickup-photos', where: { pickup: { equals: pickupId } }, depth: 0, req, overrideAccess: true })
  const pickup = await req.payload.update({
    collection: 'authorised-pickups',
    id: pickupId,
    data: { photoUpdatedAt: null },
    depth: 0,
    req,
    overrideAccess: true,
  })
  return toPickupDto(pickup as AuthorisedPickup)
}

/**
 * GET /api/students/:id/pickups/:pickupId/photo: the image, for whoever may see the child's
 * pickups (the household, an administrator, a teacher of one of the child's classes); 404 for
 * anyone else, as for the care information.
 */
export async function readPickupPhoto(req: PayloadRequest, user: User, studentId: number, pickupId: number): Promise<Response> {
  await careAccess(req, user, studentId)
  await findPickup(req, studentId, pickupId)
  const photo = await photoOf(req, pickupId)
  if (!photo) throw notFound(CARE_MESSAGES.photoNotFound)
  return new Response(Buffer.from(photo.data, 'base64'), {
    headers: { 'Content-Type': photo.contentType, 'Cache-Control': 'private, max-age=86400', 'X-Content-Type-Options': 'nosniff' },
  })
}

/** AuthorisedPickups' beforeDelete: the photo leaves with its pickup (first: it points at the pickup), however the pickup goes. */
export const removePickupPhotoBeforeDelete: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await req.payload.delete({ collection: 'pickup-photos', where: { pickup: { equals: id } }, depth: 0, req, overrideAccess: true })
}
