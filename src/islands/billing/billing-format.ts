import type { InvoiceStatus, PaymentStatus } from '#api/invoices/billing.schemas'
import { formatDollars } from '#shared/money'

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}

/** Spec §4: paid green, pending yellow, overdue red, cancelled grey. */
const INVOICE_BADGES: Record<InvoiceStatus, string> = {
  paid: 'bg-green-100 text-green-900 ring-green-300',
  pending: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  overdue: 'bg-red-100 text-red-900 ring-red-300',
  cancelled: 'bg-gray-100 text-gray-800 ring-gray-300',
}

/** Spec §4: completed green, pending yellow, failed red; refunded (decisions §5) and reversed (§10) grey. */
const PAYMENT_BADGES: Record<PaymentStatus, string> = {
  completed: 'bg-green-100 text-green-900 ring-green-300',
  pending: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  failed: 'bg-red-100 text-red-900 ring-red-300',
  refunded: 'bg-gray-100 text-gray-800 ring-gray-300',
  reversed: 'bg-gray-100 text-gray-800 ring-gray-300',
}

const BADGE = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset'

export function invoiceStatusBadge(status: InvoiceStatus): { label: string; className: string } {
  return { label: capitalise(status), className: `${BADGE} ${INVOICE_BADGES[status] ?? INVOICE_BADGES.cancelled}` }
}

export function paymentStatusBadge(status: PaymentStatus): { label: string; className: string } {
  return { label: capitalise(status), className: `${BADGE} ${PAYMENT_BADGES[status] ?? PAYMENT_BADGES.pending}` }
}

export { paymentMethodLabel } from '#api/invoices/billing.schemas'

/** An invoice can be paid by card unless it is paid already or cancelled. */
export function isPayable(status: InvoiceStatus): boolean {
  return status === 'pending' || status === 'overdue'
}

/** The dropdown's words for an invoice (spec §2: description, amount and status). */
export function invoiceOptionLabel(invoice: { description: string; amount: number; status: InvoiceStatus }): string {
  return `${invoice.description} — ${formatDollars(invoice.amount)} (${capitalise(invoice.status)})`
}
