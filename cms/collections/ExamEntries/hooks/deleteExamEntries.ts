import type { CollectionBeforeDeleteHook } from 'payload'

/**
 * A student's (or a session's) exam entries go with it: an entry names both, required, so the
 * database could not keep it without them. A fee already billed stays on its invoice, which
 * carries its own lines.
 */
export function deleteExamEntriesOf(field: 'student' | 'session'): CollectionBeforeDeleteHook {
  // One statement: entries have no hooks, versions or files to honour.
  return async ({ id, req }) => {
    await req.payload.db.deleteMany({ collection: 'exam-entries', where: { [field]: { equals: id } }, req })
  }
}
