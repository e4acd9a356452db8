import { useState } from 'react'

import type { InvoiceDto } from '#api/invoices/schemas'
import { useInvoicePage } from '#islands/api/invoices/admin-list-invoices'
import { useInvoicePayments } from '#islands/api/payments/admin-list-invoice-payments'
import { isItemised } from '#islands/lib/invoice-lines'
import { calendarDay, formatCalendarDay } from '#shared/dates'
import { formatDollars } from '#shared/money'
import { ErrorCard } from '#islands/components/ui/Alert'
import { Empty, Loading } from '#islands/components/ui/LoadState'
import { useLoadFailureToast } from '#islands/components/ui/Toast'
import { SectionHeader } from '#islands/components/ui/SectionHeader'
import { Pager } from '#islands/components/ui/Pager'
import { useClampedPage, useDebouncedValue, usePageSize } from '#islands/lib/use-list-paging'
import { scrollToTop } from '#islands/lib/scroll'
import { BUTTON, CARD, SCROLL_LIST, TABLE, TD } from '#islands/components/ui/styles'
import { TableHead } from '#islands/components/ui/TableHead'
import { CreateInvoiceDialog } from './CreateInvoiceDialog'
import { InvoiceActions } from './InvoiceActions'
import { InvoiceFilters, NO_FILTERS, type InvoiceFilterValues } from './InvoiceFilters'
import { InvoiceLinesToggle } from './InvoiceLinesToggle'
import { InvoiceStatusBadge } from './InvoiceStatusBadge'
import { RefundNote, refundsByInvoice } from './RefundNote'
import { shownOf } from '#shared/plural'

const LOAD_FAILED = 'Failed to load invoices. Please try again.'

export function InvoicesTab() {
  // Issue 23: the server searches, filters and pages; the search asks once the typing pauses.
  const [filters, setFilters] = useState<InvoiceFilterValues>(NO_FILTERS)
  const [page, setPage] = useState(1)
  const pageSize = usePageSize()
  const q = useDebouncedValue(filters.q)
  const invoices = useInvoicePage({ ...filters, q, page, pageSize })
  useClampedPage(page, invoices.data?.pageCount, setPage)
  // The refunds and reversals each invoice shows: the payments of the invoices on this page only (issue 23).
  const refunds = refundsByInvoice(useInvoicePayments((invoices.data?.items ?? []).map((invoice) => invoice.id)).data)
  const [creating, setCreating] = useState(false)
  useLoadFailureToast(invoices.isError, LOAD_FAILED)

  const rows = invoices.data?.items ?? []
  const filtered = filters.q.trim() !== '' || filters.status !== '' || filters.month !== ''
  function changeFilters(next: InvoiceFilterValues) {
    setFilters(next)
    setPage(1)
  }
  function changePage(next: number) {
    setPage(next)
    // Another page is another view: back to the top, as on a page change (spec §2).
    scrollToTop()
  }
  return (
    <section aria-labelledby="invoices-heading">
      <SectionHeader
        id="invoices-heading"
        title="Invoices"
        action={
          <button type="button" className={BUTTON.primary} onClick={() => setCreating(true)}>
            Create Invoice
          </button>
        }
      >
        Every family&apos;s invoices, newest first. Amounts are in US dollars.
      </SectionHeader>
      <InvoiceFilters values={filters} onChange={changeFilters} />

      {invoices.isPending ? (
        <Loading label="Loading invoices…" />
      ) : invoices.isError ? (
        <ErrorCard retryLabel="Try again" message={LOAD_FAILED} onRetry={() => invoices.refetch()} />
      ) : rows.length === 0 ? (
        <Empty>{filtered ? 'No invoice matches these filters.' : 'No invoices yet. Create one with the Create Invoice button.'}</Empty>
      ) : (
        <>
          <p className="mb-2 text-sm text-gray-700" aria-live="polite" data-invoice-count>
            {shownOf(invoices.data, 'invoice')}
          </p>
          <div className={`hidden md:block ${SCROLL_LIST}`} role="region" aria-label="Invoices table" tabIndex={0}>
            <table className={TABLE}>
              <TableHead columns={['ID', 'Description', { label: 'Amount', align: 'right' }, 'Status', 'Actions']} />
              <tbody>
                {rows.map((invoice) => (
                  <tr key={invoice.id} data-invoice-id={invoice.id}>
                    <td className={`${TD} font-mono`}>#{invoice.id}</td>
                    <td className={TD}>
                      <p className="font-medium">{invoice.description}</p>
                      <p className="text-gray-700">
                        {invoice.payerName ?? `Account ${invoice.userId}`} · Due {formatCalendarDay(invoice.dueDate)}
                        {invoice.period ? ` · ${invoice.period}` : null}
                      </p>
                      <VoidNote invoice={invoice} />
                      <RefundNote refunds={refunds.get(invoice.id)} />
                      {isItemised(invoice) ? <InvoiceLinesToggle invoice={invoice} className="mt-1" /> : null}
                    </td>
                    <td className={`${TD} text-right font-semibold tabular-nums`}>{formatDollars(invoice.amount)}</td>
                    <td className={TD}>
                      <InvoiceStatusBadge status={invoice.status} />
                    </td>
                    <td className={TD}>
                      <InvoiceActions invoice={invoice} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <ul className={`space-y-3 p-3 md:hidden ${SCROLL_LIST}`} aria-label="Invoices">
            {rows.map((invoice) => (
              <li key={invoice.id} className={CARD} data-invoice-id={invoice.id}>
                <div className="flex items-start justify-between gap-3">
                  <div>
                    <p className="font-medium">{invoice.description}</p>
                    <p className="text-sm text-gray-700">
                      #{invoice.id} · {invoice.payerName ?? `Account ${invoice.userId}`}
                    </p>
                    <p className="text-sm text-gray-700">
                      Due {formatCalendarDay(invoice.dueDate)}
                      {invoice.period ? ` · ${invoice.period}` : null}
                    </p>
                  </div>
                  <div className="text-right">
                    <p className="font-semibold tabular-nums">{formatDollars(invoice.amount)}</p>
                    <InvoiceStatusBadge status={invoice.status} />
                  </div>
                </div>
                <VoidNote invoice={invoice} />
                <RefundNote refunds={refunds.get(invoice.id)} />
                {isItemised(invoice) ? <InvoiceLinesToggle invoice={invoice} className="mt-2" /> : null}
                <div className="mt-3">
                  <InvoiceActions invoice={invoice} />
                </div>
              </li>
            ))}
          </ul>
          <Pager label="Invoices" page={page} pageCount={invoices.data.pageCount} busy={invoices.isPlaceholderData} onPage={changePage} />
        </>
      )}

      <CreateInvoiceDialog open={creating} onClose={() => setCreating(false)} />
    </section>
  )
}

/** Who voided an invoice is the server's record; the console shows why. */
function VoidNote({ invoice }: { invoice: InvoiceDto }) {
  if (!invoice.voidReason) return null
  return (
    <p className="mt-1 text-sm text-gray-700">
      Voided{invoice.voidedAt ? ` ${formatCalendarDay(calendarDay(invoice.voidedAt))}` : ''}: {invoice.voidReason}
    </p>
  )
}
