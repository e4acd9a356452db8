import { useState } from 'react'

import type { EnrollmentDto } from '#api/enrollment/schemas'
import type { StudentDto } from '#api/students/schemas'
import { useSelfServiceRules } from '#islands/api/self-service/self-service-rules'
import { ErrorCard } from '#islands/components/ui/Alert'
import { SkeletonRows } from '#islands/components/ui/LoadState'
import { useCanChangeFamily } from '#islands/lib/use-family-access'
import { PORTAL_TEXT } from '#islands/portal/texts'
import { ageOn } from '#shared/eligibility'
import { formatPricePerMonth } from '#shared/money'
import { ClassDetailsList, ClassWhen } from './ClassFacts'
import { Disclosure } from './Disclosure'
import { EditStudentDialog } from './EditStudentDialog'
import { RemoveClassDialog } from './self-service/RemoveClassDialog'
import { EnrollmentSelfService, StudentAbsences } from './SelfService'
import { Avatar, LevelBadge } from './StudentAvatar'

export const SMALL_BUTTON = 'inline-flex min-h-11 items-center justify-center rounded-full border px-3.5 py-1.5 text-sm font-semibold'

function EnrolledClass({ enrollment, student }: { enrollment: EnrollmentDto; student: StudentDto }) {
  const [removing, setRemoving] = useState(false)
  const rules = useSelfServiceRules()
  const canChange = useCanChangeFamily()
  const cls = enrollment.class
  // A drop already set is moved or undone below; an ended one has nothing left to remove.
  const canRemove = canChange && rules.data !== undefined && !enrollment.endDate
  return (
    <li className="rounded-2xl bg-gray-50 p-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold break-words">{cls.name}</p>
          <ClassWhen cls={cls} />
          <p className="mt-1 text-sm font-semibold text-brand-800">{formatPricePerMonth(cls.price)}</p>
        </div>
        {canRemove ? (
          <button type="button" onClick={() => setRemoving(true)} className={`${SMALL_BUTTON} shrink-0 border-red-700 text-red-800 hover:bg-red-50`}>
            Remove<span className="sr-only"> {cls.name}</span>
          </button>
        ) : null}
      </div>
      <EnrollmentSelfService enrollment={enrollment} student={student} />
      <Disclosure label="Details" openLabel="Hide details" className="mt-2">
        <p>
          <span className="font-semibold">Ages:</span> {cls.ageGroup} · <span className="font-semibold">Level:</span> {cls.level}
        </p>
        <ClassDetailsList cls={cls} />
      </Disclosure>
      {removing ? <RemoveClassDialog enrollment={enrollment} student={student} onClose={() => setRemoving(false)} /> : null}
    </li>
  )
}

export function StudentCard({
  student,
  enrollments,
  enrollmentsError,
  onRemove,
}: {
  student: StudentDto
  enrollments: EnrollmentDto[] | undefined
  enrollmentsError: boolean
  onRemove: () => void
}) {
  const [showClasses, setShowClasses] = useState(false)
  const [editing, setEditing] = useState(false)
  // A view-and-attendance guardian sees the children and their classes, and changes none of them (decisions §23).
  const canChange = useCanChangeFamily()
  const listId = `student-${student.id}-classes`
  return (
    <li className="rounded-2xl border border-gray-200 p-4" data-testid="student-card">
      <div className="flex items-center gap-3">
        <Avatar name={student.fullName} />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words">{student.fullName}</h3>
          <p className="flex flex-wrap items-center gap-2 text-sm text-gray-800">
            <span>Age {ageOn(student.dateOfBirth)}</span>
            <LevelBadge level={student.experienceLevel} />
          </p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        {canChange ? (
          <a href={`/select-classes/${student.id}`} className={`${SMALL_BUTTON} border-brand-700 bg-brand-700 text-white hover:bg-brand-800`}>
            Manage Classes<span className="sr-only"> for {student.fullName}</span>
          </a>
        ) : null}
        <button
          type="button"
          aria-expanded={showClasses}
          aria-controls={listId}
          onClick={() => setShowClasses((v) => !v)}
          className={`${SMALL_BUTTON} border-brand-700 text-brand-800 hover:bg-brand-50`}
        >
          {showClasses ? 'Hide Classes' : 'View Classes'}
          <span className="sr-only"> of {student.fullName}</span>
        </button>
        <a href={`/report-cards/${student.id}`} className={`${SMALL_BUTTON} border-brand-700 text-brand-800 hover:bg-brand-50`}>
          Report Cards<span className="sr-only"> of {student.fullName}</span>
        </a>
        {canChange ? (
          <>
            <button type="button" onClick={() => setEditing(true)} className={`${SMALL_BUTTON} border-brand-700 text-brand-800 hover:bg-brand-50`}>
              Edit<span className="sr-only"> {student.fullName}</span>
            </button>
            <button type="button" onClick={onRemove} className={`${SMALL_BUTTON} border-red-700 text-red-800 hover:bg-red-50`}>
              Remove<span className="sr-only"> {student.fullName}</span>
            </button>
          </>
        ) : null}
      </div>
      <div id={listId} hidden={!showClasses} className="mt-3">
        {enrollmentsError ? (
          <ErrorCard title={PORTAL_TEXT.failedEnrollments} />
        ) : !enrollments ? (
          <SkeletonRows count={1} label="Loading classes…" className="h-14" />
        ) : enrollments.length === 0 ? (
          <p className="text-sm text-gray-800">{student.fullName} is not enrolled in any classes yet.</p>
        ) : (
          <ul className="space-y-2" aria-label={`Classes of ${student.fullName}`}>
            {enrollments.map((enrollment) => (
              <EnrolledClass key={enrollment.id} enrollment={enrollment} student={student} />
            ))}
          </ul>
        )}
        <StudentAbsences student={student} enabled={showClasses} />
      </div>
      <EditStudentDialog student={editing ? student : null} onClose={() => setEditing(false)} />
    </li>
  )
}
