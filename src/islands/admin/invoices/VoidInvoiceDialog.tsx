import { useId, useState } from 'react'

import { voidInvoiceSchema, type InvoiceDto } from '#api/invoices/schemas'
import { useVoidInvoice } from '#islands/api/admin-void-invoice'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { ConfirmDialog } from '#islands/components/ui/Dialog'
import { TextField } from '#islands/components/ui/Field'
import { useNotify } from '#islands/components/ui/Toast'
import { validate } from '#islands/lib/form'
import { errorMessage } from '#islands/lib/http'
import { formatDollars } from '#shared/money'
import { invoiceLabel } from './invoice-label'

/**
 * Void an invoice (decisions §10): the reason is recorded with who and when, and the family
 * sees the invoice cancelled. A paid invoice is not offered (the server refuses it anyway).
 */
export function VoidInvoiceDialog({ invoice, onClose }: { invoice: InvoiceDto | null; onClose: () => void }) {
  const id = useId()
  const voiding = useVoidInvoice()
  const notify = useNotify()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [failure, setFailure] = useState<string | null>(null)

  function close() {
    setReason('')
    setError(undefined)
    setFailure(null)
    onClose()
  }

  function confirm() {
    if (!invoice) return
    const checked = validate(voidInvoiceSchema, { reason })
    if (!checked.ok) return setError(checked.errors.reason)
    setError(undefined)
    setFailure(null)
    voiding.mutate(
      { id: invoice.id, ...checked.data },
      {
        onSuccess: (voided) => {
          notify({ title: 'Invoice Voided', text: `Invoice #${voided.id} (${voided.description}) is void.` })
          close()
        },
        onError: (failed) => setFailure(errorMessage(failed, 'Failed to void the invoice. Please try again.')),
      },
    )
  }

  return (
    <ConfirmDialog
      open={invoice !== null}
      title={invoice ? `Void ${invoiceLabel(invoice)}?` : 'Void invoice?'}
      confirmLabel="Void invoice"
      pendingLabel="Voiding…"
      pending={voiding.isPending}
      onConfirm={confirm}
      onCancel={close}
    >
      {invoice ? (
        <div className="space-y-3">
          <p>
            #{invoice.id} · {invoice.description} · {formatDollars(invoice.amount)} · {invoice.payerName ?? `Account ${invoice.userId}`}
          </p>
          <p className="text-sm text-gray-700">
            The family sees it as cancelled, with the reason. Credits it used become available again; a voided tuition month is billed again only when you ask
            for it.
          </p>
          {failure ? <ErrorAlert title="Not voided">{failure}</ErrorAlert> : null}
          <TextField
            id={`${id}-reason`}
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={300}
            placeholder="Billed twice by mistake"
            error={error}
          />
        </div>
      ) : null}
    </ConfirmDialog>
  )
}
