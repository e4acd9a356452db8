import { useId } from 'react'

import type { StatementDto, StatementNextDto } from '#api/statements/schemas'
import { formatCalendarDay } from '#shared/dates'
import { formatCents } from '#shared/money'
import { monthLabel } from '#shared/tuition'

type NextLine = StatementNextDto['lines'][number]

/** The coming invoice's lines, one group per child (in the run's order), then the family's own lines (registration, credits). */
export function groupByChild(lines: readonly NextLine[]): { child: string | null; lines: NextLine[] }[] {
  const groups: { child: string | null; lines: NextLine[] }[] = []
  for (const line of lines) {
    const child = line.studentName ?? null
    const group = groups.find((g) => g.child === child)
    if (group) group.lines.push(line)
    else groups.push({ child, lines: [line] })
  }
  // The family's lines come last, after every child's.
  return [...groups.filter((g) => g.child !== null), ...groups.filter((g) => g.child === null)]
}

/** 'Visa ····4242', or 'card ····4242' when the brand is unknown. */
export function cardWords(autopay: NonNullable<StatementDto['autopay']>): string {
  return `${autopay.cardBrand ?? 'card'} ····${autopay.cardLast4}`
}

/** How the coming invoice will be paid: charged by autopay on its due day, or paid here by card. */
export function nextPaymentText(next: Pick<StatementNextDto, 'dueDate'>, autopay: StatementDto['autopay']): string {
  if (autopay) return `Autopay: charged to ${cardWords(autopay)} on ${formatCalendarDay(next.dueDate)}.`
  return 'Autopay is off: pay it here by card once it is issued.'
}

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
      <p className="mt-1 text-sm text-gray-700" data-testid="next-invoice-payment">
        {nextPaymentText(next, autopay)}
      </p>
    </section>
  )
}
