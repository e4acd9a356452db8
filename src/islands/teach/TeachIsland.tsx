import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'

import { ATTENDANCE_STATUSES, type TeachClassDto } from '#api/attendance/schemas'
import type { UserDto } from '#api/accounts/auth.schemas'
import { useRoster } from '#islands/api/attendance/teach-roster'
import { useTeachClasses } from '#islands/api/classes/teach-classes'
import { CancelToday } from './CancelToday'
import { ErrorCard } from '#islands/components/ui/Alert'
import { Empty, SkeletonRows } from '#islands/components/ui/LoadState'
import { BUTTON, CARD } from '#islands/components/ui/styles'
import { errorMessage } from '#islands/lib/http'
import { queryClient as browserClient } from '#islands/lib/query-client'
import { formatCalendarDay } from '#shared/dates'
import { LABELS, StudentRow } from './StudentRow'

/**
 * The roster of a class on a day. "All present" (issue 23) marks every student without a mark
 * present, one call per student through the same queue as a tap; then the teacher changes the
 * exceptions one by one.
 */
function Roster({ classId, date }: { classId: number; date: string }) {
  const roster = useRoster(classId, date)
  const [allPresent, setAllPresent] = useState(0)
  const summary = useRef<HTMLParagraphElement>(null)
  const hintId = useId()
  if (roster.isPending) return <SkeletonRows count={3} label="Loading the roster…" />
  if (roster.isError) return <ErrorCard message={errorMessage(roster.error, 'Could not load the roster.')} onRetry={() => void roster.refetch()} />
  const { students } = roster.data
  const unmarked = students.filter((s) => s.status === null).length
  const counts = ATTENDANCE_STATUSES.map((status) => `${students.filter((s) => s.status === status).length} ${LABELS[status].toLowerCase()}`)
  return (
    <section aria-labelledby="roster-title" className="space-y-3">
      <div>
        <h2 id="roster-title" className="font-serif text-2xl">
          {roster.data.class.name}
        </h2>
        <p className="text-gray-700">
          {formatCalendarDay(date)} · {roster.data.class.time} · {roster.data.class.location}
        </p>
        {students.length ? (
          <p ref={summary} tabIndex={-1} className="text-sm text-gray-700">
            Saved: {counts.join(', ')}
          </p>
        ) : null}
      </div>
      {unmarked > 0 ? (
        <div className={`${CARD} flex flex-wrap items-center gap-3`}>
          <button
            type="button"
            className={BUTTON.primary}
            aria-describedby={hintId}
            onClick={() => {
              setAllPresent((count) => count + 1)
              summary.current?.focus()
            }}
          >
            All present
          </button>
          <p id={hintId} className="min-w-0 flex-1 text-sm text-gray-700">
            Marks the {unmarked} {unmarked === 1 ? 'student' : 'students'} without a mark as present; then change the exceptions to Late or Absent.
          </p>
        </div>
      ) : null}
      {students.length ? (
        <ul className="space-y-3">
          {students.map((entry) => (
            <StudentRow key={`${classId}:${date}:${entry.studentId}`} entry={entry} classId={classId} date={date} allPresent={allPresent} />
          ))}
        </ul>
      ) : (
        <Empty>No students are enrolled in this class on this day.</Empty>
      )}
    </section>
  )
}

function ClassButton({ cls, selected, onSelect }: { cls: TeachClassDto; selected: boolean; onSelect: () => void }) {
  return (
    <li>
      <button
        type="button"
        aria-pressed={selected}
        onClick={onSelect}
        className={`w-full rounded-2xl border-2 p-4 text-left ${selected ? 'border-brand-700 bg-brand-50' : 'border-gray-200 bg-white hover:bg-gray-50'}`}
      >
        <span className="block text-lg font-semibold">{cls.name}</span>
        <span className="block text-sm text-gray-700">
          {cls.time} · {cls.location}
        </span>
        {cls.cancelledToday ? <span className="mt-1 block text-sm font-semibold text-red-800">Cancelled today</span> : null}
      </button>
    </li>
  )
}

function Teach() {
  const classes = useTeachClasses()
  const [classId, setClassId] = useState<number | null>(null)
  const [date, setDate] = useState<string | null>(null)
  const selectId = useId()
  const dateId = useId()

  if (classes.isPending) return <SkeletonRows count={2} label="Loading your classes…" />
  if (classes.isError) return <ErrorCard message={errorMessage(classes.error, 'Could not load your classes.')} onRetry={() => void classes.refetch()} />

  const { today } = classes.data
  // A class cancelled today stays here, where the cancellation can be undone.
  const todays = classes.data.classes.filter((c) => c.meetsToday || c.cancelledToday)
  const chosen = classId ?? todays[0]?.id ?? null
  const day = date ?? today
  const chosenToday = day === today ? todays.find((cls) => cls.id === chosen) : undefined
  return (
    <div className="space-y-6">
      <section aria-labelledby="today-title" className="space-y-3">
        <h2 id="today-title" className="font-serif text-2xl">
          Today, {formatCalendarDay(today)}
        </h2>
        {todays.length ? (
          <ul className="space-y-2">
            {todays.map((cls) => (
              <ClassButton
                key={cls.id}
                cls={cls}
                selected={cls.id === chosen && day === today}
                onSelect={() => {
                  setClassId(cls.id)
                  setDate(today)
                }}
              />
            ))}
          </ul>
        ) : (
          <Empty>You have no classes today.</Empty>
        )}
      </section>

      {classes.data.classes.length ? (
        <section aria-label="Another class or day" className={`${CARD} grid gap-3 sm:grid-cols-2`}>
          <div>
            <label htmlFor={selectId} className="block text-sm font-semibold">
              Class
            </label>
            <select
              id={selectId}
              value={chosen ?? ''}
              onChange={(event) => setClassId(event.target.value ? Number(event.target.value) : null)}
              className="mt-1 min-h-11 w-full rounded-xl border border-gray-400 bg-white px-3"
            >
              <option value="">Choose a class</option>
              {classes.data.classes.map((cls) => (
                <option key={cls.id} value={cls.id}>
                  {cls.name} ({cls.days})
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={dateId} className="block text-sm font-semibold">
              Date
            </label>
            <input
              id={dateId}
              type="date"
              value={day}
              onChange={(event) => setDate(event.target.value || today)}
              className="mt-1 min-h-11 w-full rounded-xl border border-gray-400 bg-white px-3"
            />
          </div>
        </section>
      ) : (
        <Empty>No classes are assigned to you yet. An administrator sets the teacher of each class.</Empty>
      )}

      {chosenToday ? <CancelToday key={chosenToday.id} cls={chosenToday} /> : null}

      {chosen !== null ? <Roster key={`${chosen}:${day}`} classId={chosen} date={day} /> : null}
    </div>
  )
}

/** /teach (decisions §9): today's classes of the signed-in teacher, the roster and attendance. */
export default function TeachIsland({ user }: { user: UserDto }) {
  const [client] = useState(() =>
    typeof window === 'undefined' ? new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } }) : browserClient,
  )
  return (
    <QueryClientProvider client={client}>
      <p className="mb-4 text-gray-700">Signed in as {user.fullName}. Tap a mark for each student; it is saved at once.</p>
      <Teach />
    </QueryClientProvider>
  )
}
