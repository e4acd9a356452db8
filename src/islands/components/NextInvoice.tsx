import { useId } from 'react'

import type { StatementDto, StatementNextDto } from '#api/statements/schemas'
import { groupByChild, nextPaymentText } from '#islands/lib/next-invoice'
import { formatCalendarDay } from '#shared/dates'
import { formatCents } from '#shared/money'
import { monthLabel } from '#shared/tuition'

type NextLine = StatementNextDto['lines'][number]

function LineRow({ line }: { line: NextLine }) {
  return (
    <li className="flex items-start justify-between gap-3 px-3 py-2" data-line-kind={line.kind}>
      <div className="min-w-0">
        <p className="break-words text-ink">{line.kind === 'tuition' && line.className ? line.className : line.description}</p>
        <p className="text-gray-700">{line.explanation}</p>
      </div>
      <p className={`shrink-0 font-semibold tabular-nums ${line.amountCents < 0 ? 'text-green-800' : 'text-ink'}`}>{formatCents(line.amountCents)}</p>
    </li>
  )
}

/**
 * The next tuition invoice, line by line (issue 23: the bill explains itself): per child and
 * class the price and why it is prorated, the discounts, the registration fee and the credits
 * that will apply, each with the reason the monthly run gives it, then the total, the day it is
 * issued and due, and how it will be paid.
 */
export function NextInvoice({ next, autopay }: { next: StatementNextDto; autopay: StatementDto['autopay'] }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-gray-200 bg-white p-4" data-testid="next-invoice">
      <h3 id={id} className="font-semibold text-ink">
        What the {monthLabel(next.period)} invoice will contain
      </h3>
      <p className="text-sm text-gray-700">
        Issued on {formatCalendarDay(next.issueDate)}, due on {formatCalendarDay(next.dueDate)}. An estimate: enrollments, prices or closures may still change
        it.
      </p>
      <div className="mt-3 space-y-3 text-sm">
        {groupByChild(next.lines).map((group) => (
          <div key={group.child ?? '-family'}>
            <p className="mb-1 font-semibold text-gray-800">{group.child ?? 'For the family'}</p>
            <ul aria-label={group.child ?? 'For the family'} className="divide-y divide-gray-200 rounded-xl border border-gray-200">
              {group.lines.map((line, index) => (
                <LineRow key={index} line={line} />
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="mt-3 flex justify-between gap-3 border-t border-gray-200 pt-3 font-semibold text-ink">
        <span>Total</span>
        <span className="tabular-nums" data-testid="next-invoice-total">
          {formatCents(next.estimatedCents)}
        </span>
      </p>
      {autopay ? (
        <p className="mt-1 text-sm font-medium text-brand-800" data-testid="next-invoice-payment">
          {nextPaymentText(next, autopay)}
        </p>
      ) : null}
    </section>
  )
}
