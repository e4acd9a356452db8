import { useState } from 'react'

import type { InvoiceStatus } from '#api/invoices/billing.schemas'
import type { InvoiceDto } from '#api/invoices/schemas'
import { useDeleteInvoice } from '#islands/api/admin-delete-invoice'
import { useInvoicePage } from '#islands/api/admin-list-invoices'
import { usePayments } from '#islands/api/list-payments'
import { useUpdateInvoiceStatus } from '#islands/api/admin-update-invoice-status'
import { ApiError } from '#islands/lib/http'
import { isItemised } from '#islands/lib/invoice-lines'
import { formatCalendarDay } from '#shared/dates'
import { formatDollars } from '#shared/money'
import { isAdminUser } from '#shared/roles'
import { ErrorCard } from '#islands/components/ui/Alert'
import { ConfirmDialog } from '#islands/components/ui/Dialog'
import { Empty, Loading } from '#islands/components/ui/LoadState'
import { useLoadFailureToast, useNotify } from '#islands/components/ui/Toast'
import { SectionHeader } from '#islands/components/ui/SectionHeader'
import { Pager } from '#islands/components/ui/Pager'
import { useClampedPage, useDebouncedValue, usePageSize } from '#islands/lib/use-list-paging'
import { scrollToTop } from '#islands/lib/scroll'
import { BUTTON, CARD, SCROLL_LIST, TABLE, TD } from '#islands/components/ui/styles'
import { TableHead } from '#islands/components/ui/TableHead'
import { useViewer } from '#islands/admin/viewer'
import { CreateInvoiceDialog } from './CreateInvoiceDialog'
import { FamilyCreditsDialog, type CreditFamily } from './FamilyCreditsDialog'
import { InvoiceFilters, NO_FILTERS, type InvoiceFilterValues } from './InvoiceFilters'
import { InvoiceLinesToggle } from './InvoiceLinesToggle'
import { InvoiceStatusBadge } from './InvoiceStatusBadge'
import { MarkPaidOfflineDialog } from './MarkPaidOfflineDialog'
import { RefundNote, refundsByInvoice } from './RefundNote'
import { VoidInvoiceDialog } from './VoidInvoiceDialog'

const LOAD_FAILED = 'Failed to load invoices. Please try again.'
const DELETE_CONFIRMATION = 'Are you sure you want to delete this invoice? This action cannot be undone.'

type Actions = {
  setStatus: (invoice: InvoiceDto, status: InvoiceStatus) => void
  askDelete: (invoice: InvoiceDto) => void
  askVoid: (invoice: InvoiceDto) => void
  askMarkPaid: (invoice: InvoiceDto) => void
  openCredits: (invoice: InvoiceDto) => void
  busyId: number | null
}

export function InvoicesTab() {
  // Issue 23: the server searches, filters and pages; the search asks once the typing pauses.
  const [filters, setFilters] = useState<InvoiceFilterValues>(NO_FILTERS)
  const [page, setPage] = useState(1)
  const pageSize = usePageSize()
  const q = useDebouncedValue(filters.q)
  const invoices = useInvoicePage({ ...filters, q, page, pageSize })
  useClampedPage(page, invoices.data?.pageCount, setPage)
  // Every family's payments (the administrator's view of GET /api/payments), for the refunds each invoice shows.
  const refunds = refundsByInvoice(usePayments().data)
  const updateStatus = useUpdateInvoiceStatus()
  const remove = useDeleteInvoice()
  const notify = useNotify()
  const viewer = useViewer()
  const [creating, setCreating] = useState(false)
  const [deleting, setDeleting] = useState<InvoiceDto | null>(null)
  const [voiding, setVoiding] = useState<InvoiceDto | null>(null)
  const [markingPaid, setMarkingPaid] = useState<InvoiceDto | null>(null)
  const [creditFamily, setCreditFamily] = useState<CreditFamily | null>(null)
  useLoadFailureToast(invoices.isError, LOAD_FAILED)

  function setStatus(invoice: InvoiceDto, status: InvoiceStatus) {
    // Spec §6: the client checks the role too; the server refuses a non-admin anyway.
    if (!isAdminUser(viewer)) {
      notify({ title: 'Access Denied', text: 'You do not have permission to perform this action.', tone: 'error' })
      return
    }
    updateStatus.mutate(
      { id: invoice.id, status },
      {
        onSuccess: (updated) => notify({ title: 'Invoice Updated', text: `Invoice #${updated.id} status updated to "${updated.status}".` }),
        onError: (error) =>
          notify({
            title: 'Error',
            text: error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Failed to update invoice status. Please try again.',
            tone: 'error',
          }),
      },
    )
  }

  function confirmDelete() {
    if (!deleting) return
    const invoice = deleting
    remove.mutate(invoice.id, {
      onSuccess: () => notify({ title: 'Invoice Deleted', text: `Invoice #${invoice.id} (${invoice.description}) has been deleted.` }),
      onError: (error) =>
        notify({
          title: 'Error',
          text: error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Failed to delete invoice. Please try again.',
          tone: 'error',
        }),
      onSettled: () => setDeleting(null),
    })
  }

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
  const actions: Actions = {
    setStatus,
    askDelete: setDeleting,
    askVoid: setVoiding,
    askMarkPaid: setMarkingPaid,
    openCredits: (invoice) => setCreditFamily({ userId: invoice.userId, name: invoice.payerName ?? `Account ${invoice.userId}` }),
    busyId: updateStatus.isPending ? (updateStatus.variables?.id ?? null) : null,
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
            Showing {rows.length} of {invoices.data.total.toLocaleString('en-US')} invoices
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
                      <InvoiceActions invoice={invoice} actions={actions} />
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
                  <InvoiceActions invoice={invoice} actions={actions} />
                </div>
              </li>
            ))}
          </ul>
          <Pager label="Invoices" page={page} pageCount={invoices.data.pageCount} busy={invoices.isPlaceholderData} onPage={changePage} />
        </>
      )}

      <CreateInvoiceDialog open={creating} onClose={() => setCreating(false)} />
      <VoidInvoiceDialog invoice={voiding} onClose={() => setVoiding(null)} />
      <MarkPaidOfflineDialog invoice={markingPaid} onClose={() => setMarkingPaid(null)} />
      <FamilyCreditsDialog family={creditFamily} onClose={() => setCreditFamily(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete invoice?"
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? (
          <>
            <p>{DELETE_CONFIRMATION}</p>
            <p className="mt-2 font-medium">
              #{deleting.id} · {deleting.description} · {formatDollars(deleting.amount)}
            </p>
          </>
        ) : null}
      </ConfirmDialog>
    </section>
  )
}

/** Who voided an invoice is the server's record; the console shows why. */
function VoidNote({ invoice }: { invoice: InvoiceDto }) {
  if (!invoice.voidReason) return null
  return (
    <p className="mt-1 text-sm text-gray-700">
      Voided{invoice.voidedAt ? ` ${formatCalendarDay(invoice.voidedAt.slice(0, 10))}` : ''}: {invoice.voidReason}
    </p>
  )
}

/**
 * Spec §4: Set Pending when not pending, Set Paid when not paid; delete always. Decisions §10:
 * an unpaid invoice can be voided or marked paid offline, and any invoice opens its family's credits.
 */
function InvoiceActions({ invoice, actions }: { invoice: InvoiceDto; actions: Actions }) {
  const busy = actions.busyId === invoice.id
  const unpaid = invoice.status === 'pending' || invoice.status === 'overdue'
  return (
    <div className="flex flex-wrap gap-2">
      {unpaid && invoice.amount > 0 ? (
        <button type="button" className={BUTTON.primary} onClick={() => actions.askMarkPaid(invoice)}>
          Mark paid offline<span className="sr-only"> for invoice #{invoice.id}</span>
        </button>
      ) : null}
      {unpaid ? (
        <button type="button" className={BUTTON.dangerOutline} onClick={() => actions.askVoid(invoice)}>
          Void<span className="sr-only"> invoice #{invoice.id}</span>
        </button>
      ) : null}
      <button type="button" className={BUTTON.secondary} onClick={() => actions.openCredits(invoice)}>
        Credits<span className="sr-only"> for {invoice.payerName ?? `account ${invoice.userId}`}</span>
      </button>
      {invoice.status !== 'pending' ? (
        <button type="button" className={BUTTON.secondary} disabled={busy} onClick={() => actions.setStatus(invoice, 'pending')}>
          Set Pending<span className="sr-only"> for invoice #{invoice.id}</span>
        </button>
      ) : null}
      {invoice.status !== 'paid' ? (
        <button type="button" className={BUTTON.secondary} disabled={busy} onClick={() => actions.setStatus(invoice, 'paid')}>
          Set Paid<span className="sr-only"> for invoice #{invoice.id}</span>
        </button>
      ) : null}
      <button type="button" className={BUTTON.dangerOutline} onClick={() => actions.askDelete(invoice)}>
        Delete<span className="sr-only"> invoice #{invoice.id}</span>
      </button>
    </div>
  )
}
