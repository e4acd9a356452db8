export const INVOICE_STATUSES = ['pending', 'paid', 'overdue', 'cancelled'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

/**
 * 'refunded': a card payment that arrived for an invoice already paid or voided, refunded at
 * Stripe automatically (decisions §5), or a card payment an administrator reversed (refunded at
 * Stripe); 'reversed': an offline payment an administrator reversed (a bounced cheque, a payment
 * recorded in error). Neither ever counts towards what the family paid (decisions §10).
 */
export const PAYMENT_STATUSES = ['completed', 'pending', 'failed', 'refunded', 'reversed'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** The largest invoice the academy issues, in dollars; anything beyond is a typo. */
export const MAX_INVOICE_AMOUNT = 1_000_000

/**
 * How an invoice came to be: typed by an administrator, made by the monthly tuition run, or the
 * late fee of an overdue invoice (decisions §10), which only the server issues.
 */
export const INVOICE_KINDS = ['manual', 'tuition', 'late-fee'] as const
export type InvoiceKind = (typeof INVOICE_KINDS)[number]

/** The kinds POST /api/invoices accepts: a late fee is never typed by hand. */
export const CREATABLE_INVOICE_KINDS = ['manual', 'tuition'] as const satisfies readonly InvoiceKind[]

/** Ways a family pays outside the card form (decisions §10), recorded by an administrator. */
export const OFFLINE_METHODS = ['cash', 'cheque', 'bank-transfer', 'other'] as const
export type OfflineMethod = (typeof OFFLINE_METHODS)[number]
export const OFFLINE_METHOD_LABELS: Record<OfflineMethod, string> = { cash: 'Cash', cheque: 'Cheque', 'bank-transfer': 'Bank transfer', other: 'Other' }

/**
 * How a payment was made, as the family's history and statement show it: 'stripe' is a card
 * payment; 'offline' one the academy recorded, named by how it was paid.
 */
export function paymentMethodLabel(method: string, offline?: { method: OfflineMethod } | null): string {
  if (method === 'offline' && offline) return `${OFFLINE_METHOD_LABELS[offline.method]} (recorded by the academy)`
  if (method === 'stripe') return 'Card'
  return method.charAt(0).toUpperCase() + method.slice(1)
}

/** A credit is open (what is left of it goes on the next tuition invoices) or cancelled by an administrator. */
export const CREDIT_STATUSES = ['open', 'cancelled'] as const
export type CreditStatus = (typeof CREDIT_STATUSES)[number]
