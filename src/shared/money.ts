/**
 * Money, the one formatter and converter of the code base (server and browser).
 *
 * Amounts are integer cents wherever they are stored or computed (architecture: money). The
 * contract shows invoice and payment amounts in dollars with 2 decimals (spec §3); the
 * conversions below are the only places a dollar amount becomes cents or back.
 */

/** Dollars (API) → integer cents; never floats in the database. */
export function dollarsToCents(dollars: number): number {
  // 1.005 * 100 is 100.49999…; rounding the product to 6 places first removes the binary noise.
  return Math.round(Number((dollars * 100).toFixed(6)))
}

/** Integer cents → dollars for the contract's `amount` fields. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100
}

/**
 * True when a dollar amount has at most 2 decimals. Binary noise below a millionth of a cent
 * (0.1 + 0.2 = 0.30000000000000004) is not a third decimal; 1.005 is.
 */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  return Number.isInteger(Number((dollars * 100).toFixed(6)))
}

/**
 * A dollar amount typed by a person ('25', '25.5', '1,250.00') as integer cents, read from its
 * digits (no floating point), or null when it is not a plain non-negative amount with at most
 * 2 decimals.
 */
export function parseDollarsToCents(text: string): number | null {
  const match = /^\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!match) return null
  const whole = Number(match[1]!.replace(/,/g, ''))
  const cents = Number((match[2] ?? '').padEnd(2, '0'))
  const total = whole * 100 + cents
  return Number.isSafeInteger(total) ? total : null
}

const group = (whole: number) => whole.toLocaleString('en-US')

/** Integer cents as dollars and cents, with integer arithmetic only: 123456 → '$1,234.56', -500 → '−$5.00'. */
export function formatCents(cents: number): string {
  const value = Math.round(cents)
  const abs = Math.abs(value)
  const text = `$${group(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`
  return value < 0 ? `−${text}` : text
}

/** A dollar amount of the contract (invoices, payments) with 2 decimals: 120 → '$120.00'. */
export function formatDollars(amount: number): string {
  return formatCents(dollarsToCents(amount))
}

/** Catalogue price (spec §9): whole dollars per month, from integer cents: 6500 → '$65/mo'. */
export function formatMonthlyPrice(cents: number): string {
  // Half a dollar rounds up: (cents + 50) / 100 in whole numbers.
  return `$${group(Math.floor((Math.round(cents) + 50) / 100))}/mo`
}

/** The enrolled list (spec §9): '$65.00/month'. */
export function formatPricePerMonth(cents: number): string {
  return `${formatCents(cents)}/month`
}
