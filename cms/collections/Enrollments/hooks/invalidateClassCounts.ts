import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { invalidateClasses } from '#api/operations/classes'
import { afterCommit } from '#api/operations/transaction'

// The cached class list carries each class's enrollment count ("Full" in the UI).
export const invalidateClassCountsAfterChange: CollectionAfterChangeHook = ({ doc, req }) => {
  invalidateClasses()
  afterCommit(req, invalidateClasses)
  return doc
}

export const invalidateClassCountsAfterDelete: CollectionAfterDeleteHook = ({ doc, req }) => {
  invalidateClasses()
  afterCommit(req, invalidateClasses)
  return doc
}
