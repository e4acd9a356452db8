import { useState } from 'react'

import type { ClassDto } from '#api/classes/schemas'
import { sortAgeGroups } from '#shared/eligibility'
import { useDeleteClass } from '#islands/api/classes/admin-delete-class'
import { useClasses } from '#islands/api/classes/list-classes'
import { formatPricePerMonth } from '#shared/money'
import { ErrorCard } from '#islands/components/ui/Alert'
import { ConfirmDialog } from '#islands/components/ui/Dialog'
import { Empty, Loading } from '#islands/components/ui/LoadState'
import { useLoadFailureToast, useNotify, useNotifyFailure } from '#islands/components/ui/Toast'
import { SectionHeader } from '#islands/components/ui/SectionHeader'
import { BUTTON, SCROLL_LIST } from '#islands/components/ui/styles'
import { ClassFormDialog } from './ClassFormDialog'
import { SeasonRetention } from './SeasonRetention'
import { SeasonRollover } from './SeasonRollover'

const LOAD_FAILED = 'Failed to load classes. Please try again.'

/** Age groups in the catalogue's order (numeric, '+' groups last), then by name. */
function sortClasses(items: ClassDto[]): ClassDto[] {
  const order = sortAgeGroups(items.map((item) => item.ageGroup))
  return [...items].sort((a, b) => order.indexOf(a.ageGroup) - order.indexOf(b.ageGroup) || a.name.localeCompare(b.name))
}

export function ClassesTab() {
  const classes = useClasses()
  const remove = useDeleteClass()
  const notify = useNotify()
  const notifyFailure = useNotifyFailure()
  const [form, setForm] = useState<{ editing: ClassDto | null } | null>(null)
  const [deleting, setDeleting] = useState<ClassDto | null>(null)
  useLoadFailureToast(classes.isError, LOAD_FAILED)

  function confirmDelete() {
    if (!deleting) return
    const item = deleting
    remove.mutate(item.id, {
      onSuccess: (answer) => {
        const removed =
          answer.removedEnrollments > 0 ? ` ${answer.removedEnrollments} enrollment${answer.removedEnrollments === 1 ? ' was' : 's were'} removed.` : ''
        notify({ title: 'Class Deleted', text: `${item.name} has been deleted.${removed}` })
      },
      onError: (error) => notifyFailure('Failed to delete class', error),
      onSettled: () => setDeleting(null),
    })
  }

  const rows = sortClasses(classes.data ?? [])

  return (
    <section aria-labelledby="classes-heading">
      <SectionHeader
        id="classes-heading"
        title="Classes"
        action={
          <button type="button" className={BUTTON.primary} onClick={() => setForm({ editing: null })}>
            Add New Class
          </button>
        }
      >
        The class catalogue families choose from. Prices are per month.
      </SectionHeader>

      {classes.isPending ? (
        <Loading label="Loading classes…" />
      ) : classes.isError ? (
        <ErrorCard retryLabel="Try again" message={LOAD_FAILED} onRetry={() => classes.refetch()} />
      ) : rows.length === 0 ? (
        <Empty>No classes yet. Add one with the Add New Class button.</Empty>
      ) : (
        <ul className={`divide-y divide-gray-200 ${SCROLL_LIST}`} aria-label="Classes">
          {rows.map((item) => (
            <li key={item.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between" data-class-id={item.id}>
              <div className="min-w-0">
                <h3 className="font-semibold">{item.name}</h3>
                <p className="text-sm text-gray-700">
                  Ages {item.ageGroup} · {item.level} · {item.days}, {item.time}
                </p>
                <p className="text-sm text-gray-700">
                  {item.room ? `${item.location}, ${item.room}` : item.location} · {item.instructor}
                </p>
                {item.termStart || item.termEnd || item.closures.length ? (
                  <p className="text-sm text-gray-700">
                    {item.termStart || item.termEnd ? `Term ${item.termStart ?? '…'} to ${item.termEnd ?? '…'}` : 'No term'}
                    {item.closures.length ? ` · ${item.closures.length} ${item.closures.length === 1 ? 'closure' : 'closures'}` : ''}
                  </p>
                ) : null}
                <p className="mt-1 text-sm">
                  <span className="font-semibold">{formatPricePerMonth(item.price)}</span>
                  {' · '}
                  {item.capacity ? `${item.enrolledCount ?? 0} of ${item.capacity} places taken` : `${item.enrolledCount ?? 0} enrolled, no limit`}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <button type="button" className={BUTTON.secondary} onClick={() => setForm({ editing: item })}>
                  Edit<span className="sr-only"> {item.name}</span>
                </button>
                <button type="button" className={BUTTON.dangerOutline} onClick={() => setDeleting(item)}>
                  Delete<span className="sr-only"> {item.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <ClassFormDialog open={form !== null} editing={form?.editing ?? null} onClose={() => setForm(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete class ${deleting.name}?` : 'Delete class?'}
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? (
          <>
            <p>Are you sure you want to delete this class? This action cannot be undone.</p>
            <p className="mt-2 font-medium">{deleting.name}</p>
            {deleting.enrolledCount ? (
              <p className="mt-2">
                {deleting.enrolledCount} student{deleting.enrolledCount === 1 ? ' is' : 's are'} enrolled;{' '}
                {deleting.enrolledCount === 1 ? 'that enrollment' : 'those enrollments'} will be removed too.
              </p>
            ) : null}
          </>
        ) : null}
      </ConfirmDialog>
      <SeasonRollover />
      <SeasonRetention />
    </section>
  )
}
