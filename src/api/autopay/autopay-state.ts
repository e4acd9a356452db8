import { sql } from '@payloadcms/db-postgres'
import { createLocalReq, type Payload, type PayloadRequest, type Where } from 'payload'

import type { AutopayAttempt, BillingProfile, Invoice, PaymentMethod, User } from '#cms/payload-types'
import type { StatementAutopayDto, AutopayChargeDto, AutopayStateDto, SavedCardDto } from './schemas'
import { AUTOPAY_CATCH_UP_DAYS, brandName, nextAttemptDay, type AttemptFacts } from '#shared/autopay'
import { addDays, calendarDay } from '#shared/dates'
import { centsToDollars, dollarsToCents } from '#shared/money'
import { inTransaction, queryInTransaction } from '#api/lib/database'
import { academyToday } from '#api/lib/academy-clock'
import { readTuitionSettings } from '#api/studio'
import { chargeableBy, saverStands, type CardKey } from './card-holder'

/**
 * Saved cards and autopay (decisions §12). The card is saved through a Stripe SetupIntent
 * confirmed in the browser (the Payment Element): our server keeps Stripe's ids, the brand, the
 * last four digits and the expiry. On the billing day `chargeDueAutopay` charges the saved card
 * off-session; a charge is recorded only when Stripe says it succeeded (payment-recording.ts).
 */

export const UNPAID: Invoice['status'][] = ['pending', 'overdue']

// ---- reading ------------------------------------------------------------------------------

/** The rows of one holder (card-holder.ts): a household's account and a guardian's own are apart, even for one user. */
const holderRows = (key: Pick<CardKey, 'userId' | 'scope'>): Where => ({
  and: [
    { user: { equals: key.userId } },
    key.scope === 'guardian' ? { scope: { equals: 'guardian' } } : { or: [{ scope: { equals: 'household' } }, { scope: { exists: false } }] },
  ],
})

export async function findProfile(payload: Payload, key: Pick<CardKey, 'userId' | 'scope'>, req?: PayloadRequest): Promise<BillingProfile | null> {
  const found = await payload.find({ collection: 'billing-profiles', where: holderRows(key), limit: 1, depth: 0, overrideAccess: true, req })
  return (found.docs[0] as BillingProfile | undefined) ?? null
}

export async function findCards(payload: Payload, key: Pick<CardKey, 'userId' | 'scope'>, req?: PayloadRequest): Promise<PaymentMethod[]> {
  const found = await payload.find({
    collection: 'payment-methods',
    where: holderRows(key),
    sort: '-createdAt',
    limit: 0,
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  return found.docs as PaymentMethod[]
}

export function toCardDto(card: PaymentMethod | undefined): SavedCardDto | null {
  if (!card) return null
  return { brand: card.cardBrand ?? 'card', lastFour: card.lastFour ?? '', expiryMonth: card.expiryMonth ?? 0, expiryYear: card.expiryYear ?? 0 }
}

export async function attemptsOf(payload: Payload, invoiceIds: number[]): Promise<Map<number, AutopayAttempt[]>> {
  const byInvoice = new Map<number, AutopayAttempt[]>(invoiceIds.map((id) => [id, []]))
  if (invoiceIds.length === 0) return byInvoice
  const found = await payload.find({
    collection: 'autopay-attempts',
    where: { invoiceId: { in: invoiceIds } },
    limit: 0,
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  for (const attempt of found.docs as AutopayAttempt[]) byInvoice.get(attempt.invoiceId)?.push(attempt)
  return byInvoice
}

export const facts = (attempts: AutopayAttempt[]): AttemptFacts[] => attempts.map((a) => ({ attempt: a.attempt, status: a.status, day: a.day }))

export async function unpaidTuition(payload: Payload, userId: number, upTo?: string): Promise<Invoice[]> {
  const found = await payload.find({
    collection: 'invoices',
    where: {
      and: [
        { userId: { equals: userId } },
        { kind: { equals: 'tuition' } },
        { status: { in: UNPAID } },
        ...(upTo ? [{ dueDate: { less_than_equal: `${upTo}T23:59:59.999Z` } }] : []),
      ],
    },
    sort: 'dueDate',
    limit: 0,
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  return found.docs as Invoice[]
}

/**
 * A holder's autopay as /account shows it (and an administrator, for any family): the upcoming
 * charges are the household's unpaid invoices this card pays (card-holder.ts `chargeableBy`).
 */
export async function readAutopayState(payload: Payload, key: CardKey, viewerId: number | null = null): Promise<AutopayStateDto> {
  const [profile, cards, settings] = await Promise.all([findProfile(payload, key), findCards(payload, key), readTuitionSettings(payload)])
  const card = toCardDto(cards[0])
  const saverId = cards[0] ? (cards[0].savedBy ?? key.userId) : null
  const saver =
    saverId === null
      ? null
      : ((await payload.findByID({ collection: 'users', id: saverId, depth: 0, overrideAccess: true, disableErrors: true })) as User | null)
  const savedBy = saverId === null ? null : { fullName: saver?.fullName ?? 'A former guardian', you: saverId === viewerId }
  const enabled = Boolean(profile?.autopayEnabled && cards[0] && (await saverStands(payload, key, cards[0])))
  const upcoming: AutopayChargeDto[] = []
  if (enabled) {
    const today = academyToday()
    const invoices = await chargeableBy(payload, key, await unpaidTuition(payload, key.householdId))
    const attempts = await attemptsOf(
      payload,
      invoices.map((i) => i.id),
    )
    for (const invoice of invoices) {
      const dueDate = calendarDay(invoice.dueDate)
      const made = facts(attempts.get(invoice.id) ?? [])
      // Past its catch-up days without an attempt, an invoice is the family's to pay on /billing.
      if (made.length === 0 && today > addDays(dueDate, AUTOPAY_CATCH_UP_DAYS)) continue
      const next = nextAttemptDay(dueDate, made)
      if (!next) continue
      upcoming.push({ invoiceId: invoice.id, description: invoice.description, amount: centsToDollars(invoice.amountCents), date: next < today ? today : next })
    }
  }
  return { enabled, card, billingDay: settings.billingDay, upcoming, ownCard: key.scope === 'guardian', savedBy }
}

// ---- the family's card --------------------------------------------------------------------

/** Runs `work` in a transaction holding the holder's billing lock: card and autopay changes take turns. */
export async function withFamilyLock<T>(payload: Payload, key: Pick<CardKey, 'userId' | 'scope'>, work: (req: PayloadRequest) => Promise<T>): Promise<T> {
  const req = await createLocalReq({}, payload)
  const name = key.scope === 'household' ? `billing-profile:${key.userId}` : `billing-profile:guardian:${key.userId}`
  return inTransaction(req, async () => {
    await queryInTransaction(req, sql`SELECT pg_advisory_xact_lock(hashtextextended(${name}, 0))`)
    return work(req)
  })
}

// ---- charging -----------------------------------------------------------------------------

/**
 * The statement's autopay part (GET /api/billing/statement): the card and the next charge, an
 * unpaid tuition invoice autopay will still charge or else the next month's estimate on its
 * billing day; null when autopay is off, or nothing is left for it to charge.
 */
export async function statementAutopay(
  payload: Payload,
  key: number | CardKey,
  next: { billingDate: string; estimatedCents: number } | null,
): Promise<StatementAutopayDto | null> {
  const state = await readAutopayState(payload, typeof key === 'number' ? { scope: 'household', userId: key, householdId: key } : key)
  if (!state.enabled || !state.card) return null
  const card = { cardBrand: state.card.brand ? brandName(state.card.brand) : null, cardLast4: state.card.lastFour }
  const due = state.upcoming[0]
  if (due) return { ...card, chargeDate: due.date, amountCents: dollarsToCents(due.amount) }
  if (next) return { ...card, chargeDate: next.billingDate, amountCents: next.estimatedCents }
  return null
}
