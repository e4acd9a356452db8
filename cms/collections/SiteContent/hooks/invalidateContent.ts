import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { invalidateSiteContent } from '#api/operations/site-content-cache'
import { afterCommit } from '#api/operations/transaction'

/**
 * Edits show on the next page load (decisions §6): drop the in-process content cache, now and
 * again after the commit (an edit in /cms runs in a transaction: a read between the two would
 * otherwise cache the old rows until the next edit).
 */
export const invalidateAfterChange: CollectionAfterChangeHook = ({ doc, req }) => {
  invalidateSiteContent()
  afterCommit(req, invalidateSiteContent)
  return doc
}

export const invalidateAfterDelete: CollectionAfterDeleteHook = ({ doc, req }) => {
  invalidateSiteContent()
  afterCommit(req, invalidateSiteContent)
  return doc
}
