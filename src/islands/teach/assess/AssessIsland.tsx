import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useId, useState } from 'react'

import type { UserDto } from '#api/accounts/auth.schemas'
import { useAssessmentSheet, useTeachAssessments } from '#islands/api/levels/teach-assessments'
import { ErrorCard } from '#islands/components/ui/Alert'
import { Empty, SkeletonRows } from '#islands/components/ui/LoadState'
import { BUTTON, CARD } from '#islands/components/ui/styles'
import { errorMessage } from '#islands/lib/http'
import { queryClient as browserClient } from '#islands/lib/query-client'
import { StudentSheet } from './StudentSheet'
import { useQueuedMarks } from './use-queued-marks'

/** One class's sheet: every student, and one line saying what is still on the phone. */
function Sheet({ windowId, classId }: { windowId: number; classId: number }) {
  const sheet = useAssessmentSheet(windowId, classId)
  const queue = useQueuedMarks(windowId, classId)
  if (sheet.isPending) return <SkeletonRows count={2} label="Loading the class…" />
  if (sheet.isError) return <ErrorCard message={errorMessage(sheet.error, 'Could not load the class.')} onRetry={() => void sheet.refetch()} />
  const waiting = Object.keys(queue.unsaved).length
  return (
    <section aria-labelledby="sheet-title" className="space-y-3">
      <h2 id="sheet-title" className="font-serif text-2xl">
        {sheet.data.class.name}
      </h2>
      <div aria-live="polite" className="text-sm">
        {queue.refused ? (
          <p role="alert" className="rounded-xl border border-red-300 bg-red-50 px-3 py-2 font-semibold text-red-900">
            {queue.refused}
          </p>
        ) : null}
        {waiting === 0 ? (
          <p className="text-gray-700">All marks saved.</p>
        ) : queue.online ? (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold text-gray-800">
              {waiting} {waiting === 1 ? 'mark' : 'marks'} not saved yet{queue.sending ? ': sending…' : '.'}
            </p>
            <button type="button" className={BUTTON.secondary} onClick={() => queue.resend()}>
              Send again
            </button>
          </div>
        ) : (
          <p className="font-semibold text-amber-900">
            {waiting} {waiting === 1 ? 'mark' : 'marks'} not saved yet: waiting for a connection. They are kept on this phone and sent when it is back online.
          </p>
        )}
      </div>
      {sheet.data.students.length ? (
        <ul className="space-y-3">
          {sheet.data.students.map((student) => (
            <StudentSheet key={student.studentId} sheet={sheet.data} student={student} unsaved={queue.unsaved} conflicts={queue.conflicts} send={queue.send} />
          ))}
        </ul>
      ) : (
        <Empty>No students are enrolled in this class.</Empty>
      )}
    </section>
  )
}

function Assess() {
  const windows = useTeachAssessments()
  const [chosen, setChosen] = useState<string>('')
  const selectId = useId()
  if (windows.isPending) return <SkeletonRows count={2} label="Loading assessments…" />
  if (windows.isError) return <ErrorCard message={errorMessage(windows.error, 'Could not load the assessments.')} onRetry={() => void windows.refetch()} />
  const options = windows.data.flatMap((w) => w.classes.map((c) => ({ value: `${w.id}:${c.id}`, label: `${w.name}: ${c.name}` })))
  if (options.length === 0) return <Empty>No assessment of your classes is open.</Empty>
  const [windowId, classId] = (chosen || options[0]!.value).split(':').map(Number) as [number, number]
  return (
    <div className="space-y-4">
      <div className={CARD}>
        <label htmlFor={selectId} className="block text-sm font-semibold">
          Assessment and class
        </label>
        <select
          id={selectId}
          value={chosen || options[0]!.value}
          onChange={(e) => setChosen(e.target.value)}
          className="mt-1 min-h-11 w-full rounded-xl border border-gray-400 bg-white px-3"
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <Sheet key={`${windowId}:${classId}`} windowId={windowId} classId={classId} />
    </div>
  )
}

/** /teach/assess (issue 27): a teacher scores their class on the phone; marks wait on the phone while offline. */
export default function AssessIsland({ user }: { user: UserDto }) {
  const [client] = useState(() =>
    typeof window === 'undefined' ? new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } }) : browserClient,
  )
  return (
    <QueryClientProvider client={client}>
      <p className="mb-4 text-gray-700">Signed in as {user.fullName}. Tap a score for each skill; it is kept on this phone until it is saved.</p>
      <Assess />
    </QueryClientProvider>
  )
}
