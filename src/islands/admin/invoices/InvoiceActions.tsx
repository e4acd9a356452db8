import { useState } from 'react'

import type { InvoiceDto } from '#api/invoices/schemas'
import { useDeleteInvoice } from '#islands/api/invoices/admin-delete-invoice'
import { useUpdateInvoiceStatus } from '#islands/api/invoices/admin-update-invoice-status'
import { errorMessage } from '#islands/lib/http'
import { isAdminUser } from '#shared/roles'
import { ConfirmDialog } from '#islands/components/ui/Dialog'
import { useNotify } from '#islands/components/ui/Toast'
import { BUTTON } from '#islands/components/ui/styles'
import { useViewer } from '#islands/admin/viewer'
import { FamilyCreditsDialog } from './FamilyCreditsDialog'
import { invoiceLabel } from './invoice-label'
import { MarkPaidOfflineDialog } from './MarkPaidOfflineDialog'
import { ReversePaymentDialog } from './ReversePaymentDialog'
import { VoidInvoiceDialog } from './VoidInvoiceDialog'

const DELETE_CONFIRMATION = 'Are you sure you want to delete this invoice? This action cannot be undone.'

type Asking = 'delete' | 'void' | 'markPaid' | 'reverse' | 'credits' | null

/**
 * What an administrator may do to one invoice (spec §4, decisions §10, issue 23), with the
 * dialogs each action opens. Final is final:
 * - an unpaid (pending or overdue) invoice is marked paid one way, by recording the payment
 *   (Mark paid offline: how, when, a note); it can be voided with a reason, or deleted while it
 *   has no payment history; an overdue one can be set back to pending;
 * - a paid invoice offers only Reverse payment (a reason is required: a card payment is
 *   refunded, an offline one reversed, and the invoice is owed again);
 * - a void invoice offers nothing but the family's credits.
 * Every destructive action asks first, in the one ConfirmDialog, naming the invoice, its family
 * and its amount. The server refuses all the same whatever is not offered here.
 */
export function InvoiceActions({ invoice }: { invoice: InvoiceDto }) {
  const [asking, setAsking] = useState<Asking>(null)
  const updateStatus = useUpdateInvoiceStatus()
  const remove = useDeleteInvoice()
  const notify = useNotify()
  const viewer = useViewer()
  const unpaid = invoice.status === 'pending' || invoice.status === 'overdue'
  const paid = invoice.status === 'paid'
  const payer = invoice.payerName ?? `account ${invoice.userId}`
  const close = () => setAsking(null)

  function setPending() {
    // Spec §6: the client checks the role too; the server refuses a non-admin anyway.
    if (!isAdminUser(viewer)) {
      notify({ title: 'Access Denied', text: 'You do not have permission to perform this action.', tone: 'error' })
      return
    }
    updateStatus.mutate(
      { id: invoice.id, status: 'pending' },
      {
        onSuccess: (updated) => notify({ title: 'Invoice Updated', text: `Invoice #${updated.id} status updated to "${updated.status}".` }),
        onError: (error) => notify({ title: 'Error', text: errorMessage(error, 'Failed to update invoice status. Please try again.'), tone: 'error' }),
      },
    )
  }

  function confirmDelete() {
    remove.mutate(invoice.id, {
      onSuccess: () => notify({ title: 'Invoice Deleted', text: `Invoice #${invoice.id} (${invoice.description}) has been deleted.` }),
      onError: (error) => notify({ title: 'Error', text: errorMessage(error, 'Failed to delete invoice. Please try again.'), tone: 'error' }),
      onSettled: close,
    })
  }

  return (
    <div className="flex flex-wrap gap-2">
      {unpaid && invoice.amount > 0 ? (
        <button type="button" className={BUTTON.primary} onClick={() => setAsking('markPaid')}>
          Mark paid offline<span className="sr-only"> for invoice #{invoice.id}</span>
        </button>
      ) : null}
      {paid && invoice.amount > 0 ? (
        <button type="button" className={BUTTON.dangerOutline} onClick={() => setAsking('reverse')}>
          Reverse payment<span className="sr-only"> of invoice #{invoice.id}</span>
        </button>
      ) : null}
      {invoice.status === 'overdue' ? (
        <button type="button" className={BUTTON.secondary} disabled={updateStatus.isPending} onClick={setPending}>
          Set Pending<span className="sr-only"> for invoice #{invoice.id}</span>
        </button>
      ) : null}
      {unpaid ? (
        <button type="button" className={BUTTON.dangerOutline} onClick={() => setAsking('void')}>
          Void<span className="sr-only"> invoice #{invoice.id}</span>
        </button>
      ) : null}
      <button type="button" className={BUTTON.secondary} onClick={() => setAsking('credits')}>
        Credits<span className="sr-only"> for {payer}</span>
      </button>
      {unpaid ? (
        <button type="button" className={BUTTON.dangerOutline} onClick={() => setAsking('delete')}>
          Delete<span className="sr-only"> invoice #{invoice.id}</span>
        </button>
      ) : null}

      <MarkPaidOfflineDialog invoice={asking === 'markPaid' ? invoice : null} onClose={close} />
      <VoidInvoiceDialog invoice={asking === 'void' ? invoice : null} onClose={close} />
      <ReversePaymentDialog invoice={asking === 'reverse' ? invoice : null} onClose={close} />
      <FamilyCreditsDialog
        family={asking === 'credits' ? { userId: invoice.userId, name: invoice.payerName ?? `Account ${invoice.userId}` } : null}
        onClose={close}
      />
      <ConfirmDialog
        open={asking === 'delete'}
        title={`Delete ${invoiceLabel(invoice)}?`}
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={close}
      >
        <p>{DELETE_CONFIRMATION}</p>
        <p className="mt-2 font-medium">{invoice.description}</p>
      </ConfirmDialog>
    </div>
  )
}
