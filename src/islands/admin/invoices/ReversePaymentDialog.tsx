import { useState } from 'react'

import { reversePaymentSchema } from '#api/invoices/final.schemas'
import type { InvoiceDto } from '#api/invoices/schemas'
import { useReverseInvoicePayment } from '#islands/api/payments/admin-reverse-payment'
import { ReasonDialog } from '#islands/components/ui/ReasonDialog'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'
import { invoiceLabel } from './invoice-label'

/**
 * Reverse the payment of a paid invoice (issue 23), the one way back from paid: the reason is
 * required and recorded with who and when. A card payment is refunded at Stripe; one recorded
 * offline is marked reversed. The invoice is owed again (pending); void it afterwards if the
 * family owes nothing. Autopay does not charge it again by itself.
 */
export function ReversePaymentDialog({ invoice, onClose }: { invoice: InvoiceDto | null; onClose: () => void }) {
  const reversing = useReverseInvoicePayment()
  const notify = useNotify()
  const [failure, setFailure] = useState<string | null>(null)

  function close() {
    setFailure(null)
    onClose()
  }

  function confirm(reason: string) {
    if (!invoice) return
    setFailure(null)
    reversing.mutate(
      { id: invoice.id, reason },
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
    <ReasonDialog
      open={invoice !== null}
      title={invoice ? `Reverse the payment of ${invoiceLabel(invoice)}?` : 'Reverse the payment?'}
      confirmLabel="Reverse payment"
      pendingLabel="Reversing…"
      pending={reversing.isPending}
      schema={reversePaymentSchema}
      placeholder="The cheque bounced"
      failure={failure ? { title: 'Not reversed', message: failure } : null}
      onConfirm={confirm}
      onClose={close}
    >
      {invoice ? (
        <>
          <p>{invoice.description}</p>
          <p className="text-sm text-gray-700">
            A card payment is refunded to the card in full; a payment recorded offline is marked reversed. The payment stays in the family&apos;s history with
            your reason, and the invoice is owed again (pending). If the family owes nothing, void the invoice afterwards. Autopay does not charge it again by
            itself.
          </p>
        </>
      ) : null}
    </ReasonDialog>
  )
}
