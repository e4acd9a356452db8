import { useId, useState } from 'react'

import type { InvoiceDto } from '#api/invoices/schemas'
import { InvoiceLines } from '#islands/components/InvoiceLines'
import { isItemised } from '#islands/lib/invoice-lines'
import { formatCalendarDay } from '#shared/dates'
import { formatDollars } from '#shared/money'

import { invoiceStatusBadge } from './billing-format'
import { countByFilter, emptyFilterText, INVOICE_FILTERS, matchesFilter, type InvoiceFilter } from './invoice-filter'

/**
 * The family's invoices, newest first, in one list with a status filter (all, owed, paid,
 * void, each with its count): each with what it is made of (tuition, discounts, fees, and why)
 * and, for those autopay will charge, the card and the day (decisions §12).
 */
export function InvoiceList({
  invoices,
  headingId,
  autopay,
}: {
  invoices: InvoiceDto[]
  headingId: string
  /** Invoice id → when autopay charges it and to which card. */
  autopay?: Map<number, { date: string; card: string }>
}) {
  const id = useId()
  const [filter, setFilter] = useState<InvoiceFilter>('all')
  if (invoices.length === 0) return null
  const counts = countByFilter(invoices)
  const shown = invoices.filter((invoice) => matchesFilter(invoice.status, filter))
  return (
    <section aria-labelledby={headingId} className="mt-8 space-y-3">
      <h2 id={headingId} className="font-serif text-2xl text-ink">
        Your invoices
      </h2>
      <div role="group" aria-label="Show invoices" className="flex flex-wrap gap-2">
        {INVOICE_FILTERS.map((option) => (
          <button
            key={option.id}
            type="button"
            aria-pressed={filter === option.id}
            aria-controls={`${id}-list`}
            onClick={() => setFilter(option.id)}
            className={`min-h-11 rounded-full border px-4 text-sm font-semibold ${
              filter === option.id ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-400 bg-white text-ink hover:bg-gray-50'
            }`}
          >
            {option.label} ({counts[option.id]})
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <p id={`${id}-list`} className="rounded-xl bg-gray-50 px-4 py-3 text-gray-800">
          {emptyFilterText(filter)}
        </p>
      ) : (
        <ul id={`${id}-list`} className="space-y-3" aria-labelledby={headingId}>
          {shown.map((invoice) => {
            const badge = invoiceStatusBadge(invoice.status)
            const charge = autopay?.get(invoice.id)
            return (
              <li key={invoice.id} className="rounded-2xl border border-gray-200 bg-gray-50 p-4" data-invoice-id={invoice.id}>
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-medium text-ink">{invoice.description}</p>
                    <p className="text-sm text-gray-700">Due {formatCalendarDay(invoice.dueDate)}</p>
                    {invoice.voidReason ? <p className="text-sm text-gray-700">Voided by the academy: {invoice.voidReason}</p> : null}
                  </div>
                  <div className="shrink-0 text-right">
                    <p className="font-semibold tabular-nums">{formatDollars(invoice.amount)}</p>
                    <span className={badge.className}>{badge.label}</span>
                  </div>
                </div>
                {charge ? (
                  <p className="mt-2 text-sm font-medium text-brand-800">
                    Autopay: charged to your {charge.card} on {formatCalendarDay(charge.date)}.
                  </p>
                ) : null}
                {isItemised(invoice) ? <InvoiceLines invoice={invoice} className="mt-3" /> : null}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
