import { addDays } from './dates'

/**
 * When autopay charges an invoice (decisions §12). Attempt 1 is on the invoice's due date (the
 * tuition billing day); a run that missed that day still makes it within CATCH_UP_DAYS. After a
 * declined attempt the card is tried again 3 and 7 days after the first attempt, then no more.
 * A charge that asks for 3D Secure is never retried off-session: the family finishes it.
 */
export const AUTOPAY_RETRY_AFTER_DAYS = [3, 7] as const
export const AUTOPAY_MAX_ATTEMPTS = AUTOPAY_RETRY_AFTER_DAYS.length + 1
export const AUTOPAY_CATCH_UP_DAYS = 2

export type AttemptFacts = { attempt: number; status: 'processing' | 'succeeded' | 'failed' | 'requires_action'; day: string }

/** The attempt number due `today` for an unpaid invoice due on `dueDate`, or null when none is. */
export function dueAttempt(dueDate: string, today: string, attempts: AttemptFacts[]): number | null {
  if (today < dueDate) return null
  if (attempts.length === 0) return today <= addDays(dueDate, AUTOPAY_CATCH_UP_DAYS) ? 1 : null
  if (attempts.some((a) => a.status !== 'failed')) return null
  const first = attempts.reduce((a, b) => (a.attempt <= b.attempt ? a : b))
  const last = attempts.reduce((a, b) => (a.attempt >= b.attempt ? a : b))
  if (last.attempt >= AUTOPAY_MAX_ATTEMPTS) return null
  const retryDay = addDays(first.day, AUTOPAY_RETRY_AFTER_DAYS[last.attempt - 1]!)
  return today >= retryDay ? last.attempt + 1 : null
}

/** The day the next automatic attempt will be made, after `attempts` (none yet: the due date), or null. */
export function nextAttemptDay(dueDate: string, attempts: AttemptFacts[]): string | null {
  if (attempts.length === 0) return dueDate
  if (attempts.some((a) => a.status !== 'failed')) return null
  const first = attempts.reduce((a, b) => (a.attempt <= b.attempt ? a : b))
  const last = attempts.reduce((a, b) => (a.attempt >= b.attempt ? a : b))
  if (last.attempt >= AUTOPAY_MAX_ATTEMPTS) return null
  return addDays(first.day, AUTOPAY_RETRY_AFTER_DAYS[last.attempt - 1]!)
}

/** 1 → '1st', 2 → '2nd', 11 → '11th', 23 → '23rd'. */
export function ordinalDay(n: number): string {
  const rest = n % 100
  if (rest >= 11 && rest <= 13) return `${n}th`
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`
}

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' }

/** Stripe's brand ('visa') as people write it ('Visa'). */
export function brandName(brand: string): string {
  return BRANDS[brand] ?? (brand ? brand[0]!.toUpperCase() + brand.slice(1) : 'Card')
}

/** When a card expires, as printed on it: '04/2030'. */
export function cardExpiry(card: { expiryMonth: number; expiryYear: number }): string {
  return `${String(card.expiryMonth).padStart(2, '0')}/${card.expiryYear}`
}

/** 'Visa ending in 4242'. */
export function cardLabel(card: { brand: string; lastFour: string }): string {
  return `${brandName(card.brand)} ending in ${card.lastFour}`
}

/** What the autopay switch says it does (decisions §12): what it charges, to which card, and when. */
export function autopayExplanation(input: { enabled: boolean; card: { brand: string; lastFour: string } | null; billingDay: number }): string {
  if (!input.card) return 'Save a card to turn on autopay.'
  const when = `on the ${ordinalDay(input.billingDay)} of each month (the billing day)`
  if (!input.enabled) return `Off. When on, each monthly tuition invoice is charged to your ${cardLabel(input.card)} ${when}.`
  return `On. Each monthly tuition invoice is charged to your ${cardLabel(input.card)} ${when}. If a charge fails we email you and try again 3 and 7 days later.`
}
