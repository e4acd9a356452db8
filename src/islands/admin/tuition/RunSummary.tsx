import { useId } from 'react'

import type { CountAndCents } from '#api/tuition/summary.schemas'
import { tuitionSummaryCsvUrl, useTuitionSummary } from '#islands/api/tuition/admin-tuition-summary'
import { ErrorCard } from '#islands/components/ui/Alert'
import { Loading } from '#islands/components/ui/LoadState'
import { BUTTON, CARD } from '#islands/components/ui/styles'
import { formatCents } from '#shared/money'
import { monthLabel } from '#shared/tuition'
import { countOf } from '#shared/plural'

const LOAD_FAILED = 'Failed to load the month’s figures. Please try again.'

const amount = ({ count, cents }: CountAndCents) => `${count} · ${formatCents(cents)}`

/** The month's tuition invoices in figures (decisions §11), and the same as a spreadsheet. */
export function RunSummary({ month }: { month: string }) {
  const id = useId()
  const summary = useTuitionSummary(month)
  return (
    <section aria-labelledby={`${id}-title`} className={`${CARD} space-y-3`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={`${id}-title`} className="font-semibold">
          {monthLabel(month)} in figures
        </h3>
        <a className={BUTTON.secondary} href={tuitionSummaryCsvUrl(month)} download>
          Download CSV<span className="sr-only"> of {monthLabel(month)}</span>
        </a>
      </div>
      {summary.isPending ? (
        <Loading label="Loading the month’s figures…" />
      ) : summary.isError ? (
        <ErrorCard message={LOAD_FAILED} retryLabel="Try again" onRetry={() => void summary.refetch()} />
      ) : (
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3" aria-label={`${monthLabel(month)} in figures`}>
          <Figure term="Invoices created" value={amount(summary.data.created)} />
          <Figure term="Charged by card" value={amount(summary.data.charged)} />
          <Figure term="Failed card attempts" value={`${summary.data.failed.attempts} on ${countOf(summary.data.failed.invoices, 'invoice')}`} />
          <Figure term="Paid otherwise" value={amount(summary.data.paidOtherwise)} />
          <Figure term="Outstanding" value={amount(summary.data.outstanding)} />
          <Figure term="Cancelled" value={amount(summary.data.cancelled)} />
        </dl>
      )}
    </section>
  )
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className="rounded-xl border border-gray-200 bg-gray-50 p-3">
      <dt className="text-gray-700">{term}</dt>
      <dd className="mt-1 font-semibold tabular-nums">{value}</dd>
    </div>
  )
}
