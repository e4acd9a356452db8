import type { CollectionAfterChangeHook } from 'payload'

import type { Class } from '#cms/payload-types'
import { noticeClassChange, noticeClassClosures } from '#api/notices'

/**
 * A closure added, or the time, room or teacher changed, is told to the class's families in the
 * write's transaction, whoever writes (decisions "Automatic notices"). A new class has no families yet.
 */
export const noticeClassChanges: CollectionAfterChangeHook<Class> = async ({ doc, previousDoc, operation, req }) => {
  if (operation !== 'update') return doc
  await noticeClassClosures(req, doc, previousDoc)
  await noticeClassChange(req, doc, previousDoc)
  return doc
}
