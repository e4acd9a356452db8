import { useId } from 'react'

import type { PaymentDto } from '../../api/schemas/payments'
import { PRIMARY_BUTTON } from '../components/Button'
import { formatDollars, formatMoment, paymentMethodLabel, paymentStatusBadge } from './billing-format'

type Props = {
  payments: PaymentDto[] | undefined
  loading: boolean
  failed: boolean
  onRetry: () => void
  paymentsDisabled: boolean
  onGoToForm: () => void
}

const CELL = 'px-3 py-3 align-top'

/** Payment History (spec §2): Date, Amount, Description, Method, Status, newest first. */
export function PaymentHistory({ payments, loading, failed, onRetry, paymentsDisabled, onGoToForm }: Props) {
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

  return (
    <div role="region" aria-labelledby={`${id}-caption`} tabIndex={0} className="-mx-1 overflow-x-auto rounded-2xl border border-gray-200">
      <table className="w-full min-w-[34rem] text-left text-sm">
        <caption id={`${id}-caption`} className="sr-only">
          Your payments, newest first
        </caption>
        <thead className="bg-gray-50 text-xs uppercase tracking-wide text-gray-700">
          <tr>
            <th scope="col" className={CELL}>
              Date
            </th>
            <th scope="col" className={`${CELL} text-right`}>
              Amount
            </th>
            <th scope="col" className={CELL}>
              Description
            </th>
            <th scope="col" className={CELL}>
              Method
            </th>
            <th scope="col" className={CELL}>
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {payments.map((payment) => {
            const badge = paymentStatusBadge(payment.status)
            return (
              <tr key={payment.id}>
                <td className={`${CELL} whitespace-nowrap`}>
                  <time dateTime={payment.createdAt}>{formatMoment(payment.createdAt)}</time>
                </td>
                <td className={`${CELL} whitespace-nowrap text-right font-semibold tabular-nums`}>{formatDollars(payment.amount)}</td>
                <td className={CELL}>{payment.description ?? (payment.invoiceId ? `Invoice #${payment.invoiceId}` : 'Payment')}</td>
                <td className={`${CELL} whitespace-nowrap`}>{paymentMethodLabel(payment.method)}</td>
                <td className={CELL}>
                  <span className={badge.className}>{badge.label}</span>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
