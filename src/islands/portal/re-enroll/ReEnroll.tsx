import { useReEnrollment } from '#islands/api/seasons/re-enrollment'
import { ErrorCard } from '#islands/components/ui/Alert'
import { SkeletonRows } from '#islands/components/ui/LoadState'
import { useCanChangeFamily, VIEW_ONLY_NOTICE } from '#islands/lib/use-family-access'
import { ChildReEnrollment } from './ChildReEnrollment'
import { phaseText, returningChildren, seasonDaysText } from './phase'

const NOTE = 'rounded-2xl border border-gray-200 bg-white p-4 text-gray-800 shadow-sm'

/** /re-enroll (issue 27, the next season): the coming season's phase and, per returning child, the placement, suggested classes and one "Re-enroll". */
export function ReEnroll() {
  const data = useReEnrollment()
  const canChange = useCanChangeFamily()

  return (
    <main id="main" className="space-y-4 px-4 py-5">
      <header>
        <h1 className="font-serif text-3xl leading-tight">Re-enroll for next season</h1>
        <p className="mt-1 text-gray-800">Your dancers' levels and the classes suggested for them next season.</p>
      </header>
      {data.isPending ? (
        <SkeletonRows count={2} label="Loading the next season…" className="h-32" />
      ) : data.isError ? (
        <ErrorCard title="Failed to load the next season" onRetry={() => void data.refetch()} />
      ) : !data.data.season || !data.data.phase ? (
        <p className={NOTE}>There is no next season to enroll in yet. The studio will open registration here when it is ready.</p>
      ) : (
        <>
          <section aria-labelledby="phase-title" className="rounded-2xl border border-brand-100 bg-brand-50 p-4">
            <h2 id="phase-title" className="font-semibold">
              {phaseText(data.data.season, data.data.phase).title}
            </h2>
            <p className="mt-1">{phaseText(data.data.season, data.data.phase).text}</p>
            <p className="mt-1 text-sm text-gray-800">{seasonDaysText(data.data.season)}</p>
          </section>
          {!canChange ? (
            <p role="note" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-950">
              {VIEW_ONLY_NOTICE}
            </p>
          ) : null}
          {returningChildren(data.data).length === 0 ? (
            <div className={NOTE}>
              <p className="font-semibold">Nothing to re-enroll</p>
              <p className="mt-1">
                Re-enrollment is for dancers who were in a class at the end of this season, and none of yours was.{' '}
                {data.data.phase === 'open'
                  ? 'Registration is open to everyone: choose classes from Browse Classes.'
                  : `New dancers can choose classes when registration opens to everyone.`}
              </p>
              <a href="/home" className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
                Browse classes
              </a>
            </div>
          ) : (
            <ul className="space-y-4" aria-label="Your returning dancers">
              {returningChildren(data.data).map((child) => (
                <ChildReEnrollment key={child.studentId} child={child} season={data.data.season!} canChange={canChange} />
              ))}
            </ul>
          )}
        </>
      )}
    </main>
  )
}
