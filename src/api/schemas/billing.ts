export const INVOICE_STATUSES = ['pending', 'paid', 'overdue', 'cancelled'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

export const PAYMENT_STATUSES = ['completed', 'pending', 'failed'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** Dollars (API) ↔ integer cents (storage); never floats in the database (architecture: money). */
export function dollarsToCents(dollars: number): number {
  // 1.005 * 100 is 100.49999…; rounding the product to 6 places first removes the binary noise.
  return Math.round(Number((dollars * 100).toFixed(6)))
}

export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100
}

/** The largest invoice the academy issues, in dollars; anything beyond is a typo. */
export const MAX_INVOICE_AMOUNT = 1_000_000

/**
 * True when a dollar amount has at most 2 decimals. Binary noise below a millionth of a cent
 * (0.1 + 0.2 = 0.30000000000000004) is not a third decimal; 1.005 is.
 */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  return Number.isInteger(Number((dollars * 100).toFixed(6)))
}
