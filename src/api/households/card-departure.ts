import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import type { User } from '#cms/payload-types'
import { academyName, composeMail, sendMail, type MailContent } from '#api/email'
import { queryInTransaction } from '#api/lib/database'
import { recordHouseholdEvent } from './events'
import { accessOf, loadHousehold } from './household'

/**
 * Decisions §39: the household's saved card is the guardian's who saved it (`saved_by`; a card
 * saved before the column is its account's). When that guardian leaves, is removed, or their
 * account is deleted, the card goes with them: its rows, and the billing profile (the Stripe
 * customer the card is attached to) when no household card is left, move to their own account,
 * autopay off on both sides. The household is left without a card; its guardians and the office
 * (a household event) are told.
 */

type CardRow = { id: number; card_brand: string | null; last_four: string | null }

const householdScope = sql`scope IS DISTINCT FROM 'guardian'`

/** Moves the cards `saverId` saved for the household `householdId` to their own account, in the open transaction. */
async function moveCardsToSaver(req: PayloadRequest, householdId: number, saverId: number): Promise<CardRow[]> {
  if (householdId === saverId) return []
  const moved = await queryInTransaction<CardRow>(
    req,
    sql`UPDATE payment_methods SET user_id = ${saverId}
         WHERE user_id = ${householdId} AND ${householdScope} AND COALESCE(saved_by, user_id) = ${saverId}
     RETURNING id, card_brand, last_four`,
  )
  if (moved.length === 0) return []
  // The card's Stripe customer goes with it, unless the household still has a card on it.
  await queryInTransaction(
    req,
    sql`UPDATE billing_profiles SET user_id = ${saverId}
         WHERE user_id = ${householdId} AND ${householdScope}
           AND NOT EXISTS (SELECT 1 FROM payment_methods WHERE user_id = ${householdId} AND ${householdScope})
           AND NOT EXISTS (SELECT 1 FROM billing_profiles WHERE user_id = ${saverId} AND ${householdScope})`,
  )
  await queryInTransaction(req, sql`UPDATE billing_profiles SET autopay_enabled = false WHERE user_id IN (${householdId}, ${saverId}) AND ${householdScope}`)
  return moved
}

const cardWords = (card: CardRow) =>
  `${card.card_brand ? card.card_brand[0]!.toUpperCase() + card.card_brand.slice(1) : 'Card'} ending ${card.last_four ?? '····'}`

function cardLeftMail(input: { academyName: string; to: User; saver: User; card: string; isSaver: boolean }): MailContent {
  return composeMail({
    academyName: input.academyName,
    subject: `Autopay is off: the saved card left the household`,
    greeting: `Hello ${input.to.fullName},`,
    blocks: input.isSaver
      ? [
          `You are no longer a guardian of the household at ${input.academyName}, so the card you saved for it (${input.card}) left with you and autopay is off. The household will not charge it again.`,
          'The card is still yours: you can see or remove it on your Account page.',
        ]
      : [
          `${input.saver.fullName} is no longer a guardian of your household at ${input.academyName}, so the card they saved (${input.card}) left with them and autopay is off.`,
          'Until a guardian with full access saves a card and turns autopay on, invoices are paid on the Billing page.',
        ],
  })
}

/**
 * The card `saver` saved for `householdId` leaves with them (see above); `remainingId` is the
 * household afterwards (its account may have changed hands). Mails and the event are written in
 * the open transaction, so a refused change tells nobody. `mailSaver` false: an account deleted.
 */
export async function cardLeavesWithSaver(
  req: PayloadRequest,
  input: { householdId: number; remainingId: number; saver: User; actor: User; mailSaver: boolean },
): Promise<void> {
  const moved = await moveCardsToSaver(req, input.householdId, input.saver.id)
  if (moved.length === 0) return
  const card = cardWords(moved[0]!)
  await recordHouseholdEvent(req, {
    household: input.remainingId,
    action: 'card-left',
    actor: input.actor,
    subject: `${card}, saved by ${input.saver.fullName}: left with them, autopay off`,
  })
  const academy = await academyName(req.payload)
  const { guardians } = await loadHousehold(req, input.remainingId)
  // Money mail, like a declined charge (decisions §12): sent whatever the notification choices.
  const told = guardians.filter((user) => user.id !== input.saver.id && accessOf(user) === 'full' && user.email)
  for (const guardian of told)
    await sendMail(req, guardian.email, cardLeftMail({ academyName: academy, to: guardian, saver: input.saver, card, isSaver: false }))
  if (input.mailSaver && input.saver.email)
    await sendMail(req, input.saver.email, cardLeftMail({ academyName: academy, to: input.saver, saver: input.saver, card, isSaver: true }))
}

/** The household's card no longer charges while the guardian who saved it is view-only (decisions §39). */
export async function pauseCardOf(req: PayloadRequest, householdId: number, saverId: number): Promise<boolean> {
  const paused = await queryInTransaction<{ id: number }>(
    req,
    sql`UPDATE billing_profiles SET autopay_enabled = false
         WHERE user_id = ${householdId} AND ${householdScope} AND autopay_enabled
           AND EXISTS (SELECT 1 FROM payment_methods WHERE user_id = ${householdId} AND ${householdScope} AND COALESCE(saved_by, user_id) = ${saverId})
     RETURNING id`,
  )
  return paused.length > 0
}
