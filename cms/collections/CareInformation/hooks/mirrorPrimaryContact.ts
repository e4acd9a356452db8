import type { CollectionAfterChangeHook } from 'payload'

import type { CareInformation } from '#cms/payload-types'
import { mirrorFirstContactToStudent } from '#api/care'

/** The first emergency contact is also the student's own `emergencyContact` (src/api/care/mirror.ts). */
export const mirrorPrimaryContactToStudent: CollectionAfterChangeHook<CareInformation> = async ({ doc, req }) => {
  await mirrorFirstContactToStudent(req, doc)
  return doc
}
