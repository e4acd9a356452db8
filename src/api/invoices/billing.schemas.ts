// The statuses, kinds and ways of paying live below cms/ and the slices (src/shared/statuses.ts).
import { OFFLINE_METHOD_LABELS, type InvoiceKind, type OfflineMethod } from '#shared/statuses'

export {
  CREDIT_STATUSES,
  INVOICE_KINDS,
  INVOICE_STATUSES,
  OFFLINE_METHOD_LABELS,
  OFFLINE_METHODS,
  PAYMENT_STATUSES,
  type CreditStatus,
  type InvoiceKind,
  type InvoiceStatus,
  type OfflineMethod,
  type PaymentStatus,
} from '#shared/statuses'

/** The largest invoice the academy issues, in dollars; anything beyond is a typo. */
export const MAX_INVOICE_AMOUNT = 1_000_000

/** The kinds POST /api/invoices accepts: a late fee is never typed by hand. */
export const CREATABLE_INVOICE_KINDS = ['manual', 'tuition'] as const satisfies readonly InvoiceKind[]

/**
 * How a payment was made, as the family's history and statement show it: 'stripe' is a card
 * payment; 'offline' one the academy recorded, named by how it was paid.
 */
export function paymentMethodLabel(method: string, offline?: { method: OfflineMethod } | null): string {
  if (method === 'offline' && offline) return `${OFFLINE_METHOD_LABELS[offline.method]} (recorded by the academy)`
  if (method === 'stripe') return 'Card'
  return method.charAt(0).toUpperCase() + method.slice(1)
}
