import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import type { Class, Enrollment } from '#cms/payload-types'
import { offerFreedPlaces } from '#api/waitlist'
import { relationId } from '#api/lib/relations'

/*
 * A place that frees, whoever frees it (the contract, /cms, a job), is offered to the class's
 * waitlist inside the same transaction (decisions §15).
 */

export const offerPlacesAfterEnrollmentDelete: CollectionAfterDeleteHook<Enrollment> = async ({ doc, req }) => {
  await offerFreedPlaces(req, relationId(doc.class))
  return doc
}

/** An end date (a drop with notice) or a move to another class frees a place. */
export const offerPlacesAfterEnrollmentChange: CollectionAfterChangeHook<Enrollment> = async ({ doc, previousDoc, operation, req }) => {
  if (operation !== 'update') return doc
  if (doc.endDate !== previousDoc.endDate || relationId(doc.class) !== relationId(previousDoc.class)) {
    await offerFreedPlaces(req, relationId(previousDoc.class))
  }
  return doc
}

/** More capacity (or none: no limit) frees places. */
export const offerPlacesAfterClassChange: CollectionAfterChangeHook<Class> = async ({ doc, previousDoc, operation, req }) => {
  if (operation !== 'update') return doc
  if ((doc.capacity ?? null) !== (previousDoc.capacity ?? null)) await offerFreedPlaces(req, doc.id)
  return doc
}
