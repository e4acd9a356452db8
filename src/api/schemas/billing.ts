export const INVOICE_STATUSES = ['pending', 'paid', 'overdue', 'cancelled'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

export const PAYMENT_STATUSES = ['completed', 'pending', 'failed'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** The largest invoice the academy issues, in dollars; anything beyond is a typo. */
export const MAX_INVOICE_AMOUNT = 1_000_000

/** How an invoice came to be: typed by an administrator, or made by the monthly tuition run. */
export const INVOICE_KINDS = ['manual', 'tuition'] as const
export type InvoiceKind = (typeof INVOICE_KINDS)[number]
