import { useReEnrollment } from '#islands/api/seasons/re-enrollment'
import { phaseText, showsReEnrollBanner } from './phase'

/** The dashboard's way to /re-enroll (issue 27): only while the next season's priority or open registration is on and a child is returning. */
export function ReEnrollBanner() {
  const data = useReEnrollment().data
  if (!data || !showsReEnrollBanner(data)) return null
  return (
    <div role="note" aria-label="Next season" className="rounded-2xl border border-brand-100 bg-brand-50 p-4">
      <p className="font-semibold">{phaseText(data.season!, data.phase!).title}</p>
      <a href="/re-enroll" className="mt-1 inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
        Re-enroll your dancers
      </a>
    </div>
  )
}
