import { createLocalReq, type Payload, type PayloadRequest } from 'payload'

import type { Invoice, PaymentMethod, User } from '#cms/payload-types'
import { householdAccountOf } from '#api/lib/household-account'
import { householdOf } from '#api/lib/ownership'
import { loadHousehold } from '#api/households'
import { readSplitBilling } from '#api/studio'
import { isViewOnlyGuardian } from '#shared/roles'
import { isBilledTo } from '#shared/split-billing'

/**
 * Whose card and autopay switch (decisions §36, a guardian's own card). The household's are
 * kept under its account (`scope: 'household'`, decisions §23). With split billing on, a full
 * guardian who is not the payer has their own (`scope: 'guardian'`, kept under their own id),
 * for the invoices billed to them alone. `user` is who the Stripe customer is made for.
 */
export type CardHolder = { scope: 'household' | 'guardian'; userId: number; householdId: number; user: User }

/** What Stripe keeps of a holder (customer and SetupIntent metadata): the account, and a guardian's own card says so. */
export const holderMetadata = (holder: Pick<CardHolder, 'scope' | 'userId'>): Record<string, string> => ({
  userId: String(holder.userId),
  ...(holder.scope === 'guardian' ? { cardScope: 'guardian' } : {}),
})

/** What the rows and the household's invoices are found by. */
export type CardKey = Pick<CardHolder, 'scope' | 'userId' | 'householdId'>

export const householdCard = (account: User): CardHolder => ({ scope: 'household', userId: account.id, householdId: account.id, user: account })

/**
 * Whether `guardian` has a card of their own now: split billing on, a full guardian of a household
 * of several, not its payer. Asked for every request and every charge, so a guardian who left,
 * became view-only or the payer, or split billing switched off, stops using it at once.
 */
async function ownCardStands(req: PayloadRequest, guardian: User): Promise<boolean> {
  if (isViewOnlyGuardian(guardian) || !(await readSplitBilling(req))) return false
  const household = await loadHousehold(req, householdOf(guardian))
  return household.guardians.length > 1 && household.payer.id !== guardian.id && household.guardians.some((g) => g.id === guardian.id)
}

/** The card /api/autopay acts on for the caller: their own when it stands, else the household's (as before split billing cards). */
export async function cardHolderOf(req: PayloadRequest, caller: User): Promise<CardHolder> {
  if (await ownCardStands(req, caller)) return { scope: 'guardian', userId: caller.id, householdId: householdOf(caller), user: caller }
  return householdCard(await householdAccountOf(req, caller))
}

/** The holder of a billing profile the daily job found, or null when a guardian's own card no longer stands. */
export async function holderOfProfile(payload: Payload, userId: number, scope: CardHolder['scope']): Promise<CardHolder | null> {
  const user = (await payload.findByID({ collection: 'users', id: userId, depth: 0, overrideAccess: true, disableErrors: true })) as User | null
  if (!user) return null
  if (scope === 'household') return householdCard(user)
  const req = await createLocalReq({}, payload)
  return (await ownCardStands(req, user)) ? { scope: 'guardian', userId: user.id, householdId: householdOf(user), user } : null
}

/**
 * Decisions §39: a card is charged only while the guardian who saved it is a guardian of the
 * household with full access (a card saved before the saver was recorded is its account's).
 * Asked at every charge and every read, beside the moves made when a guardian leaves. A
 * guardian's own card is theirs: whether it stands is `ownCardStands`.
 */
export async function saverStands(payload: Payload, holder: CardKey, card: Pick<PaymentMethod, 'savedBy'>): Promise<boolean> {
  if (holder.scope === 'guardian') return true
  const saverId = card.savedBy ?? holder.userId
  try {
    const { guardians } = await loadHousehold(await createLocalReq({}, payload), holder.householdId)
    return guardians.some((guardian) => guardian.id === saverId && !isViewOnlyGuardian(guardian))
  } catch {
    // The holder is no household's account (its account joined another): nobody's card charges there.
    return false
  }
}

/**
 * The household's unpaid invoices a holder's card may pay. A guardian's own card: only those
 * billed to that guardian. The household's card: the payer's (decisions §34), so an invoice
 * billed to another guardian is never charged to it; without split billing no invoice names a
 * guardian and every one is kept. No invoice is ever the household's card's and a guardian's.
 */
export async function chargeableBy(payload: Payload, holder: CardKey, invoices: Invoice[]): Promise<Invoice[]> {
  if (holder.scope === 'guardian') return invoices.filter((invoice) => invoice.billedTo === holder.userId)
  if (invoices.every((invoice) => invoice.billedTo == null)) return invoices
  const household = await loadHousehold(await createLocalReq({}, payload), holder.householdId)
  return invoices.filter((invoice) => isBilledTo(invoice, household.payer.id, household.payer.id))
}
