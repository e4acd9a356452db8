import { useId, useState, type FormEvent } from 'react'

import type { ClassDto } from '#api/classes/schemas'
import { ageOn } from '#shared/eligibility'
import { ENROLLMENT_MESSAGES, type EnrollmentDto } from '#api/enrollment/schemas'
import type { AdminStudentRowDto } from '#api/students/student-list.schemas'
import type { StudentDto } from '#api/students/schemas'
import { useCreateEnrollment } from '#islands/api/enrollment/admin-create-enrollment'
import { useStudentEnrollments } from '#islands/api/enrollment/list-student-enrollments'
import { formatCalendarDay } from '#shared/dates'
import { ErrorCard } from '#islands/components/ui/Alert'
import { Loading } from '#islands/components/ui/LoadState'
import { useNotify, useNotifyFailure } from '#islands/components/ui/Toast'
import { SelectField } from '#islands/components/ui/Field'
import { BUTTON } from '#islands/components/ui/styles'
import { classesToAdd, enrollmentsOf } from './student-filters'
import { StudentCare } from './StudentCare'

/** What the Remove button asks to confirm: the enrollment and its student. */
export type Removing = { enrollment: EnrollmentDto; student: StudentDto }

type RowProps = {
  student: AdminStudentRowDto
  classes: ClassDto[]
  expanded: boolean
  onToggle: () => void
  onRemove: (removing: Removing) => void
}

export function StudentRow({ student, classes, expanded, onToggle, onRemove }: RowProps) {
  const id = useId()
  const age = ageOn(student.dateOfBirth)
  const owner = student.account
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
            {student.classCount} {student.classCount === 1 ? 'class' : 'classes'}
          </span>
        </button>
      </h3>
      <div id={`${id}-details`} hidden={!expanded} className="border-t border-gray-100 bg-gray-50/60 px-4 py-3">
        {/* Issue 23: a student's classes are read when the row is opened, not with the list. */}
        {expanded ? <StudentDetails student={student} classes={classes} onRemove={onRemove} /> : null}
      </div>
    </li>
  )
}

function StudentDetails({ student, classes, onRemove }: { student: StudentDto; classes: ClassDto[]; onRemove: (removing: Removing) => void }) {
  const query = useStudentEnrollments(student.id)
  if (query.isPending) return <Loading label={`Loading ${student.fullName}'s classes…`} />
  if (query.isError) return <ErrorCard retryLabel="Try again" message="Failed to load enrollments" onRetry={() => query.refetch()} />
  const enrollments = enrollmentsOf(query.data, student.id)
  return (
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
              <button type="button" className={BUTTON.dangerOutline} onClick={() => onRemove({ enrollment, student })}>
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
      <AddToClass student={student} available={classesToAdd(classes, enrollments, student.id)} />
      <StudentCare studentId={student.id} fullName={student.fullName} />
    </>
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
