import type { CollectionAfterChangeHook } from 'payload'

import type { Class } from '#cms/payload-types'
import { noticeClassChange, noticeClassClosures } from '#api/notices'

/**
 * A closure added, or the time, room or teacher changed, is told to the class's families in the
 * write's transaction, whoever writes (decisions "Automatic notices"). A new class has no families yet.
 */
export const noticeClassChanges: CollectionAfterChangeHook<Class> = async ({ context, doc, previousDoc, operation, req }) => {
  // `context.notices === false`: a write that is no event for families (a seed, a data repair).
  if (operation !== 'update' || context.notices === false) return doc
  await noticeClassClosures(req, doc, previousDoc)
  await noticeClassChange(req, doc, previousDoc)
  return doc
}
