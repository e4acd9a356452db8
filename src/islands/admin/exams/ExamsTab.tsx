import { useState } from 'react'

import type { ExamListStatus } from '#api/exams/admin-list.schemas'
import { EXAM_ENTRY_STATUSES, EXAM_ENTRY_STATUS_LABELS, type ExamEntryDto } from '#api/exams/schemas'
import { useAdminExams, useExamEntryAction, type ExamEntryAction } from '#islands/api/exams/admin-exams'
import { ErrorCard } from '#islands/components/ui/Alert'
import { ConfirmDialog } from '#islands/components/ui/Dialog'
import { FilterField, SelectField } from '#islands/components/ui/Field'
import { Empty, Loading } from '#islands/components/ui/LoadState'
import { Pager } from '#islands/components/ui/Pager'
import { SectionHeader } from '#islands/components/ui/SectionHeader'
import { BUTTON, SCROLL_LIST } from '#islands/components/ui/styles'
import { useNotify, useNotifyFailure } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'
import { useClampedPage, useDebouncedValue, usePageSize } from '#islands/lib/use-list-paging'
import { formatCalendarDay } from '#shared/dates'
import { ExamEntryCard } from './ExamEntryCard'
import { ExamResultDialog } from './ExamResultDialog'
import { ExamSessionDialog } from './ExamSessionDialog'
import { shownOf } from '#shared/plural'

const ACTION_WORDS: Record<ExamEntryAction, { title: string; done: string }> = {
  confirm: { title: 'Failed to confirm the entry', done: 'Entry confirmed: the family is asked to accept it.' },
  decline: { title: 'Failed to decline the entry', done: 'Entry declined.' },
  withdraw: { title: 'Failed to withdraw the entry', done: 'Entry withdrawn.' },
}

type ExamFilters = { sessionId: number | null; status: ExamListStatus | null; search: string }

const filtered = (filters: ExamFilters) => filters.sessionId !== null || filters.status !== null || filters.search.trim() !== ''

/** Issue 27, decisions §29: exam sessions, the teachers' proposals to confirm, the entries and their results. */
export function ExamsTab() {
  const action = useExamEntryAction()
  const notify = useNotify()
  const notifyFailure = useNotifyFailure()
  const pageSize = usePageSize()
  const [creating, setCreating] = useState(false)
  const [grading, setGrading] = useState<ExamEntryDto | null>(null)
  const [asking, setAsking] = useState<{ entry: ExamEntryDto; action: 'decline' | 'withdraw' } | null>(null)
  const [filters, setFilters] = useState<ExamFilters>({ sessionId: null, status: null, search: '' })
  const [page, setPage] = useState(1)
  const q = useDebouncedValue(filters.search)
  const exams = useAdminExams({ sessionId: filters.sessionId, status: filters.status, q, page, pageSize })
  const entries = exams.data?.entries
  useClampedPage(page, entries?.pageCount, setPage)

  function filter(change: Partial<ExamFilters>) {
    setFilters((f) => ({ ...f, ...change }))
    setPage(1)
  }

  function run(entry: ExamEntryDto, kind: ExamEntryAction) {
    action.mutate(
      { id: entry.id, action: kind },
      {
        onSuccess: () => notify({ title: ACTION_WORDS[kind].done, text: entry.studentName }),
        onError: (error) => notifyFailure(ACTION_WORDS[kind].title, error),
        onSettled: () => setAsking(null),
      },
    )
  }

  return (
    <section aria-labelledby="exams-title">
      <SectionHeader
        id="exams-title"
        title="Exams"
        action={
          <button type="button" className={BUTTON.primary} onClick={() => setCreating(true)}>
            New exam session
          </button>
        }
      >
        Create exam sessions, confirm the teachers’ proposals and record results.
      </SectionHeader>
      {exams.isPending ? (
        <Loading label="Loading exams…" />
      ) : exams.isError ? (
        <ErrorCard message={errorMessage(exams.error, 'Could not load the exams.')} onRetry={() => void exams.refetch()} />
      ) : (
        <div className="space-y-3">
          {exams.data.sessions.length ? (
            <ul className="space-y-1 text-sm" aria-label="Sessions to come">
              {exams.data.sessions.map((s) => (
                <li key={s.id}>
                  <strong>{s.syllabus}</strong>, {formatCalendarDay(s.date)} at {s.venue}:{' '}
                  {s.closed ? 'entries closed' : `entries until ${formatCalendarDay(s.entryDeadline)}`}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-gray-700">No exam session to come.</p>
          )}
          <div className="grid gap-x-3 sm:grid-cols-3">
            <SelectField
              id="exam-filter-session"
              label="Session"
              value={filters.sessionId ?? ''}
              onChange={(e) => filter({ sessionId: e.target.value ? Number(e.target.value) : null })}
            >
              <option value="">All sessions</option>
              {exams.data.sessionChoices.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.syllabus}, {formatCalendarDay(s.date)}
                </option>
              ))}
            </SelectField>
            <SelectField
              id="exam-filter-status"
              label="Status"
              value={filters.status ?? ''}
              onChange={(e) => filter({ status: (e.target.value || null) as ExamFilters['status'] })}
            >
              <option value="">Any status</option>
              <option value="to-do">Waiting for the studio</option>
              {EXAM_ENTRY_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {EXAM_ENTRY_STATUS_LABELS[s]}
                </option>
              ))}
            </SelectField>
            <FilterField id="exam-filter-search" label="Student" value={filters.search} onChange={(search) => filter({ search })} placeholder="Name" />
          </div>
          <p className="text-sm text-gray-700" aria-live="polite">
            {shownOf(exams.data.entries, 'entry', 'entries')}
          </p>
          {exams.data.entries.total === 0 ? (
            <Empty>{filtered(filters) ? 'No entry matches these filters.' : 'No entry yet: teachers propose candidates from /teach/exams.'}</Empty>
          ) : (
            <ul className={`${SCROLL_LIST} bg-white`} aria-label="Exam entries">
              {exams.data.entries.items.map((entry) => (
                <ExamEntryCard
                  key={entry.id}
                  entry={entry}
                  busy={action.isPending}
                  onResult={() => setGrading(entry)}
                  onAction={(kind) => (kind === 'confirm' ? run(entry, kind) : setAsking({ entry, action: kind }))}
                />
              ))}
            </ul>
          )}
          <Pager label="Exam entries" page={exams.data.entries.page} pageCount={exams.data.entries.pageCount} onPage={setPage} />
        </div>
      )}
      <ExamSessionDialog open={creating} onClose={() => setCreating(false)} />
      <ExamResultDialog entry={grading} onClose={() => setGrading(null)} />
      <ConfirmDialog
        open={asking !== null}
        title={asking?.action === 'withdraw' ? 'Withdraw this entry?' : 'Decline this entry?'}
        confirmLabel={asking?.action === 'withdraw' ? 'Withdraw' : 'Decline'}
        pending={action.isPending}
        onConfirm={() => asking && run(asking.entry, asking.action)}
        onCancel={() => setAsking(null)}
      >
        {asking
          ? `${asking.entry.studentName}, ${asking.entry.session.syllabus} ${asking.entry.levelName}. ${
              asking.action === 'withdraw' && asking.entry.invoiceId
                ? 'The fee is already billed: it stays on its invoice for you to credit or void.'
                : 'It will not be billed.'
            }`
          : null}
      </ConfirmDialog>
    </section>
  )
}
