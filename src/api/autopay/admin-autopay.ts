import { createLocalReq, type Payload } from 'payload'

import type { AutopayAttempt, User } from '#cms/payload-types'
import { notFound } from '#api/errors'
import { householdOf } from '#api/lib/ownership'
import { loadHousehold } from '#api/households'
import { centsToDollars } from '#shared/money'
import { readAutopayState } from './autopay-state'
import { holderOfProfile } from './card-holder'
import type { AdminAutopayDto, GuardianCardDto } from './schemas'

/**
 * GET /api/admin/autopay/:userId, for the office: a household's autopay (its card, the switch,
 * the charges to come and the last attempts), and under split billing each guardian's own card
 * (decisions §36) with what it will charge, or that it pays nothing now because it no longer
 * stands (split billing off, the guardian left, became view-only or the payer).
 */
export async function readFamilyAutopay(payload: Payload, userId: number): Promise<AdminAutopayDto> {
  const user = (await payload.findByID({ collection: 'users', id: userId, depth: 0, overrideAccess: true, disableErrors: true })) as User | null
  if (!user) throw notFound('Account not found')
  const householdId = householdOf(user)
  const state = await readAutopayState(payload, { scope: 'household', userId: householdId, householdId })
  const attempts = await payload.find({
    collection: 'autopay-attempts',
    where: { userId: { equals: householdId } },
    sort: '-createdAt',
    limit: 50,
    depth: 0,
    overrideAccess: true,
  })
  return {
    ...state,
    ownCard: false,
    attempts: (attempts.docs as AutopayAttempt[]).map((a) => ({
      invoiceId: a.invoiceId,
      attempt: a.attempt,
      day: a.day,
      status: a.status,
      amount: centsToDollars(a.amountCents),
      paymentIntentId: a.paymentIntentId ?? null,
      failureMessage: a.failureMessage ?? null,
    })),
    guardianCards: await guardianCardsOf(payload, householdId),
  }
}

/** The household's guardians' own cards, oldest guardian first: only those who saved one. */
async function guardianCardsOf(payload: Payload, householdId: number): Promise<GuardianCardDto[]> {
  const { guardians } = await loadHousehold(await createLocalReq({}, payload), householdId)
  const cards: GuardianCardDto[] = []
  for (const guardian of guardians) {
    const state = await readAutopayState(payload, { scope: 'guardian', userId: guardian.id, householdId })
    if (!state.card) continue
    const stands = (await holderOfProfile(payload, guardian.id, 'guardian')) !== null
    cards.push({ guardianId: guardian.id, guardianName: guardian.fullName, stands, ...state, upcoming: stands ? state.upcoming : [] })
  }
  return cards
}
