import { useState } from 'react'

import { voidInvoiceSchema, type InvoiceDto } from '#api/invoices/schemas'
import { useVoidInvoice } from '#islands/api/invoices/admin-void-invoice'
import { ReasonDialog } from '#islands/components/ui/ReasonDialog'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'
import { formatDollars } from '#shared/money'
import { invoiceLabel } from './invoice-label'

/**
 * Void an invoice (decisions §10): the reason is recorded with who and when, and the family
 * sees the invoice cancelled. A paid invoice is not offered (the server refuses it anyway).
 */
export function VoidInvoiceDialog({ invoice, onClose }: { invoice: InvoiceDto | null; onClose: () => void }) {
  const voiding = useVoidInvoice()
  const notify = useNotify()
  const [failure, setFailure] = useState<string | null>(null)

  function close() {
    setFailure(null)
    onClose()
  }

  function confirm(reason: string) {
    if (!invoice) return
    setFailure(null)
    voiding.mutate(
      { id: invoice.id, reason },
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
    <ReasonDialog
      open={invoice !== null}
      title={invoice ? `Void ${invoiceLabel(invoice)}?` : 'Void invoice?'}
      confirmLabel="Void invoice"
      pendingLabel="Voiding…"
      pending={voiding.isPending}
      schema={voidInvoiceSchema}
      placeholder="Billed twice by mistake"
      failure={failure ? { title: 'Not voided', message: failure } : null}
      onConfirm={confirm}
      onClose={close}
    >
      {invoice ? (
        <>
          <p>
            #{invoice.id} · {invoice.description} · {formatDollars(invoice.amount)} · {invoice.payerName ?? `Account ${invoice.userId}`}
          </p>
          <p className="text-sm text-gray-700">
            The family sees it as cancelled, with the reason. Credits it used become available again; a voided tuition month is billed again only when you ask
            for it.
          </p>
        </>
      ) : null}
    </ReasonDialog>
  )
}
