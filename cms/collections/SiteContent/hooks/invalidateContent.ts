import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { invalidateSiteContent } from '#api/site-content'
import { afterCommit } from '#api/lib/database'

/**
 * Edits show on the next page load (decisions §6): drop the content cache once the write has
 * committed, whoever wrote (the contract, /cms). Dropped earlier, a read before the commit
 * would refill it with the old rows until the next edit.
 */
export const invalidateAfterChange: CollectionAfterChangeHook = ({ doc, req }) => {
  afterCommit(req, invalidateSiteContent)
  return doc
}

export const invalidateAfterDelete: CollectionAfterDeleteHook = ({ doc, req }) => {
  afterCommit(req, invalidateSiteContent)
  return doc
}
