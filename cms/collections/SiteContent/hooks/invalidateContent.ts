import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { invalidateSiteContent } from '#api/operations/site-content-cache'

/** Edits show on the next page load (decisions §6): drop the in-process content cache. */
export const invalidateAfterChange: CollectionAfterChangeHook = ({ doc }) => {
  invalidateSiteContent()
  return doc
}

export const invalidateAfterDelete: CollectionAfterDeleteHook = ({ doc }) => {
  invalidateSiteContent()
  return doc
}
