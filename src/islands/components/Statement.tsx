import { useId, useState } from 'react'

import { paymentMethodLabel, type InvoiceStatus, type PaymentStatus } from '#api/invoices/billing.schemas'
import type { StatementDto } from '#api/statements/schemas'
import { formatCalendarDay, formatMoment } from '#shared/dates'
import { dollarsToCents, formatCents } from '#shared/money'
import { monthLabel } from '#shared/tuition'
import { Badge, type BadgeTone } from './ui/Badge'
import { InvoiceLines } from './InvoiceLines'
import { NextInvoice } from './NextInvoice'
import { BUTTON } from './ui/styles'

/** Spec §4: paid green, pending yellow, overdue red, cancelled grey; completed green, failed red. */
const INVOICE_TONE: Record<InvoiceStatus, BadgeTone> = { paid: 'green', pending: 'yellow', overdue: 'red', cancelled: 'grey' }
const PAYMENT_TONE: Record<PaymentStatus, BadgeTone> = { completed: 'green', pending: 'yellow', failed: 'red', refunded: 'grey', reversed: 'grey' }

/** What autopay will do next, in the family's words; "off" while the family has no autopay (decisions §11). */
export function autopayText(statement: Pick<StatementDto, 'autopay'>): string {
  const autopay = statement.autopay
  if (!autopay) return 'Autopay is off: each invoice is paid here, by card, when it arrives.'
  const card = autopay.cardBrand ? `${autopay.cardBrand} card` : 'card'
  return `${formatCents(autopay.amountCents)} will be charged automatically to ${card} •••• ${autopay.cardLast4} on ${formatCalendarDay(autopay.chargeDate)}.`
}

/** Credits the academy granted that the next tuition invoices will still take off (decisions §10). */
function CreditsNote({ credits }: { credits: StatementDto['credits'] }) {
  const id = useId()
  const total = credits.reduce((sum, credit) => sum + credit.remainingCents, 0)
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-green-200 bg-green-50 p-4" data-testid="statement-credits">
      <h3 id={id} className="font-semibold text-ink">
        Credit: {formatCents(total)}
      </h3>
      <p className="text-sm text-gray-700">Taken off your next tuition invoices automatically.</p>
      <ul className="mt-2 space-y-1 text-sm" aria-labelledby={id}>
        {credits.map((credit) => (
          <li key={credit.id} className="flex justify-between gap-3">
            <span className="min-w-0 break-words text-ink">{credit.reason}</span>
            <span className="shrink-0 tabular-nums text-gray-700">
              {credit.remainingCents === credit.amountCents
                ? formatCents(credit.amountCents)
                : `${formatCents(credit.remainingCents)} left of ${formatCents(credit.amountCents)}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * A family's statement (decisions §11): what is owed now, the next tuition invoice and how it
 * will be paid, the coming invoice line by line with the reason of each, then — on request —
 * every invoice with its lines and every payment. An administrator sees it per family in the
 * console; the family sees it on /billing without the history (`history={false}`), which the
 * page lists once, with its filter, beside the pay form.
 */
export function StatementView({ statement, history = true }: { statement: StatementDto; history?: boolean }) {
  const next = statement.next
  return (
    <div className="space-y-4" data-statement-user-id={statement.userId}>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-2xl border border-gray-200 bg-gray-50 p-4">
          <dt className="text-sm font-semibold text-gray-700">Balance</dt>
          <dd className="mt-1">
            <span className="font-serif text-3xl text-ink tabular-nums" data-testid="statement-balance">
              {formatCents(statement.balanceCents)}
            </span>
            <span className="mt-1 block text-sm text-gray-700">
              {statement.balanceCents > 0 ? 'Owed on pending and overdue invoices.' : 'Nothing is owed.'}
            </span>
            {statement.split?.you ? (
              <span className="mt-1 block text-sm text-gray-700" data-testid="statement-billed-to-you">
                Billed to you: this statement shows only the invoices billed to you.
              </span>
            ) : statement.payer ? (
              <span className="mt-1 block text-sm text-gray-700" data-testid="statement-payer">
                Paid by {statement.payer.fullName}.
              </span>
            ) : null}
          </dd>
        </div>
        <div className="rounded-2xl border border-gray-200 bg-gray-50 p-4">
          <dt className="text-sm font-semibold text-gray-700">Next tuition invoice</dt>
          <dd className="mt-1" data-testid="statement-next">
            {next ? (
              <>
                <span className="block font-semibold text-ink">
                  {monthLabel(next.period)}: about {formatCents(next.estimatedCents)}
                </span>
              </>
            ) : (
              <span className="block text-gray-700">No tuition is due next: no enrollment falls in the coming month.</span>
            )}
            <span className="mt-1 block text-sm text-gray-700" data-testid="statement-autopay">
              {autopayText(statement)}
            </span>
          </dd>
        </div>
      </dl>

      {next ? <NextInvoice next={next} autopay={statement.autopay} /> : null}

      {statement.credits.length > 0 ? <CreditsNote credits={statement.credits} /> : null}

      {history ? <StatementHistory statement={statement} /> : null}
    </div>
  )
}

/** Every invoice with its lines and every payment, shown on request. */
function StatementHistory({ statement }: { statement: StatementDto }) {
  const id = useId()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className={BUTTON.secondary} aria-expanded={open} aria-controls={`${id}-details`} onClick={() => setOpen(!open)}>
        {open ? 'Hide invoices and payments' : 'Show invoices and payments'}
      </button>

      <div id={`${id}-details`} className="space-y-5">
        {open ? (
          <>
            <section aria-labelledby={`${id}-invoices`} className="space-y-3">
              <h3 id={`${id}-invoices`} className="font-semibold text-ink">
                Invoices ({statement.invoices.length})
              </h3>
              {statement.invoices.length === 0 ? (
                <p className="text-gray-700">No invoices yet.</p>
              ) : (
                <ul className="space-y-3" aria-labelledby={`${id}-invoices`}>
                  {statement.invoices.map((invoice) => (
                    <li key={invoice.id} className="rounded-2xl border border-gray-200 bg-white p-4" data-statement-invoice-id={invoice.id}>
                      <div className="flex items-start justify-between gap-3">
                        <div className="min-w-0">
                          <p className="font-medium break-words text-ink">{invoice.description}</p>
                          <p className="text-sm text-gray-700">
                            #{invoice.id} · Due {formatCalendarDay(invoice.dueDate)}
                          </p>
                        </div>
                        <div className="shrink-0 text-right">
                          <p className="font-semibold tabular-nums">{formatCents(dollarsToCents(invoice.amount))}</p>
                          <Badge tone={INVOICE_TONE[invoice.status] ?? 'grey'}>{invoice.status}</Badge>
                        </div>
                      </div>
                      <InvoiceLines invoice={invoice} className="mt-3" />
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby={`${id}-payments`} className="space-y-3">
              <h3 id={`${id}-payments`} className="font-semibold text-ink">
                Payments ({statement.payments.length})
              </h3>
              {statement.payments.length === 0 ? (
                <p className="text-gray-700">No payments yet.</p>
              ) : (
                <ul className="divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white" aria-labelledby={`${id}-payments`}>
                  {statement.payments.map((payment) => (
                    <li key={payment.id} className="flex items-start justify-between gap-3 px-4 py-3" data-statement-payment-id={payment.id}>
                      <div className="min-w-0">
                        <p className="break-words text-ink">{payment.description ?? `Payment #${payment.id}`}</p>
                        <p className="text-sm text-gray-700">
                          {formatMoment(payment.createdAt)} · {paymentMethodLabel(payment.method, payment.offline)}
                        </p>
                      </div>
                      <div className="shrink-0 text-right">
                        <p className="font-semibold tabular-nums">{formatCents(dollarsToCents(payment.amount))}</p>
                        <Badge tone={PAYMENT_TONE[payment.status] ?? 'grey'}>{payment.status}</Badge>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        ) : null}
      </div>
    </>
  )
}
