import type { PayloadRequest } from 'payload'

import type { User } from '#cms/payload-types'
import { householdOf } from './ownership'

/**
 * The account that holds a caller's household (decisions §23): the caller's own for a household
 * of one or its first guardian, the first guardian's account for a second guardian. What belongs
 * to the household as a whole (its Stripe customer, card on file, autopay) is kept under it.
 */
export async function householdAccountOf(req: PayloadRequest, caller: User): Promise<User> {
  const householdId = householdOf(caller)
  if (householdId === caller.id) return caller
  const account = (await req.payload.findByID({
    collection: 'users',
    id: householdId,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
    req,
  })) as User | null
  // The household's account is removed only with its guardians moved first; a dangling pointer reads as a household of one.
  return account ?? caller
}
