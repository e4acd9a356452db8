import { useId, useState } from 'react'

import { reversePaymentSchema } from '#api/invoices/final.schemas'
import type { InvoiceDto } from '#api/invoices/schemas'
import { useReverseInvoicePayment } from '#islands/api/admin-reverse-payment'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { ConfirmDialog } from '#islands/components/ui/Dialog'
import { TextField } from '#islands/components/ui/Field'
import { useNotify } from '#islands/components/ui/Toast'
import { validate } from '#islands/lib/form'
import { errorMessage } from '#islands/lib/http'
import { invoiceLabel } from './invoice-label'

/**
 * Reverse the payment of a paid invoice (issue 23), the one way back from paid: the reason is
 * required and recorded with who and when. A card payment is refunded at Stripe; one recorded
 * offline is marked reversed. The invoice is owed again (pending); void it afterwards if the
 * family owes nothing. Autopay does not charge it again by itself.
 */
export function ReversePaymentDialog({ invoice, onClose }: { invoice: InvoiceDto | null; onClose: () => void }) {
  const id = useId()
  const reversing = useReverseInvoicePayment()
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
    const checked = validate(reversePaymentSchema, { reason })
    if (!checked.ok) return setError(checked.errors.reason)
    setError(undefined)
    setFailure(null)
    reversing.mutate(
      { id: invoice.id, ...checked.data },
      {
        onSuccess: ({ invoice: pending, payments }) => {
          const refunded = payments.some((payment) => payment.status === 'refunded')
          notify({
            title: 'Payment Reversed',
            text: `Invoice #${pending.id} is pending again${refunded ? ': the card payment was refunded' : ''}.`,
          })
          close()
        },
        onError: (failed) => setFailure(errorMessage(failed, 'Failed to reverse the payment. Please try again.')),
      },
    )
  }

  return (
    <ConfirmDialog
      open={invoice !== null}
      title={invoice ? `Reverse the payment of ${invoiceLabel(invoice)}?` : 'Reverse the payment?'}
      confirmLabel="Reverse payment"
      pendingLabel="Reversing…"
      pending={reversing.isPending}
      onConfirm={confirm}
      onCancel={close}
    >
      {invoice ? (
        <div className="space-y-3">
          <p>{invoice.description}</p>
          <p className="text-sm text-gray-700">
            A card payment is refunded to the card in full; a payment recorded offline is marked reversed. The payment stays in the family&apos;s history with
            your reason, and the invoice is owed again (pending). If the family owes nothing, void the invoice afterwards. Autopay does not charge it again by
            itself.
          </p>
          {failure ? <ErrorAlert title="Not reversed">{failure}</ErrorAlert> : null}
          <TextField
            id={`${id}-reason`}
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={300}
            placeholder="The cheque bounced"
            error={error}
          />
        </div>
      ) : null}
    </ConfirmDialog>
  )
}
