import { type ExamEntryDto } from '#api/exams/schemas'
import type { ExamEntryAction } from '#islands/api/exams/admin-exams'
import { ExamStatusBadge } from '#islands/components/ExamStatusBadge'
import { BUTTON } from '#islands/components/ui/styles'
import { formatCalendarDay } from '#shared/dates'
import { formatCents } from '#shared/money'

/** One entry of the Exams tab: who, which exam and grade, the fee, where it stands and what the studio may do next. */
export function ExamEntryCard({
  entry,
  busy,
  onAction,
  onResult,
}: {
  entry: ExamEntryDto
  busy: boolean
  onAction: (action: ExamEntryAction) => void
  onResult: () => void
}) {
  const { status } = entry
  const who = <span className="sr-only"> {entry.studentName}</span>
  return (
    <li className="space-y-2 border-t border-gray-200 p-3 first:border-t-0" data-testid="exam-entry">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold">{entry.studentName}</p>
          <p className="text-sm text-gray-700">
            {entry.session.syllabus} {entry.levelName} · {formatCalendarDay(entry.session.date)} · {formatCents(entry.feeCents)}
            {entry.invoiceId ? ` · billed on invoice #${entry.invoiceId}` : ''}
          </p>
        </div>
        <ExamStatusBadge status={status} />
      </div>
      {entry.result ? (
        <p className="text-sm font-semibold">
          Result: {entry.result.gradeLabel}, mark {entry.result.mark}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {status === 'proposed' ? (
          <button type="button" className={BUTTON.primary} disabled={busy} onClick={() => onAction('confirm')}>
            Confirm{who}
          </button>
        ) : null}
        {status === 'accepted' ? (
          <button type="button" className={BUTTON.primary} disabled={busy} onClick={onResult}>
            {entry.result ? 'Change result' : 'Record result'}
            {who}
          </button>
        ) : null}
        {status === 'proposed' || status === 'confirmed' ? (
          <button type="button" className={BUTTON.secondary} disabled={busy} onClick={() => onAction('decline')}>
            Decline{who}
          </button>
        ) : null}
        {status === 'proposed' || status === 'confirmed' || status === 'accepted' ? (
          <button type="button" className={BUTTON.dangerOutline} disabled={busy} onClick={() => onAction('withdraw')}>
            Withdraw{who}
          </button>
        ) : null}
      </div>
    </li>
  )
}
