import type { CollectionBeforeChangeHook } from 'payload'

/** Records which administrator last changed a text or asset. */
export const stampEditor: CollectionBeforeChangeHook = ({ data, req }) => {
  if (req.user) data.updatedBy = req.user.id
  return data
}
