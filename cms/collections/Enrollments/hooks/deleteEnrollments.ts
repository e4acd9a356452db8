import { APIError, type CollectionBeforeDeleteHook } from 'payload'

import { relationId } from '#api/lib/relations'
import { lockClass } from '#api/admission'

/**
 * A class or student that goes takes its enrollments with it, inside the delete's own
 * transaction, whoever deletes: an enrollment cannot outlive either (decisions §2), and the
 * database would otherwise refuse the delete from /cms.
 *
 * Each deleted enrollment frees a place, and offering it locks its class. A student enrolled
 * in several classes would take those locks in whatever order the rows come back, and two such
 * deletes at once could wait on each other; so the classes are locked first, by id.
 */
export function deleteEnrollmentsOf(field: 'class' | 'student'): CollectionBeforeDeleteHook {
  return async ({ id, req }) => {
    const where = { [field]: { equals: id } }
    const { docs } = await req.payload.find({ collection: 'enrollments', where, req, overrideAccess: true, depth: 0, limit: 0, pagination: false })
    const classIds = [...new Set(docs.map((doc) => relationId(doc.class)))].sort((a, b) => a - b)
    for (const classId of classIds) await lockClass(req, classId)
    const result = await req.payload.delete({ collection: 'enrollments', where, req, overrideAccess: true, depth: 0 })
    if (result.errors.length > 0) throw new APIError(`Could not delete the enrollments: ${result.errors.map((e) => e.message).join('; ')}`, 500)
  }
}
