import type { CollectionBeforeDeleteHook } from 'payload'

/**
 * A class, student or assessment window that goes takes its assessment marks with it, inside the
 * delete's own transaction, whoever deletes (the contract, /cms, an account's deletion).
 */
export function deleteAssessmentMarksOf(field: 'class' | 'student' | 'window'): CollectionBeforeDeleteHook {
  // One statement: marks have no hooks, versions or files to honour.
  return async ({ id, req }) => {
    await req.payload.db.deleteMany({ collection: 'assessment-marks', where: { [field]: { equals: id } }, req })
  }
}
