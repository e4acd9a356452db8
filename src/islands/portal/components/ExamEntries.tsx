import type { ExamEntryDto } from '#api/exams/schemas'
import { useAnswerExamEntry, useExamEntries } from '#islands/api/exams/exam-entries'
import { BUTTON } from '#islands/components/ui/styles'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'
import { useCanChangeFamily, VIEW_ONLY_NOTICE } from '#islands/lib/use-family-access'
import { formatCalendarDay } from '#shared/dates'
import { formatCents } from '#shared/money'

function Entry({ entry }: { entry: ExamEntryDto }) {
  const answer = useAnswerExamEntry()
  const notify = useNotify()
  // A view-and-attendance guardian reads the entry; a guardian with full access answers it (decisions §23, §29).
  const canChange = useCanChangeFamily()
  const exam = `${entry.session.syllabus} ${entry.levelName}`

  function send(accept: boolean) {
    answer.mutate(
      { id: entry.id, accept },
      {
        onSuccess: () =>
          notify(
            accept
              ? { title: 'Exam entry accepted', text: `${entry.studentName} is entered for ${exam}; the ${formatCents(entry.feeCents)} fee will be billed.` }
              : { title: 'Exam entry declined', text: `${entry.studentName} will not sit ${exam}.` },
          ),
        onError: (error) => notify({ title: 'Error', text: errorMessage(error, 'Could not answer the exam entry. Please try again.'), tone: 'error' }),
      },
    )
  }

  return (
    <li className="rounded-2xl border-2 border-brand-700 bg-brand-50 p-4" data-testid="exam-entry-offer">
      <p className="font-semibold">
        {entry.studentName} is put forward for the {exam} exam
      </p>
      <p className="mt-1 text-sm text-gray-800">
        {formatCalendarDay(entry.session.date)} at {entry.session.venue}. Entry fee <strong>{formatCents(entry.feeCents)}</strong>: if you accept, it will be
        billed to your account.
      </p>
      <p className="mt-1 text-sm font-semibold text-gray-800">Please answer by {formatCalendarDay(entry.session.entryDeadline)}.</p>
      {canChange ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={BUTTON.primary} disabled={answer.isPending} onClick={() => send(true)}>
            Accept<span className="sr-only"> the exam entry for {entry.studentName}</span>
          </button>
          <button type="button" className={BUTTON.dangerOutline} disabled={answer.isPending} onClick={() => send(false)}>
            Decline<span className="sr-only"> the exam entry for {entry.studentName}</span>
          </button>
        </div>
      ) : (
        <p className="mt-3 text-sm text-gray-800">{VIEW_ONLY_NOTICE}</p>
      )}
    </li>
  )
}

/** The dashboard's exam entries waiting for the household's answer before the deadline (decisions §29); nothing when there are none. */
export function ExamEntries() {
  const entries = useExamEntries()
  const waiting = (entries.data ?? []).filter((entry) => entry.status === 'confirmed' && !entry.session.closed)
  if (waiting.length === 0) return null
  return (
    <section aria-labelledby="exam-entries-title" className="rounded-3xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="exam-entries-title" className="font-serif text-xl">
        Exam entries to answer
      </h2>
      <ul className="mt-3 space-y-3">
        {waiting.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </ul>
    </section>
  )
}
