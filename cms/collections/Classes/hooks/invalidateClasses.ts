import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { invalidateClasses } from '#api/operations/classes'
import { afterCommit } from '#api/operations/transaction'

// Cleared now and again after the commit: a read between the two would otherwise cache old rows.
export const invalidateClassesAfterChange: CollectionAfterChangeHook = ({ doc, req }) => {
  invalidateClasses()
  afterCommit(req, invalidateClasses)
  return doc
}

export const invalidateClassesAfterDelete: CollectionAfterDeleteHook = ({ doc, req }) => {
  invalidateClasses()
  afterCommit(req, invalidateClasses)
  return doc
}
