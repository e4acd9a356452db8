import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useId, useState } from 'react'

import type { UserDto } from '#api/accounts/auth.schemas'
import type { ExamSessionDto, TeachExamsDto } from '#api/exams/schemas'
import { useTeachExams } from '#islands/api/exams/teach-exams'
import { ErrorCard } from '#islands/components/ui/Alert'
import { Empty, SkeletonRows } from '#islands/components/ui/LoadState'
import { CARD } from '#islands/components/ui/styles'
import { errorMessage } from '#islands/lib/http'
import { queryClient as browserClient } from '#islands/lib/query-client'
import { formatCalendarDay } from '#shared/dates'
import { Candidate } from './Candidate'

function sessionLabel(session: ExamSessionDto): string {
  return `${session.syllabus}, ${formatCalendarDay(session.date)}${session.closed ? ' (entries closed)' : ''}`
}

/** One session: when and where, until when entries are taken, and every candidate of the teacher's classes. */
function Session({ session, data }: { session: ExamSessionDto; data: TeachExamsDto }) {
  return (
    <section aria-labelledby="exam-session-title" className="space-y-3">
      <div>
        <h2 id="exam-session-title" className="font-serif text-2xl">
          {session.syllabus} exam, {formatCalendarDay(session.date)}
        </h2>
        <p className="text-gray-700">{session.venue}</p>
        <p className={`text-sm font-semibold ${session.closed ? 'text-red-800' : 'text-gray-800'}`}>
          {session.closed ? `Entries closed on ${formatCalendarDay(session.entryDeadline)}.` : `Propose by ${formatCalendarDay(session.entryDeadline)}.`}
        </p>
      </div>
      {data.students.length ? (
        <ul className="space-y-3" aria-label="Candidates">
          {data.students.map((student) => (
            <Candidate
              key={`${session.id}:${student.id}`}
              session={session}
              student={student}
              entry={data.entries.find((e) => e.session.id === session.id && e.studentId === student.id) ?? null}
            />
          ))}
        </ul>
      ) : (
        <Empty>No students are enrolled in your classes.</Empty>
      )}
    </section>
  )
}

function Exams() {
  const exams = useTeachExams()
  const [chosen, setChosen] = useState<number | null>(null)
  const selectId = useId()
  if (exams.isPending) return <SkeletonRows count={2} label="Loading exams…" />
  if (exams.isError) return <ErrorCard message={errorMessage(exams.error, 'Could not load the exams.')} onRetry={() => void exams.refetch()} />
  const { sessions } = exams.data
  if (sessions.length === 0) return <Empty>No exam session is planned yet.</Empty>
  const session = sessions.find((s) => s.id === chosen) ?? sessions.find((s) => !s.closed) ?? sessions[0]!
  return (
    <div className="space-y-4">
      <div className={CARD}>
        <label htmlFor={selectId} className="block text-sm font-semibold">
          Exam session
        </label>
        <select
          id={selectId}
          value={session.id}
          onChange={(e) => setChosen(Number(e.target.value))}
          className="mt-1 min-h-11 w-full rounded-xl border border-gray-400 bg-white px-3"
        >
          {sessions.map((s) => (
            <option key={s.id} value={s.id}>
              {sessionLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <Session session={session} data={exams.data} />
    </div>
  )
}

/** /teach/exams (issue 27, decisions §29): a teacher proposes candidates from their own classes for a graded exam. */
export default function ExamsIsland({ user }: { user: UserDto }) {
  const [client] = useState(() =>
    typeof window === 'undefined' ? new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } }) : browserClient,
  )
  return (
    <QueryClientProvider client={client}>
      <p className="mb-4 text-gray-700">
        Signed in as {user.fullName}. Propose a dancer for the grade they are ready for; the studio confirms and the family is then asked.
      </p>
      <Exams />
    </QueryClientProvider>
  )
}
