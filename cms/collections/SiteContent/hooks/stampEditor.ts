import type { CollectionBeforeChangeHook } from 'payload'

import type { SiteAsset, SiteContent } from '#cms/payload-types'

/** Records which administrator last changed a text or asset. */
export const stampEditor: CollectionBeforeChangeHook<SiteContent | SiteAsset> = ({ data, req }) => {
  if (req.user) data.updatedBy = req.user.id
  return data
}
