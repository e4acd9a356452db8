import { useId, useState } from 'react'

import { useDeleteEnrollment } from '#islands/api/enrollment/admin-delete-enrollment'
import { useStudentPage } from '#islands/api/students/admin-list-students'
import { useClasses } from '#islands/api/classes/list-classes'
import { ErrorCard } from '#islands/components/ui/Alert'
import { ConfirmDialog } from '#islands/components/ui/Dialog'
import { Empty, Loading } from '#islands/components/ui/LoadState'
import { useLoadFailureToast, useNotify, useNotifyFailure } from '#islands/components/ui/Toast'
import { FilterField, SelectField } from '#islands/components/ui/Field'
import { Pager } from '#islands/components/ui/Pager'
import { SectionHeader } from '#islands/components/ui/SectionHeader'
import { BUTTON, SCROLL_LIST } from '#islands/components/ui/styles'
import { scrollToTop } from '#islands/lib/scroll'
import { useClampedPage, useDebouncedValue, usePageSize } from '#islands/lib/use-list-paging'
import type { StudentFilters } from './student-filters'
import { MedicalNoteReads } from './MedicalNoteReads'
import { StudentRow, type Removing } from './StudentRow'
import { FamilyPicker } from '#islands/admin/users/FamilyPicker'
import { shownOf } from '#shared/plural'

const NO_FILTERS: StudentFilters = { userId: null, classId: null }
const LOAD_FAILED = 'Failed to load students'

export function StudentsTab() {
  const id = useId()
  const [search, setSearch] = useState('')
  const [filters, setFilters] = useState<StudentFilters>(NO_FILTERS)
  const [page, setPage] = useState(1)
  /** Bumped by Clear All Filters: the account picker starts again empty. */
  const [cleared, setCleared] = useState(0)
  const pageSize = usePageSize()
  // Issue 23: the server searches (a student's or family's name or email), filters and pages, once the typing pauses.
  const q = useDebouncedValue(search)
  const students = useStudentPage({ q, ...filters, page, pageSize })
  useClampedPage(page, students.data?.pageCount, setPage)
  const classes = useClasses()
  const remove = useDeleteEnrollment()
  const notify = useNotify()
  const notifyFailure = useNotifyFailure()
  const [expanded, setExpanded] = useState<Set<number>>(new Set())
  const [removing, setRemoving] = useState<Removing | null>(null)
  useLoadFailureToast(students.isError, LOAD_FAILED)
  useLoadFailureToast(classes.isError, 'Failed to load classes for filters')

  const shown = students.data?.items ?? []
  const allClasses = [...(classes.data ?? [])].sort((a, b) => a.name.localeCompare(b.name))
  const filtered = filters.userId !== null || filters.classId !== null || q.trim() !== ''

  // A search or filter changes the view: to its first page and back to the top, as on a page change (spec §2).
  function changeView(nextSearch: string, next: StudentFilters) {
    setSearch(nextSearch)
    setFilters(next)
    setPage(1)
    scrollToTop()
  }

  function toggle(studentId: number) {
    setExpanded((current) => {
      const next = new Set(current)
      if (next.has(studentId)) next.delete(studentId)
      else next.add(studentId)
      return next
    })
  }

  function confirmRemove() {
    if (!removing) return
    remove.mutate(removing.enrollment.id, {
      onSuccess: () => notify({ title: 'Success', text: 'Student removed from class successfully.' }),
      onError: (error) => notifyFailure('Failed to remove student from class.', error),
      onSettled: () => setRemoving(null),
    })
  }

  return (
    <section aria-labelledby="students-heading">
      <SectionHeader id="students-heading" title="Students">
        Every family&apos;s students and their classes. Open a student to add or remove classes and to see their care information.
      </SectionHeader>
      <p className="mb-3">
        <a href="/api/admin/students.csv" download className={BUTTON.secondary}>
          Download students CSV
        </a>
        <span className="ml-2 text-sm text-gray-700">with emergency contacts, allergies, photo choice and pickups</span>
      </p>

      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end">
        <FilterField
          id={`${id}-search`}
          label="Search by student or family"
          value={search}
          onChange={(value) => changeView(value, filters)}
          placeholder="Student's name, family's name or email"
        />
        <FamilyPicker
          key={cleared}
          id={`${id}-user`}
          label="Filter by user account"
          onSelect={(family) => changeView(search, { ...filters, userId: family?.id ?? null })}
        />
        <SelectField
          id={`${id}-class`}
          label="Filter by class"
          value={filters.classId ?? ''}
          onChange={(event) => changeView(search, { ...filters, classId: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">All classes</option>
          {allClasses.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name} (ages {item.ageGroup})
            </option>
          ))}
        </SelectField>
        <button
          type="button"
          className={BUTTON.secondary}
          onClick={() => {
            setCleared((count) => count + 1)
            changeView('', NO_FILTERS)
          }}
          disabled={!filtered && search === ''}
        >
          Clear All Filters
        </button>
      </div>

      {students.isPending ? (
        <Loading label="Loading students…" />
      ) : students.isError ? (
        <ErrorCard retryLabel="Try again" message={LOAD_FAILED} onRetry={() => students.refetch()} />
      ) : (
        <>
          {classes.isError ? <ErrorCard retryLabel="Try again" message="Failed to load classes for filters" onRetry={() => classes.refetch()} /> : null}
          <p className="mb-2 text-sm text-gray-700" aria-live="polite">
            {shownOf(students.data, 'student')}
          </p>
          {shown.length === 0 ? (
            <Empty>{filtered ? 'No student matches these filters.' : 'No students yet.'}</Empty>
          ) : (
            <>
              <ul className={`divide-y divide-gray-200 ${SCROLL_LIST}`} aria-label="Students">
                {shown.map((student) => (
                  <StudentRow
                    key={student.id}
                    student={student}
                    classes={allClasses}
                    expanded={expanded.has(student.id)}
                    onToggle={() => toggle(student.id)}
                    onRemove={setRemoving}
                  />
                ))}
              </ul>
              <Pager
                label="Students"
                page={page}
                pageCount={students.data.pageCount}
                busy={students.isPlaceholderData}
                onPage={(next) => {
                  setPage(next)
                  scrollToTop()
                }}
              />
            </>
          )}
        </>
      )}

      <MedicalNoteReads />

      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove ${removing.student.fullName} from ${removing.enrollment.class.name}?` : 'Remove from class?'}
        confirmLabel="Remove"
        pendingLabel="Removing…"
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      >
        {removing ? (
          <p>
            Remove {removing.student.fullName} from {removing.enrollment.class.name}? This cannot be undone.
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  )
}
