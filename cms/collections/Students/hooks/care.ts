import type { CollectionAfterChangeHook, CollectionBeforeDeleteHook } from 'payload'

import type { Student } from '#cms/payload-types'
import { deleteCareOf, mirrorStudentContactToCare } from '#api/care'

/** The student's emergency contact is the first of its care information's (src/api/care/mirror.ts). */
export const mirrorEmergencyContact: CollectionAfterChangeHook<Student> = async ({ doc, req }) => {
  await mirrorStudentContactToCare(req, doc)
  return doc
}

/** A student that goes takes its care information and authorised pickups with it, in the delete's transaction. */
export const deleteCare: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await deleteCareOf(req, Number(id))
}
