import { useId, useState } from 'react'

import { type ExamEntryDto, type ExamSessionDto, type TeachExamsDto } from '#api/exams/schemas'
import { useProposeExamEntry } from '#islands/api/exams/teach-exams'
import { ExamStatusBadge } from '#islands/components/ExamStatusBadge'
import { BUTTON, CARD } from '#islands/components/ui/styles'
import { errorMessage } from '#islands/lib/http'
import { formatCents } from '#shared/money'

/** A candidate: their entry's status once proposed, else a grade the session offers and "Propose" (until the deadline). */
export function Candidate({ session, student, entry }: { session: ExamSessionDto; student: TeachExamsDto['students'][number]; entry: ExamEntryDto | null }) {
  const propose = useProposeExamEntry()
  const [levelId, setLevelId] = useState(session.fees[0]?.levelId ?? 0)
  const gradeId = useId()
  return (
    <li className={`${CARD} space-y-2`} data-testid="exam-candidate">
      <div>
        <p className="font-semibold">{student.name}</p>
        <p className="text-sm text-gray-700">{student.classNames.join(', ')}</p>
      </div>
      {entry ? (
        <div className="space-y-1 text-sm" aria-live="polite">
          <p>
            {entry.levelName} · {formatCents(entry.feeCents)}
          </p>
          <ExamStatusBadge status={entry.status} />
          {entry.result ? (
            <p className="font-semibold">
              Result: {entry.result.gradeLabel}, mark {entry.result.mark}
            </p>
          ) : null}
        </div>
      ) : session.closed ? (
        <p className="text-sm text-gray-700">Not entered.</p>
      ) : (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault()
            propose.mutate({ sessionId: session.id, studentId: student.id, levelId })
          }}
        >
          <div className="min-w-40 flex-1">
            <label htmlFor={gradeId} className="block text-sm font-semibold">
              Grade
            </label>
            <select
              id={gradeId}
              value={levelId}
              onChange={(e) => setLevelId(Number(e.target.value))}
              className="mt-1 min-h-11 w-full rounded-xl border border-gray-400 bg-white px-3"
            >
              {session.fees.map((fee) => (
                <option key={fee.levelId} value={fee.levelId}>
                  {fee.levelName} ({formatCents(fee.feeCents)})
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={`${BUTTON.primary} min-h-11`} disabled={propose.isPending}>
            {propose.isPending ? 'Proposing…' : 'Propose'}
            <span className="sr-only"> {student.name}</span>
          </button>
        </form>
      )}
      {propose.error ? (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {errorMessage(propose.error, 'Could not propose. Please try again.')}
        </p>
      ) : null}
    </li>
  )
}
