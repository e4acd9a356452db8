import { useId } from 'react'

import type { PaymentDto } from '#api/payments/schemas'
import { PRIMARY_BUTTON } from '#islands/components/ui/Button'
import { formatMoment } from '#shared/dates'
import { formatDollars } from '#shared/money'

import { paymentMethodLabel, paymentStatusBadge } from './billing-format'

type Props = {
  payments: PaymentDto[] | undefined
  /** The academy's time zone (ACADEMY_TIMEZONE): a payment's day is the academy's day; null: the reader's own. */
  timeZone?: string | null
  loading: boolean
  failed: boolean
  onRetry: () => void
  paymentsDisabled: boolean
  onGoToForm: () => void
}

const CELL = 'px-3 py-3 align-top'
const COLUMNS = ['Date', 'Amount', 'Description', 'Method', 'Status'] as const

/** Payment History (spec §2): Date, Amount, Description, Method, Status, newest first. */
export function PaymentHistory({ payments, timeZone, loading, failed, onRetry, paymentsDisabled, onGoToForm }: Props) {
  const id = useId()

  if (loading) {
    return (
      <div role="status" aria-label="Loading payment history" className="space-y-3">
        {[0, 1, 2].map((row) => (
          <div key={row} className="h-12 animate-pulse rounded-xl bg-gray-100" />
        ))}
      </div>
    )
  }

  if (failed) {
    return (
      <div className="space-y-3">
        <p className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-900">Failed to load payment history. Please try again.</p>
        <button type="button" onClick={onRetry} className="rounded-full border border-brand-700 px-5 py-2 font-semibold text-brand-800 hover:bg-brand-50">
          Try again
        </button>
      </div>
    )
  }

  if (!payments || payments.length === 0) {
    return (
      <section aria-labelledby={`${id}-empty`} className="rounded-2xl border border-gray-200 bg-gray-50 p-6 text-center">
        <h3 id={`${id}-empty`} className="font-serif text-xl text-ink">
          No payments yet
        </h3>
        <p className="mt-2 text-gray-700">Your card payments will be listed here once you make them. To pay an invoice:</p>
        <ol className="mx-auto mt-3 max-w-sm list-decimal space-y-1 pl-5 text-left text-gray-800">
          <li>Open the payment form.</li>
          <li>Select the invoice you want to pay.</li>
          <li>Enter your card details and press Pay Now.</li>
        </ol>
        <button type="button" onClick={onGoToForm} disabled={paymentsDisabled} className={`${PRIMARY_BUTTON} mt-5 sm:w-auto`}>
          {paymentsDisabled ? 'Payments Disabled' : 'Go to Payment Form'}
        </button>
      </section>
    )
  }

  // Phone first: below 640 px each row is a card with its own labels; the explicit roles keep
  // the table's meaning for screen readers when CSS changes how its parts are displayed.
  return (
    <table role="table" className="w-full text-left text-sm">
      <caption className="sr-only">Your payments, newest first</caption>
      <thead role="rowgroup" className="bg-gray-50 text-xs uppercase tracking-wide text-gray-700 max-sm:sr-only">
        <tr role="row">
          {COLUMNS.map((column) => (
            <th key={column} role="columnheader" scope="col" className={`${CELL} ${column === 'Amount' ? 'text-right' : ''}`}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup" className="max-sm:block max-sm:space-y-3 sm:divide-y sm:divide-gray-200">
        {payments.map((payment) => {
          const badge = paymentStatusBadge(payment.status)
          const values = [
            <time dateTime={payment.createdAt}>{formatMoment(payment.createdAt, timeZone ?? undefined)}</time>,
            <span className="font-semibold tabular-nums">{formatDollars(payment.amount)}</span>,
            payment.description ?? (payment.invoiceId ? `Invoice #${payment.invoiceId}` : 'Payment'),
            <>
              {paymentMethodLabel(payment.method, payment.offline)}
              {/* Decisions §23: in a household of several guardians, which of them paid. */}
              {payment.paidByName ? <span className="block text-xs text-gray-700">by {payment.paidByName}</span> : null}
            </>,
            <span className={badge.className}>{badge.label}</span>,
          ]
          return (
            <tr key={payment.id} role="row" className="max-sm:block max-sm:rounded-2xl max-sm:border max-sm:border-gray-200 max-sm:px-4 max-sm:py-2">
              {values.map((value, index) => (
                <td
                  key={COLUMNS[index]}
                  role="cell"
                  className={`${CELL} max-sm:flex max-sm:items-start max-sm:justify-between max-sm:gap-4 max-sm:px-0 max-sm:py-1.5 ${index === 1 ? 'sm:text-right' : ''} ${index === 2 ? '' : 'sm:whitespace-nowrap'}`}
                >
                  <span aria-hidden="true" className="shrink-0 text-xs font-semibold uppercase tracking-wide text-gray-700 sm:hidden">
                    {COLUMNS[index]}
                  </span>
                  <span className="max-sm:text-right">{value}</span>
                </td>
              ))}
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
