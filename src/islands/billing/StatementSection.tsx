import { useId } from 'react'

import { useStatement } from '#islands/api/statements/get-statement'
import { StatementView } from '#islands/components/Statement'
import { ErrorCard } from '#islands/components/ui/Alert'
import { Loading } from '#islands/components/ui/LoadState'

const LOAD_FAILED = 'Failed to load your statement. Please try again.'

/**
 * /billing's statement (decisions §11): above the two tabs, so the balance and the coming invoice,
 * line by line, are the first thing a family reads. Its invoices and payments are not repeated
 * here: the page lists them once (the invoice list with its filter, Payment History).
 */
export function StatementSection() {
  const id = useId()
  const statement = useStatement()
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-3xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={`${id}-title`} className="mb-4 font-serif text-2xl text-ink">
        Statement
      </h2>
      {statement.isPending ? (
        <Loading label="Loading your statement…" />
      ) : statement.isError ? (
        <ErrorCard message={LOAD_FAILED} retryLabel="Try again" onRetry={() => void statement.refetch()} />
      ) : (
        <StatementView statement={statement.data} history={false} />
      )}
    </section>
  )
}
