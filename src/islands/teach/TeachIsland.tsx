import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useId, useState } from 'react'

import { ATTENDANCE_STATUSES, type AttendanceStatus, type RosterEntryDto, type TeachClassDto } from '#api/attendance/schemas'
import type { UserDto } from '#api/accounts/auth.schemas'
import { isRetryable, useMarkAttendance } from '#islands/api/teach-mark-attendance'
import { useRoster } from '#islands/api/teach-roster'
import { useTeachClasses } from '#islands/api/teach-classes'
import { ErrorCard } from '#islands/components/ui/Alert'
import { Empty, SkeletonRows } from '#islands/components/ui/LoadState'
import { BUTTON, CARD } from '#islands/components/ui/styles'
import { errorMessage } from '#islands/lib/http'
import { queryClient as browserClient } from '#islands/lib/query-client'
import { formatCalendarDay } from '#shared/dates'
import { clearUnsaved, markKey, readUnsaved, writeUnsaved } from './unsaved-marks'

const LABELS: Record<AttendanceStatus, string> = { present: 'Present', late: 'Late', absent: 'Absent' }
const PRESSED: Record<AttendanceStatus, string> = {
  present: 'border-green-800 bg-green-700 text-white',
  late: 'border-amber-800 bg-amber-600 text-black',
  absent: 'border-red-800 bg-red-700 text-white',
}
const ORDER: AttendanceStatus[] = ['present', 'late', 'absent']

/**
 * One student's line of the roster: three big buttons. A tap shows at once; until the server
 * confirms it, the mark reads "Not saved yet", is kept on the phone (unsaved-marks) and is
 * retried — automatically, when the connection returns, and with the Retry button.
 */
function StudentRow({ entry, classId, date }: { entry: RosterEntryDto; classId: number; date: string }) {
  const key = markKey(classId, entry.studentId, date)
  // One queue per student and day: a quick second tap is sent after the first, never before it.
  const mark = useMarkAttendance(key)
  const [unsaved, setUnsaved] = useState<AttendanceStatus | null>(() => readUnsaved(key))
  // A mark the server refused (4xx: the student left the class, the class is not theirs any
  // more…) is dropped from the phone, and the teacher reads why: never dropped without a word.
  const [refused, setRefused] = useState<string | null>(null)
  const shown = unsaved ?? entry.status
  const groupId = useId()

  function transmit(status: AttendanceStatus) {
    writeUnsaved(key, status)
    mark.mutate(
      { classId, studentId: entry.studentId, date, status },
      {
        onSuccess: (saved) => {
          clearUnsaved(key, saved.status)
          setUnsaved((current) => (current === saved.status ? null : current))
        },
        onError: (error) => {
          if (isRetryable(error)) return
          clearUnsaved(key, status)
          setUnsaved((current) => (current === status ? null : current))
          setRefused(`The ${LABELS[status].toLowerCase()} mark was not saved: ${errorMessage(error, 'the server refused it.')}`)
        },
      },
    )
  }
  function send(status: AttendanceStatus) {
    setRefused(null)
    setUnsaved(status)
    transmit(status)
  }
  const resend = useEffectEvent(() => {
    const status = readUnsaved(key)
    if (status) transmit(status)
  })

  // A mark left unsaved by an earlier visit goes again at once, a failed one when the phone is back online.
  useEffect(() => {
    resend()
    window.addEventListener('online', resend)
    return () => window.removeEventListener('online', resend)
  }, [key])

  const failed = unsaved !== null && !mark.isPending
  const contact = entry.emergencyContact
  return (
    <li className={`${CARD} space-y-3`} data-testid="roster-row">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p id={groupId} className="text-lg font-semibold">
            {entry.fullName}
          </p>
          <p className="text-sm text-gray-700">Age {entry.age}</p>
          {entry.makeupFrom ? <p className="text-sm font-semibold text-brand-800">Makeup for {entry.makeupFrom}, this day only</p> : null}
          {entry.reportedByFamily && !unsaved ? <p className="text-sm font-semibold text-red-800">Reported absent by the family</p> : null}
        </div>
        <p className="text-right text-sm text-gray-800">
          {contact ? (
            <>
              <span className="block font-semibold">Emergency: {contact.name}</span>
              <a className="text-brand-800 underline" href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>
                {contact.phone}
              </a>
            </>
          ) : (
            <span className="text-gray-700">No emergency contact</span>
          )}
        </p>
      </div>
      <div role="group" aria-labelledby={groupId} className="grid grid-cols-3 gap-2">
        {ORDER.map((status) => (
          <button
            key={status}
            type="button"
            aria-pressed={shown === status}
            onClick={() => send(status)}
            className={`min-h-12 rounded-xl border-2 px-2 text-base font-semibold ${shown === status ? PRESSED[status] : 'border-gray-300 bg-white text-ink hover:bg-gray-50'}`}
          >
            {LABELS[status]}
          </button>
        ))}
      </div>
      <div aria-live="polite" className="text-sm">
        {refused ? (
          <p role="alert" className="rounded-xl border border-red-300 bg-red-50 px-3 py-2 font-semibold text-red-900">
            {refused}
          </p>
        ) : null}
        {unsaved && mark.isPending && !mark.isPaused ? <p className="text-gray-700">Saving…</p> : null}
        {unsaved && mark.isPaused ? (
          <p className="font-semibold text-amber-900">Not saved yet: waiting for a connection. It will be sent when the phone is back online.</p>
        ) : null}
        {failed ? (
          <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-red-300 bg-red-50 px-3 py-2 text-red-900">
            <p>
              <span className="font-semibold">Not saved yet.</span> {mark.error ? errorMessage(mark.error, 'Could not reach the server.') : ''}
            </p>
            <button type="button" className={BUTTON.secondary} onClick={() => send(unsaved)}>
              Retry<span className="sr-only"> saving {entry.fullName}</span>
            </button>
          </div>
        ) : null}
      </div>
    </li>
  )
}

function Roster({ classId, date }: { classId: number; date: string }) {
  const roster = useRoster(classId, date)
  if (roster.isPending) return <SkeletonRows count={3} label="Loading the roster…" />
  if (roster.isError) return <ErrorCard message={errorMessage(roster.error, 'Could not load the roster.')} onRetry={() => void roster.refetch()} />
  const { students } = roster.data
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
        {students.length ? <p className="text-sm text-gray-700">Saved: {counts.join(', ')}</p> : null}
      </div>
      {students.length ? (
        <ul className="space-y-3">
          {students.map((entry) => (
            <StudentRow key={`${classId}:${date}:${entry.studentId}`} entry={entry} classId={classId} date={date} />
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
  const todays = classes.data.classes.filter((c) => c.meetsToday)
  const chosen = classId ?? todays[0]?.id ?? null
  const day = date ?? today
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

      {chosen !== null ? <Roster classId={chosen} date={day} /> : null}
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
