import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { invalidateClasses } from '../../../../src/api/operations/classes'

export const invalidateClassesAfterChange: CollectionAfterChangeHook = ({ doc }) => {
  invalidateClasses()
  return doc
}

export const invalidateClassesAfterDelete: CollectionAfterDeleteHook = ({ doc }) => {
  invalidateClasses()
  return doc
}
