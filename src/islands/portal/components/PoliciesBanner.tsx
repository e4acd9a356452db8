import { useOutstandingPolicies } from '#islands/api/policies/list-outstanding-policies'

/** The portal's reminder (issue 26): a student's documents to sign, with the way to sign them. */
export function PoliciesBanner() {
  const outstanding = useOutstandingPolicies()
  if (!outstanding.data?.length) return null
  return (
    <div role="note" aria-label="Documents to sign" className="space-y-2 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      {outstanding.data.map((entry) => (
        <p key={entry.studentId}>
          <span className="font-semibold">Please sign for {entry.studentName}:</span> {entry.titles.join(', ')}.{' '}
          <a href={`/policies?studentId=${entry.studentId}`} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
            Sign now
          </a>
        </p>
      ))}
    </div>
  )
}
