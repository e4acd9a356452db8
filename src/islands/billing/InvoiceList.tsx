import type { InvoiceDto } from '#api/invoices/schemas'
import { InvoiceLines } from '#islands/components/InvoiceLines'
import { isItemised } from '#islands/lib/invoice-lines'
import { formatCalendarDay } from '#shared/dates'
import { formatDollars } from '#shared/money'

import { invoiceStatusBadge } from './billing-format'

/**
 * The family's invoices, newest first, each with what it is made of (tuition, discounts, fees),
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
  if (invoices.length === 0) return null
  return (
    <section aria-labelledby={headingId} className="mt-8 space-y-3">
      <h2 id={headingId} className="font-serif text-2xl text-ink">
        Your invoices
      </h2>
      <ul className="space-y-3" aria-labelledby={headingId}>
        {invoices.map((invoice) => {
          const badge = invoiceStatusBadge(invoice.status)
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
              {autopay?.has(invoice.id) ? (
                <p className="mt-2 text-sm font-medium text-brand-800">
                  Autopay: charged to your {autopay.get(invoice.id)!.card} on {formatCalendarDay(autopay.get(invoice.id)!.date)}.
                </p>
              ) : null}
              {isItemised(invoice) ? <InvoiceLines invoice={invoice} className="mt-3" /> : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
