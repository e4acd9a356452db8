import { useId, useState, type FormEvent } from 'react'

import type { UserDto } from '#api/accounts/auth.schemas'
import type { ClassDto } from '#api/classes/schemas'
import { ageOn } from '#shared/eligibility'
import { ENROLLMENT_MESSAGES, type AdminEnrollmentDto } from '#api/enrollment/schemas'
import type { StudentDto } from '#api/students/schemas'
import { useCreateEnrollment } from '#islands/api/admin-create-enrollment'
import { useDeleteEnrollment } from '#islands/api/admin-delete-enrollment'
import { useAllEnrollments } from '#islands/api/admin-list-enrollments'
import { useAllStudents } from '#islands/api/admin-list-students'
import { useUsers } from '#islands/api/admin-list-users'
import { useClasses } from '#islands/api/list-classes'
import { formatCalendarDay } from '#shared/dates'
import { ErrorCard } from '#islands/components/ui/Alert'
import { ConfirmDialog } from '#islands/components/ui/Dialog'
import { Empty, Loading } from '#islands/components/ui/LoadState'
import { useLoadFailureToast, useNotify, useNotifyFailure } from '#islands/components/ui/Toast'
import { SelectField } from '#islands/components/ui/Field'
import { SectionHeader } from '#islands/components/ui/SectionHeader'
import { BUTTON, SCROLL_LIST } from '#islands/components/ui/styles'
import { scrollToTop } from '#islands/lib/scroll'
import { classesToAdd, enrollmentsOf, filterStudents, type StudentFilters } from './student-filters'

const NO_FILTERS: StudentFilters = { userId: null, classId: null }

export function StudentsTab() {
  const id = useId()
  const students = useAllStudents()
  const enrollments = useAllEnrollments()
  const classes = useClasses()
  const users = useUsers()
  const remove = useDeleteEnrollment()
  const notify = useNotify()
  const notifyFailure = useNotifyFailure()
  const [filters, setFilters] = useState<StudentFilters>(NO_FILTERS)
  const [expanded, setExpanded] = useState<Set<number>>(new Set())
  const [removing, setRemoving] = useState<AdminEnrollmentDto | null>(null)
  useLoadFailureToast(students.isError, 'Failed to load students')
  useLoadFailureToast(enrollments.isError, 'Failed to load enrollments')
  useLoadFailureToast(classes.isError, 'Failed to load classes for filters')

  const owners = new Map((users.data ?? []).map((user) => [user.id, user]))
  const allStudents = students.data ?? []
  const allEnrollments = enrollments.data ?? []
  const allClasses = [...(classes.data ?? [])].sort((a, b) => a.name.localeCompare(b.name))
  const accountsWithStudents = [...new Set(allStudents.map((s) => s.userId))]
    .map((userId) => owners.get(userId) ?? ({ id: userId, fullName: `Account ${userId}`, username: '' } as UserDto))
    .sort((a, b) => a.fullName.localeCompare(b.fullName))
  const shown = filterStudents(allStudents, allEnrollments, filters)
  const filtered = filters.userId !== null || filters.classId !== null

  // A filter changes the view: back to the top, as on a page change (spec §2).
  function changeFilters(next: StudentFilters) {
    setFilters(next)
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
    remove.mutate(removing.id, {
      onSuccess: () => notify({ title: 'Success', text: 'Student removed from class successfully.' }),
      onError: (error) => notifyFailure('Failed to remove student from class.', error),
      onSettled: () => setRemoving(null),
    })
  }

  return (
    <section aria-labelledby="students-heading">
      <SectionHeader id="students-heading" title="Students">
        Every family&apos;s students and their classes. Open a student to add or remove classes.
      </SectionHeader>

      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <SelectField
          id={`${id}-user`}
          label="Filter by user account"
          value={filters.userId ?? ''}
          onChange={(event) => changeFilters({ ...filters, userId: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">All accounts</option>
          {accountsWithStudents.map((user) => (
            <option key={user.id} value={user.id}>
              {user.fullName}
              {user.username ? ` (${user.username})` : ''}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={`${id}-class`}
          label="Filter by class"
          value={filters.classId ?? ''}
          onChange={(event) => changeFilters({ ...filters, classId: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">All classes</option>
          {allClasses.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name} (ages {item.ageGroup})
            </option>
          ))}
        </SelectField>
        <button type="button" className={BUTTON.secondary} onClick={() => changeFilters(NO_FILTERS)} disabled={!filtered}>
          Clear All Filters
        </button>
      </div>

      {students.isPending || enrollments.isPending ? (
        <Loading label="Loading students…" />
      ) : students.isError ? (
        <ErrorCard retryLabel="Try again" message="Failed to load students" onRetry={() => students.refetch()} />
      ) : enrollments.isError ? (
        <ErrorCard retryLabel="Try again" message="Failed to load enrollments" onRetry={() => enrollments.refetch()} />
      ) : (
        <>
          {classes.isError ? <ErrorCard retryLabel="Try again" message="Failed to load classes for filters" onRetry={() => classes.refetch()} /> : null}
          <p className="mb-2 text-sm text-gray-700" aria-live="polite">
            Showing {shown.length} of {allStudents.length} students
          </p>
          {shown.length === 0 ? (
            <Empty>{filtered ? 'No student matches these filters.' : 'No students yet.'}</Empty>
          ) : (
            <ul className={`divide-y divide-gray-200 ${SCROLL_LIST}`} aria-label="Students">
              {shown.map((student) => (
                <StudentRow
                  key={student.id}
                  student={student}
                  owner={owners.get(student.userId)}
                  enrollments={enrollmentsOf(allEnrollments, student.id)}
                  available={classesToAdd(allClasses, allEnrollments, student.id)}
                  expanded={expanded.has(student.id)}
                  onToggle={() => toggle(student.id)}
                  onRemove={setRemoving}
                />
              ))}
            </ul>
          )}
        </>
      )}

      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove ${removing.student.fullName} from ${removing.class.name}?` : 'Remove from class?'}
        confirmLabel="Remove"
        pendingLabel="Removing…"
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      >
        {removing ? (
          <p>
            Remove {removing.student.fullName} from {removing.class.name}? This cannot be undone.
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  )
}

type RowProps = {
  student: StudentDto
  owner: UserDto | undefined
  enrollments: AdminEnrollmentDto[]
  available: ClassDto[]
  expanded: boolean
  onToggle: () => void
  onRemove: (enrollment: AdminEnrollmentDto) => void
}

function StudentRow({ student, owner, enrollments, available, expanded, onToggle, onRemove }: RowProps) {
  const id = useId()
  const age = ageOn(student.dateOfBirth)
  return (
    <li data-student-id={student.id}>
      <h3>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={`${id}-details`}
          onClick={onToggle}
          className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-gray-50"
        >
          <svg
            aria-hidden="true"
            width="16"
            height="16"
            viewBox="0 0 24 24"
            className={`shrink-0 transition-transform ${expanded ? 'rotate-90' : ''}`}
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
          >
            <path d="M9 6l6 6-6 6" />
          </svg>
          <span className="min-w-0 flex-1">
            <span className="block font-semibold">{student.fullName}</span>
            <span className="block text-sm text-gray-700">
              {owner ? `${owner.fullName} (${owner.username})` : `Account ${student.userId}`} · age {Number.isNaN(age) ? '?' : age} · {student.experienceLevel}
            </span>
          </span>
          <span className="shrink-0 text-sm text-gray-700">
            {enrollments.length} {enrollments.length === 1 ? 'class' : 'classes'}
          </span>
        </button>
      </h3>
      <div id={`${id}-details`} hidden={!expanded} className="border-t border-gray-100 bg-gray-50/60 px-4 py-3">
        {expanded ? (
          <>
            <h4 className="text-sm font-semibold">Enrolled classes</h4>
            {enrollments.length === 0 ? (
              <p className="mt-1 text-sm text-gray-700">Not enrolled in any class yet.</p>
            ) : (
              <ul className="mt-2 space-y-2">
                {enrollments.map((enrollment) => (
                  <li key={enrollment.id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-gray-200 bg-white px-3 py-2">
                    <span className="text-sm">
                      <span className="font-medium">{enrollment.class.name}</span>
                      <span className="text-gray-700">
                        {' '}
                        · {enrollment.class.days}, {enrollment.class.time} · since {formatCalendarDay(enrollment.enrollmentDate)}
                      </span>
                    </span>
                    <button type="button" className={BUTTON.dangerOutline} onClick={() => onRemove(enrollment)}>
                      Remove
                      <span className="sr-only">
                        {' '}
                        {student.fullName} from {enrollment.class.name}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <AddToClass student={student} available={available} />
          </>
        ) : null}
      </div>
    </li>
  )
}

function AddToClass({ student, available }: { student: StudentDto; available: ClassDto[] }) {
  const id = useId()
  const create = useCreateEnrollment()
  const notify = useNotify()
  const notifyFailure = useNotifyFailure()
  const [error, setError] = useState<string | null>(null)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const classId = Number(new FormData(form).get('classId') || 0)
    if (!classId) return setError(ENROLLMENT_MESSAGES.classRequired)
    setError(null)
    create.mutate(
      { studentId: student.id, classId },
      {
        onSuccess: () => {
          form.reset()
          notify({ title: 'Success', text: `Added ${student.fullName} to class successfully.` })
        },
        onError: (failure) => notifyFailure('Failed to add student to class', failure),
      },
    )
  }

  if (available.length === 0) return <p className="mt-3 text-sm text-gray-700">{student.fullName} is in every class already.</p>
  return (
    <form noValidate onSubmit={onSubmit} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
      <SelectField id={`${id}-class`} name="classId" label={`Add ${student.fullName} to a class`} defaultValue="" error={error ?? undefined} className="flex-1">
        <option value="">Select a class</option>
        {available.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name} (ages {item.ageGroup}, {item.days})
          </option>
        ))}
      </SelectField>
      <button type="submit" className={BUTTON.primary} disabled={create.isPending}>
        {create.isPending ? 'Adding…' : 'Add to Class'}
      </button>
    </form>
  )
}
