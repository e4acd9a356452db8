import type { InvoiceStatus } from '#api/invoices/billing.schemas'

/** The filters of the family's one invoice list: every invoice, or by what it asks of the family. */
export const INVOICE_FILTERS = [
  { id: 'all', label: 'All' },
  { id: 'owed', label: 'Owed' },
  { id: 'paid', label: 'Paid' },
  { id: 'void', label: 'Void' },
] as const
export type InvoiceFilter = (typeof INVOICE_FILTERS)[number]['id']

/** Owed: pending or overdue (what the pay form offers); void: cancelled by the academy. */
const FILTER_OF: Record<InvoiceStatus, Exclude<InvoiceFilter, 'all'>> = { pending: 'owed', overdue: 'owed', paid: 'paid', cancelled: 'void' }

export function matchesFilter(status: InvoiceStatus, filter: InvoiceFilter): boolean {
  return filter === 'all' || FILTER_OF[status] === filter
}

/** How many invoices each filter shows. */
export function countByFilter(invoices: readonly { status: InvoiceStatus }[]): Record<InvoiceFilter, number> {
  const counts: Record<InvoiceFilter, number> = { all: invoices.length, owed: 0, paid: 0, void: 0 }
  for (const invoice of invoices) counts[FILTER_OF[invoice.status] ?? 'void'] += 1
  return counts
}

/** What an empty filter says. */
export function emptyFilterText(filter: InvoiceFilter): string {
  if (filter === 'owed') return 'Nothing is owed.'
  if (filter === 'paid') return 'No paid invoices yet.'
  if (filter === 'void') return 'No invoice has been voided.'
  return 'No invoices yet.'
}
