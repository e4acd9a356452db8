import type { CollectionBeforeDeleteHook } from 'payload'

/**
 * A class or student that goes takes its attendance marks with it, inside the delete's own
 * transaction, whoever deletes (the contract, /cms, an account's deletion).
 */
export function deleteAttendanceOf(field: 'class' | 'student'): CollectionBeforeDeleteHook {
  // One statement, not one delete per mark: marks have no hooks, versions or files to honour.
  return async ({ id, req }) => {
    await req.payload.db.deleteMany({ collection: 'attendance', where: { [field]: { equals: id } }, req })
  }
}
