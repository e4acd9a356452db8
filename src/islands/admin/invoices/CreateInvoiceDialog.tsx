import { useId, useState, type FormEvent } from 'react'

import { INVOICE_STATUSES } from '#api/invoices/billing.schemas'
import { createInvoiceSchema } from '#api/invoices/schemas'
import { useCreateInvoice } from '#islands/api/invoices/admin-create-invoice'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { FamilyPicker, type PickedFamily } from '#islands/admin/users/FamilyPicker'
import { SelectField, TextField } from '#islands/components/ui/Field'
import { serverFieldErrors, validate, type FieldErrors } from '#islands/lib/form'
import { ApiError } from '#islands/lib/http'
import { localToday } from '#shared/dates'
import { formatDollars } from '#shared/money'
import { formValues } from '#islands/admin/form-values'
import { Dialog, FormDialogActions } from '#islands/components/ui/Dialog'
import { useNotify } from '#islands/components/ui/Toast'

const FIELDS = ['userId', 'amount', 'description', 'status', 'dueDate'] as const

/** Spec §2 "Create Invoice": a family, an amount in dollars, a description, a status and a due date. */
export function CreateInvoiceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      closeButton
      open={open}
      onClose={onClose}
      title="Create Invoice"
      description="The family sees the invoice on their Billing page and can pay it by card."
    >
      {open ? <CreateInvoiceForm onDone={onClose} /> : null}
    </Dialog>
  )
}

function CreateInvoiceForm({ onDone }: { onDone: () => void }) {
  const id = useId()
  // Issue 23: the family is found by a search, not picked from every account the academy has.
  const [family, setFamily] = useState<PickedFamily | null>(null)
  const create = useCreateInvoice()
  const notify = useNotify()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFailure(null)
    const checked = validate(createInvoiceSchema, formValues(event.currentTarget))
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    try {
      const invoice = await create.mutateAsync(checked.data)
      const payer = (family?.id === invoice.userId ? family.fullName : null) ?? invoice.payerName ?? 'the family'
      notify({ title: 'Invoice Created', text: `Invoice #${invoice.id} for ${payer} (${formatDollars(invoice.amount)}) has been created.` })
      onDone()
    } catch (error) {
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.errors, FIELDS))
      setFailure(error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Please check your connection and try again.')
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {failure ? <ErrorAlert title="Failed to create invoice">{failure}</ErrorAlert> : null}
      <FamilyPicker id={`${id}-userId`} name="userId" label="User" error={errors.userId} onSelect={setFamily} />
      <TextField
        id={`${id}-amount`}
        name="amount"
        label="Amount (USD)"
        type="number"
        inputMode="decimal"
        min="0.01"
        step="0.01"
        placeholder="125.00"
        error={errors.amount}
      />
      <TextField
        id={`${id}-description`}
        name="description"
        label="Description"
        placeholder="Monthly tuition – March"
        maxLength={300}
        error={errors.description}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id={`${id}-status`} name="status" label="Status" defaultValue="pending" error={errors.status}>
          {INVOICE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status[0]!.toUpperCase() + status.slice(1)}
            </option>
          ))}
        </SelectField>
        <TextField id={`${id}-dueDate`} name="dueDate" label="Due Date" type="date" defaultValue={localToday()} error={errors.dueDate} />
      </div>
      <FormDialogActions onCancel={onDone} pending={create.isPending} submitLabel="Create Invoice" pendingLabel="Creating…" />
    </form>
  )
}
