import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import type { Class, Enrollment } from '#cms/payload-types'
import { offerFreedPlaces } from '#api/waitlist'
import { relationId } from '#api/lib/relations'

/*
 * A place that frees, whoever frees it (the contract, /cms, a job), is offered to the class's
 * waitlist inside the same transaction (decisions §15).
 */

export const offerPlacesAfterEnrollmentDelete: CollectionAfterDeleteHook = async ({ doc, req }) => {
  await offerFreedPlaces(req, relationId((doc as Enrollment).class))
  return doc
}

/** An end date (a drop with notice) or a move to another class frees a place. */
export const offerPlacesAfterEnrollmentChange: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  if (operation !== 'update') return doc
  const now = doc as Enrollment
  const before = previousDoc as Enrollment
  if (now.endDate !== before.endDate || relationId(now.class) !== relationId(before.class)) {
    await offerFreedPlaces(req, relationId(before.class))
  }
  return doc
}

/** More capacity (or none: no limit) frees places. */
export const offerPlacesAfterClassChange: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  if (operation !== 'update') return doc
  const now = doc as Class
  const before = previousDoc as Class
  if ((now.capacity ?? null) !== (before.capacity ?? null)) await offerFreedPlaces(req, now.id)
  return doc
}
