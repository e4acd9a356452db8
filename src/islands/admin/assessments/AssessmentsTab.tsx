import { useId, useState } from 'react'

import type { AdminAssessmentWindowDto, AssessmentReviewDto, ReviewItemDto } from '#api/levels/assessment.schemas'
import {
  useAssessmentReview,
  useAssessmentWindows,
  useChooseMark,
  usePlaceFromRecommendations,
  usePublishAssessment,
} from '#islands/api/levels/admin-assessments'
import { ErrorAlert, ErrorCard } from '#islands/components/ui/Alert'
import { ConfirmDialog } from '#islands/components/ui/Dialog'
import { Empty, Loading } from '#islands/components/ui/LoadState'
import { SectionHeader } from '#islands/components/ui/SectionHeader'
import { BUTTON, CARD } from '#islands/components/ui/styles'
import { errorMessage } from '#islands/lib/http'
import { RECOMMENDATION_LABELS } from '#shared/levels'
import { useAcademyDateTime } from '#islands/admin/viewer'
import { countOf } from '#shared/plural'
import { AssessmentWindowDialog } from './AssessmentWindowDialog'

/** What one mark says, in words. */
function markText(mark: ReviewItemDto['marks'][number], review: AssessmentReviewDto): string {
  if (mark.score !== null) return `${mark.score} ${review.window.scale.find((s) => s.value === mark.score)?.label ?? ''}`.trim()
  if (mark.recommendation) return RECOMMENDATION_LABELS[mark.recommendation]
  return mark.comment ?? ''
}

/** A window's review: the marks two assessors disagree on, each with who and when, to choose; then Publish. */
function Review({ windowId }: { windowId: number }) {
  const formatDateTime = useAcademyDateTime()
  const review = useAssessmentReview(windowId)
  const choose = useChooseMark()
  const publish = usePublishAssessment()
  const place = usePlaceFromRecommendations()
  const [confirming, setConfirming] = useState(false)
  if (review.isPending) return <Loading label="Loading the review…" />
  if (review.isError) return <ErrorCard message={errorMessage(review.error, 'Could not load the review.')} onRetry={() => void review.refetch()} />
  const data = review.data
  const marked = data.students.reduce((count, s) => count + s.items.length, 0)
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-800">
        {countOf(data.students.length, 'student')}, {countOf(marked, 'item')} marked.{' '}
        {data.window.publishedAt
          ? `Published ${formatDateTime(data.window.publishedAt)}: families see the report cards.`
          : data.conflicts
            ? `${data.conflicts} ${data.conflicts === 1 ? 'item needs' : 'items need'} a choice before publishing.`
            : 'Nothing to choose: ready to publish.'}
      </p>
      {data.students.map((student) => {
        const conflicts = student.items.filter((item) => item.conflict || item.marks.some((m) => m.chosen))
        if (conflicts.length === 0) return null
        return (
          <section key={student.studentId} className={CARD} aria-label={`Choices for ${student.fullName}`}>
            <h3 className="font-semibold">{student.fullName}</h3>
            {conflicts.map((item) => (
              <div key={item.item} className="mt-2 space-y-1">
                <p className="text-sm font-semibold">{item.label}</p>
                <ul className="space-y-1">
                  {item.marks.map((mark) => (
                    <li key={mark.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                      <span>
                        {markText(mark, data)} by {mark.teacherName}, {formatDateTime(mark.markedAt)}
                        {mark.chosen ? <strong> · chosen</strong> : null}
                      </span>
                      {mark.chosen || data.window.publishedAt ? null : (
                        <button type="button" className={BUTTON.secondary} disabled={choose.isPending} onClick={() => choose.mutate(mark.id)}>
                          Choose
                          <span className="sr-only">
                            {' '}
                            {markText(mark, data)} by {mark.teacherName}
                          </span>
                        </button>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </section>
        )
      })}
      {choose.error ? <ErrorAlert title="Could not choose">{errorMessage(choose.error, 'Please try again.')}</ErrorAlert> : null}
      {publish.error ? <ErrorAlert title="Not published">{errorMessage(publish.error, 'Please try again.')}</ErrorAlert> : null}
      {publish.data ? (
        <p role="status" className="font-semibold text-green-800">
          {publish.data.message}
        </p>
      ) : null}
      {place.error ? <ErrorAlert title="Not placed">{errorMessage(place.error, 'Please try again.')}</ErrorAlert> : null}
      {place.data ? (
        <p role="status" className="font-semibold text-green-800">
          {place.data.message}
        </p>
      ) : null}
      {data.window.publishedAt ? (
        <button type="button" className={BUTTON.secondary} disabled={place.isPending} onClick={() => place.mutate(windowId)}>
          Place students at their recommended levels
        </button>
      ) : (
        // With marks still to choose the server's refusal says which; otherwise publishing is confirmed first.
        <button
          type="button"
          className={BUTTON.primary}
          disabled={publish.isPending}
          onClick={() => (data.conflicts ? publish.mutate(windowId) : setConfirming(true))}
        >
          Publish report cards
        </button>
      )}
      <ConfirmDialog
        open={confirming}
        title="Publish report cards?"
        confirmLabel="Publish"
        pendingLabel="Publishing…"
        destructive={false}
        pending={publish.isPending}
        onConfirm={() => publish.mutate(windowId, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      >
        <p>
          The families of {countOf(data.students.length, 'student')} will see the report cards of {data.window.name} in the portal from now on.
        </p>
      </ConfirmDialog>
    </div>
  )
}

/**
 * Assessments (issues 27 and 41): the administrator opens a window and changes it until it is
 * published, reviews the teachers' marks and publishes the report cards, all here.
 */
export function AssessmentsTab() {
  const windows = useAssessmentWindows()
  const [chosen, setChosen] = useState<number | null>(null)
  // null: closed; 'new': a new window; a window: that one changed.
  const [editing, setEditing] = useState<AdminAssessmentWindowDto | 'new' | null>(null)
  const selectId = useId()
  const selected = windows.data?.find((w) => w.id === chosen) ?? windows.data?.[0]
  return (
    <section aria-labelledby="assessments-title">
      <SectionHeader id="assessments-title" title="Assessments">
        Open an assessment window for some classes, review the teachers’ marks and publish the report cards.
      </SectionHeader>
      <div className="mb-4">
        <button type="button" className={BUTTON.primary} onClick={() => setEditing('new')}>
          New assessment
        </button>
      </div>
      {editing ? <AssessmentWindowDialog window={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {windows.isPending ? (
        <Loading label="Loading assessments…" />
      ) : windows.isError ? (
        <ErrorCard message={errorMessage(windows.error, 'Could not load the assessments.')} onRetry={() => void windows.refetch()} />
      ) : !selected ? (
        <Empty>No assessment window yet.</Empty>
      ) : (
        <div className="space-y-4">
          <div className={CARD}>
            <label htmlFor={selectId} className="block text-sm font-semibold">
              Assessment window
            </label>
            <select
              id={selectId}
              value={selected.id}
              onChange={(e) => setChosen(Number(e.target.value))}
              className="mt-1 min-h-11 w-full rounded-xl border border-gray-400 bg-white px-3"
            >
              {windows.data.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name} ({w.opensOn} to {w.closesOn}){w.publishedAt ? ', published' : ''}
                </option>
              ))}
            </select>
            <p className="mt-2 text-sm text-gray-700">Classes: {selected.classes.map((c) => c.name).join(', ')}</p>
            {selected.publishedAt ? null : (
              <button type="button" className={`${BUTTON.secondary} mt-2`} onClick={() => setEditing(selected)}>
                Change {selected.name}
              </button>
            )}
          </div>
          <Review key={selected.id} windowId={selected.id} />
        </div>
      )}
    </section>
  )
}
