import { APIError, type CollectionBeforeDeleteHook } from 'payload'

/**
 * A class or student that goes takes its enrollments with it, inside the delete's own
 * transaction, whoever deletes: an enrollment cannot outlive either (decisions §2), and the
 * database would otherwise refuse the delete from /cms.
 */
export function deleteEnrollmentsOf(field: 'class' | 'student'): CollectionBeforeDeleteHook {
  return async ({ id, req }) => {
    const result = await req.payload.delete({ collection: 'enrollments', where: { [field]: { equals: id } }, req, overrideAccess: true, depth: 0 })
    if (result.errors.length > 0) throw new APIError(`Could not delete the enrollments: ${result.errors.map((e) => e.message).join('; ')}`, 500)
  }
}
