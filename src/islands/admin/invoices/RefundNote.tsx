import type { PaymentDto } from '#api/payments/schemas'
import { calendarDay, formatCalendarDay } from '#shared/dates'
import { formatDollars } from '#shared/money'
import { Badge } from '#islands/components/ui/Badge'

/** The refunded card payments and reversed offline payments of each invoice, from GET /api/payments?invoiceIds= (the invoices on screen). */
export function refundsByInvoice(payments: PaymentDto[] | undefined): Map<number, PaymentDto[]> {
  const byInvoice = new Map<number, PaymentDto[]>()
  for (const payment of payments ?? []) {
    if (!(payment.refund || payment.reversal) || payment.invoiceId === null) continue
    byInvoice.set(payment.invoiceId, [...(byInvoice.get(payment.invoiceId) ?? []), payment])
  }
  return byInvoice
}

/**
 * A card payment that arrived after the invoice was paid or voided, and that the server refunded
 * (decisions §5), or a payment an administrator reversed (decisions §10, issue 23): the office sees
 * the payment and what undid it, so the family's bank statement and the academy's records tell
 * the same story.
 */
export function RefundNote({ refunds }: { refunds: PaymentDto[] | undefined }) {
  if (!refunds?.length) return null
  return (
    <ul className="mt-2 space-y-1 text-sm text-gray-800" aria-label="Refunded or reversed payments">
      {refunds.map((payment) =>
        !payment.refund && payment.reversal ? (
          <li key={payment.id} className="flex flex-wrap items-center gap-2">
            <Badge tone="grey">Reversed</Badge>
            <span>
              Payment of {formatDollars(payment.amount)} recorded offline, reversed {formatCalendarDay(calendarDay(payment.reversal.reversedAt))}
              {payment.reversal.reversedByName ? ` by ${payment.reversal.reversedByName}` : ''}: {payment.reversal.reason}
            </span>
          </li>
        ) : (
          <li key={payment.id} className="flex flex-wrap items-center gap-2">
            <Badge tone="grey">Refunded</Badge>
            <span>
              Card payment of {formatDollars(payment.amount)}, refunded {formatCalendarDay(calendarDay(payment.refund!.refundedAt))}: {payment.refund!.reason}
              {payment.transactionId ? <span className="font-mono text-gray-700"> ({payment.transactionId})</span> : null}
            </span>
          </li>
        ),
      )}
    </ul>
  )
}
