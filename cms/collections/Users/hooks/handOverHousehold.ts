import type { CollectionBeforeDeleteHook } from 'payload'

import { handOverBeforeDelete } from '#api/households'

/** Decisions §23: a household outlives its first guardian's account when other guardians remain. */
export const handOverHousehold: CollectionBeforeDeleteHook = async ({ id, req }) => {
  await handOverBeforeDelete(req, Number(id))
}
