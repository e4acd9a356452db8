import { useId, useState, type FormEvent } from 'react'

import { OFFLINE_METHOD_LABELS, OFFLINE_METHODS } from '#api/invoices/billing.schemas'
import { markPaidOfflineSchema, type InvoiceDto } from '#api/invoices/schemas'
import { useMarkInvoicePaidOffline } from '#islands/api/invoices/admin-mark-invoice-paid'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { Dialog, FormDialogActions } from '#islands/components/ui/Dialog'
import { SelectField, TextAreaField, TextField } from '#islands/components/ui/Field'
import { useNotify } from '#islands/components/ui/Toast'
import { serverFieldErrors, validate, type FieldErrors } from '#islands/lib/form'
import { ApiError, errorMessage } from '#islands/lib/http'
import { formatDollars } from '#shared/money'
import { formValues } from '#islands/admin/form-values'
import { useAcademyToday } from '#islands/admin/viewer'

const FIELDS = ['method', 'receivedOn', 'note'] as const

/**
 * Mark paid offline (decisions §10): cash, a cheque or a bank transfer the academy received. The
 * server records a completed payment and marks the invoice paid together; the family sees the
 * payment in its history.
 */
export function MarkPaidOfflineDialog({ invoice, onClose }: { invoice: InvoiceDto | null; onClose: () => void }) {
  return (
    <Dialog
      closeButton
      open={invoice !== null}
      onClose={onClose}
      title="Mark paid offline"
      description={
        invoice ? `#${invoice.id} · ${invoice.description} · ${formatDollars(invoice.amount)} · ${invoice.payerName ?? `Account ${invoice.userId}`}` : null
      }
    >
      {invoice ? <MarkPaidForm invoice={invoice} onDone={onClose} /> : null}
    </Dialog>
  )
}

function MarkPaidForm({ invoice, onDone }: { invoice: InvoiceDto; onDone: () => void }) {
  const id = useId()
  const today = useAcademyToday()
  const markPaid = useMarkInvoicePaidOffline()
  const notify = useNotify()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFailure(null)
    const checked = validate(markPaidOfflineSchema, formValues(event.currentTarget))
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    try {
      const { payment } = await markPaid.mutateAsync({ id: invoice.id, ...checked.data })
      notify({
        title: 'Invoice Paid',
        text: `Invoice #${invoice.id} is paid: ${formatDollars(payment.amount)} by ${OFFLINE_METHOD_LABELS[checked.data.method].toLowerCase()}.`,
      })
      onDone()
    } catch (error) {
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.errors, FIELDS))
      setFailure(errorMessage(error, 'Please check your connection and try again.'))
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {failure ? <ErrorAlert title="Not marked paid">{failure}</ErrorAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id={`${id}-method`} name="method" label="Paid by" defaultValue="cash" error={errors.method}>
          {OFFLINE_METHODS.map((method) => (
            <option key={method} value={method}>
              {OFFLINE_METHOD_LABELS[method]}
            </option>
          ))}
        </SelectField>
        <TextField id={`${id}-receivedOn`} name="receivedOn" label="Date received" type="date" defaultValue={today} error={errors.receivedOn} />
      </div>
      <TextAreaField
        id={`${id}-note`}
        name="note"
        label="Note (optional)"
        rows={3}
        maxLength={500}
        placeholder="Cheque no. 1042"
        hint="The family sees this note with the payment."
        error={errors.note}
      />
      <FormDialogActions onCancel={onDone} pending={markPaid.isPending} submitLabel="Mark paid" pendingLabel="Saving…" />
    </form>
  )
}
