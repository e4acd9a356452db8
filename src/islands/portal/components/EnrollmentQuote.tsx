import type { EnrollmentQuoteDto, EnrollmentQuoteLineDto } from '#api/enrollment/schemas'
import { useEnrollmentQuote } from '#islands/api/enrollment/get-enrollment-quote'
import { ApiError } from '#islands/lib/http'
import { formatLongDay } from '#shared/first-class'
import { formatCents } from '#shared/money'
import { ordinal } from '#shared/ordinal'
import { monthName } from '#shared/tuition-proration'

type Named = { id: number; name: string }

/** 'November 2026' for '2026-11': the tuition engine's month name and the year. */
const monthAndYear = (month: string) => `${monthName(month)} ${month.slice(0, 4)}`

/**
 * What a line of the quote says: the class's tuition, a discount, the fee, each with the tuition
 * engine's explanation (why it is prorated, why the discount), the sentence the invoice line will carry.
 */
function lineLabel(line: EnrollmentQuoteLineDto, month: string, classes: readonly Named[]): { label: string; detail: string } {
  // A discount that shrinks or goes (another child now pays in full) adds to the invoice.
  if (line.kind === 'discount' && line.amountCents > 0) return { label: line.description, detail: `Less off than before. ${line.explanation}` }
  if (line.kind !== 'tuition') return { label: line.description, detail: line.explanation }
  const name = classes.find((cls) => cls.id === line.classId)?.name ?? 'Tuition'
  return { label: `${name}, ${monthAndYear(month)}`, detail: line.explanation }
}

/** When the first invoice is issued and charged: to the card under autopay, else due on /billing. */
function ChargeLine({ quote }: { quote: EnrollmentQuoteDto & { chargeDate: string } }) {
  const day = formatLongDay(quote.chargeDate)
  if (quote.autopay) {
    const card = `${quote.autopay.cardBrand ?? 'saved'} card •••• ${quote.autopay.cardLast4}`
    return (
      <p>
        First charge: <strong>{day}</strong>, automatically to your {card} (autopay).
      </p>
    )
  }
  return (
    <p>
      First charge: <strong>{day}</strong>, when the invoice is issued; pay it on the Billing page.
    </p>
  )
}

/**
 * The cost of an enrollment before it is confirmed (issue 23), as the tuition run will bill it:
 * the first invoice's lines for the new classes (prorated first month, discounts, the season's
 * registration fee when it applies), their total, the regular monthly price and the first
 * charge date, in the academy's calendar days.
 */
export function EnrollmentQuote({ studentId, classes, enabled = true }: { studentId: number | null; classes: readonly Named[]; enabled?: boolean }) {
  const quote = useEnrollmentQuote(
    studentId,
    classes.map((cls) => cls.id),
    enabled,
  )
  if (!enabled || studentId === null || classes.length === 0) return null
  if (quote.isPending) {
    return (
      <p role="status" className="mt-3 text-sm text-gray-800">
        Working out the cost…
      </p>
    )
  }
  if (quote.isError) {
    const message = quote.error instanceof ApiError && quote.error.serverMessage ? quote.error.serverMessage : 'The cost could not be worked out.'
    return (
      <p role="alert" className="mt-3 rounded-xl border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
        {message}
      </p>
    )
  }
  const q = quote.data
  return (
    <section aria-label="What it will cost" data-testid="enrollment-quote" className="mt-3 rounded-xl border border-gray-200 p-3 text-sm">
      <h3 className="font-semibold text-ink">What it will cost</h3>
      {q.month === null || q.chargeDate === null ? (
        <p className="mt-1">No class is scheduled for this child yet, so nothing is billed for now.</p>
      ) : (
        <>
          {q.thisMonthBilled ? <p className="mt-1">This month's tuition has already been billed, so this starts on your next invoice.</p> : null}
          <p className="mt-1">On your {monthAndYear(q.month)} invoice:</p>
          <ul className="mt-1 space-y-1.5">
            {q.lines.map((line, index) => {
              const { label, detail } = lineLabel(line, q.month!, classes)
              return (
                <li key={index} className="flex justify-between gap-3">
                  <span className="min-w-0 break-words">
                    {label}
                    <span className="block text-gray-800">{detail}</span>
                  </span>
                  <span className="shrink-0 font-semibold">{formatCents(line.amountCents)}</span>
                </li>
              )
            })}
          </ul>
          <p className="mt-2 flex justify-between gap-3 border-t border-gray-200 pt-2 font-semibold">
            <span>Total for {classes.length === 1 ? 'this class' : 'these classes'}</span>
            <span>{formatCents(q.totalCents)}</span>
          </p>
          <div className="mt-2 space-y-1">
            <ChargeLine quote={{ ...q, chargeDate: q.chargeDate }} />
            <p>
              After that, {formatCents(q.monthlyCents)} a month{q.lines.some((line) => line.kind === 'discount') ? ' before discounts' : ''}, billed on the{' '}
              {ordinal(Number(q.billingDate!.slice(8, 10)))} of each month.
            </p>
          </div>
        </>
      )}
    </section>
  )
}
