import { z } from 'zod'

/**
 * Saved cards and autopay (decisions §12), shared by the account and billing islands and the
 * server. Card data goes from the Payment Element to Stripe; the server keeps the brand, the
 * last four digits and the expiry.
 */

export const AUTOPAY_NEEDS_CARD = 'Save a card before turning on autopay.'
export const SETUP_INTENT_REQUIRED = 'The card setup reference is missing. Please try saving the card again.'
export const SETUP_NOT_FINISHED = 'Your card was not saved: the bank has not confirmed it yet. Please try again.'
export const SETUP_NOT_YOURS = 'This card setup does not belong to your account.'
export const NO_SAVED_CARD = 'You have no saved card.'
/** Decisions §39: a card is charged only while the guardian who saved it keeps autopay on. */
export const AUTOPAY_NOT_YOUR_CARD = 'Only the guardian who saved this card can turn autopay on for it. You can save a card of your own instead.'

export { AUTOPAY_ATTEMPT_STATUSES, type AutopayAttemptStatus } from '#shared/statuses'

export const saveCardSchema = z.object({
  setupIntentId: z.string({ error: SETUP_INTENT_REQUIRED }).regex(/^seti_[A-Za-z0-9_]{1,250}$/, SETUP_INTENT_REQUIRED),
})
export type SaveCardInput = z.infer<typeof saveCardSchema>

export const autopayToggleSchema = z.object({ enabled: z.boolean({ error: 'Say whether autopay is on (true) or off (false).' }) })
export type AutopayToggleInput = z.infer<typeof autopayToggleSchema>

export type SavedCardDto = { brand: string; lastFour: string; expiryMonth: number; expiryYear: number }

/** The next automatic charge: which invoice, how much (dollars) and on which day (YYYY-MM-DD). */
export type AutopayChargeDto = { invoiceId: number; description: string; amount: number; date: string }

export type AutopayStateDto = {
  enabled: boolean
  card: SavedCardDto | null
  /** The tuition billing day of the month (1–28): when autopay charges. */
  billingDay: number
  /** Unpaid tuition invoices autopay will still charge, earliest first. */
  upcoming: AutopayChargeDto[]
  /** The caller's own card under split billing (decisions §36), which pays only the invoices billed to them; false: the household's. */
  ownCard: boolean
  /** Who saved the card (decisions §39): only they turn autopay on for it; null without a card. `you`: the caller did. */
  savedBy: { fullName: string; you: boolean } | null
}

/** A guardian's own card as the office sees it; `stands`: it pays their invoices now (decisions §36). */
export type GuardianCardDto = AutopayStateDto & { guardianId: number; guardianName: string; stands: boolean }

/** An autopay attempt as the office sees it. */
export type AutopayAttemptDto = {
  invoiceId: number
  attempt: number
  day: string
  status: string
  amount: number
  paymentIntentId: string | null
  failureMessage: string | null
}

/** GET /api/admin/autopay/:id: the household's card and autopay, its last attempts, and the guardians' own cards. */
export type AdminAutopayDto = AutopayStateDto & { attempts: AutopayAttemptDto[]; guardianCards: GuardianCardDto[] }

export type SetupIntentDto = { clientSecret: string; setupIntentId: string }

export type AutopayRunResult = { attempted: number; succeeded: number; failed: number; requiresAction: number }

/**
 * How the next invoice will be paid when the family has autopay: the card it will be charged
 * to automatically and when ("charged automatically to card •••• 4242 on DATE"). Filled by the
 * autopay part of the tuition issue (saved cards, off-session charges); until a family has
 * autopay it is null, and the statement says that autopay is off.
 */
export type StatementAutopayDto = {
  cardBrand: string | null
  cardLast4: string
  /** `YYYY-MM-DD`. */
  chargeDate: string
  amountCents: number
}
