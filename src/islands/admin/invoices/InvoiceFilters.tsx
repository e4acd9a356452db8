import { useId } from 'react'

import { INVOICE_STATUSES, type InvoiceStatus } from '#api/invoices/billing.schemas'
import { FilterField, SelectField, TextField } from '#islands/components/ui/Field'
import { BUTTON } from '#islands/components/ui/styles'

export type InvoiceFilterValues = { q: string; status: InvoiceStatus | ''; month: string }

export const NO_FILTERS: InvoiceFilterValues = { q: '', status: '', month: '' }

const STATUS_LABELS: Record<InvoiceStatus, string> = { pending: 'Pending', paid: 'Paid', overdue: 'Overdue', cancelled: 'Cancelled' }

/**
 * The Invoices tab's search (issue 23): a household by family name or email, a status and the
 * month the invoice is due. The server filters; each change goes back to the first page.
 */
export function InvoiceFilters({ values, onChange }: { values: InvoiceFilterValues; onChange: (values: InvoiceFilterValues) => void }) {
  const id = useId()
  const filtered = values.q !== '' || values.status !== '' || values.month !== ''
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end" role="search" aria-label="Find invoices">
      <FilterField
        id={`${id}-q`}
        label="Household (family name or email)"
        value={values.q}
        onChange={(q) => onChange({ ...values, q })}
        placeholder="Name or name@example.com"
      />
      <SelectField
        id={`${id}-status`}
        label="Status"
        value={values.status}
        onChange={(event) => onChange({ ...values, status: event.target.value as InvoiceStatus | '' })}
      >
        <option value="">All statuses</option>
        {INVOICE_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      <TextField
        id={`${id}-month`}
        label="Month due"
        type="month"
        value={values.month}
        onChange={(event) => onChange({ ...values, month: event.target.value })}
      />
      {filtered ? (
        <button type="button" className={BUTTON.quiet} onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </button>
      ) : null}
    </div>
  )
}
