import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { invalidateClasses } from '#api/classes'
import { afterCommit } from '#api/lib/database'

// Cleared once the write has committed: dropped earlier, a read before the commit would refill it with old rows.
export const invalidateClassesAfterChange: CollectionAfterChangeHook = ({ doc, req }) => {
  afterCommit(req, invalidateClasses)
  return doc
}

export const invalidateClassesAfterDelete: CollectionAfterDeleteHook = ({ doc, req }) => {
  afterCommit(req, invalidateClasses)
  return doc
}
