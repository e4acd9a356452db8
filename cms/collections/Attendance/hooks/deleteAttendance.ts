import { APIError, type CollectionBeforeDeleteHook } from 'payload'

/**
 * A class or student that goes takes its attendance marks with it, inside the delete's own
 * transaction, whoever deletes (the contract, /cms, an account's deletion).
 */
export function deleteAttendanceOf(field: 'class' | 'student'): CollectionBeforeDeleteHook {
  return async ({ id, req }) => {
    const result = await req.payload.delete({ collection: 'attendance', where: { [field]: { equals: id } }, req, overrideAccess: true, depth: 0 })
    if (result.errors.length > 0) throw new APIError(`Could not delete the attendance marks: ${result.errors.map((e) => e.message).join('; ')}`, 500)
  }
}
