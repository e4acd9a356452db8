import type { CollectionAfterReadHook } from 'payload'

import type { CareInformation } from '#cms/payload-types'
import { recordStaffReadThroughPayload } from '#api/care'

/** A member of staff reading the medical notes through Payload (REST, the panel) leaves an audit entry (src/api/care/audit.ts). */
export const auditStaffMedicalNoteRead: CollectionAfterReadHook<CareInformation> = async ({ doc, req, overrideAccess }) => {
  await recordStaffReadThroughPayload(req, doc, overrideAccess)
  return doc
}
