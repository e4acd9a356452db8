import { useMemo, useState } from 'react'

import type { UserDto } from '#api/accounts/auth.schemas'
import { ageOn } from '#shared/eligibility'
import type { EnrollmentDto } from '#api/enrollment/schemas'
import type { StudentDto } from '#api/students/schemas'
import { useDeleteEnrollment } from '#islands/api/delete-enrollment'
import { useClasses } from '#islands/api/list-classes'
import { LineIcon } from '#islands/components/ui/Icon'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'
import { ClassDetailsList, ClassWhen } from './components/ClassFacts'
import { ConfirmDialog } from '#islands/components/ui/Dialog'
import { Disclosure } from './components/Disclosure'
import { ErrorCard } from '#islands/components/ui/Alert'
import { PortalRoot } from './components/PortalRoot'
import { RemoveStudentDialog } from './components/RemoveStudentDialog'
import { EnrollmentSelfService, StudentAbsences } from './components/SelfService'
import { SkeletonRows } from '#islands/components/ui/LoadState'
import { WaitlistOffers } from './components/WaitlistOffers'
import { Avatar, LevelBadge } from './components/StudentAvatar'
import { recommendedClasses, upcomingClasses } from './family'
import { formatMonthlyPrice, formatPricePerMonth } from '#shared/money'
import { useFamily } from './hooks/use-family'
import { PORTAL_TEXT } from './texts'

const SECTION = 'rounded-3xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5'
const SMALL_BUTTON = 'inline-flex min-h-10 items-center justify-center rounded-full border px-3.5 py-1.5 text-sm font-semibold'

function EnrolledClass({ enrollment, student }: { enrollment: EnrollmentDto; student: StudentDto }) {
  const notify = useNotify()
  const [confirming, setConfirming] = useState(false)
  const remove = useDeleteEnrollment()
  const cls = enrollment.class
  async function confirm() {
    try {
      await remove.mutateAsync({ id: enrollment.id, studentId: student.id })
      notify({ title: PORTAL_TEXT.classRemoved, text: `${cls.name} was removed from ${student.fullName}'s schedule.` })
      setConfirming(false)
    } catch (error) {
      notify({ title: PORTAL_TEXT.classRemoveError, text: errorMessage(error, 'Please try again.'), tone: 'error' })
    }
  }
  return (
    <li className="rounded-2xl bg-gray-50 p-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">{cls.name}</p>
          <ClassWhen cls={cls} />
          <p className="mt-1 text-sm font-semibold text-brand-800">{formatPricePerMonth(cls.price)}</p>
        </div>
        <button type="button" onClick={() => setConfirming(true)} className={`${SMALL_BUTTON} shrink-0 border-red-700 text-red-800 hover:bg-red-50`}>
          Remove<span className="sr-only"> {cls.name}</span>
        </button>
      </div>
      <EnrollmentSelfService enrollment={enrollment} student={student} />
      <Disclosure label="Details" openLabel="Hide details" className="mt-2">
        <p>
          <span className="font-semibold">Ages:</span> {cls.ageGroup} · <span className="font-semibold">Level:</span> {cls.level}
        </p>
        <ClassDetailsList cls={cls} />
      </Disclosure>
      <ConfirmDialog
        open={confirming}
        title="Remove Class"
        confirmLabel="Remove Class"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Remove <strong>{cls.name}</strong> from {student.fullName}'s schedule? This action cannot be undone.
        </p>
      </ConfirmDialog>
    </li>
  )
}

function StudentCard({
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
  const listId = `student-${student.id}-classes`
  return (
    <li className="rounded-2xl border border-gray-200 p-4" data-testid="student-card">
      <div className="flex items-center gap-3">
        <Avatar name={student.fullName} />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold">{student.fullName}</h3>
          <p className="flex flex-wrap items-center gap-2 text-sm text-gray-800">
            <span>Age {ageOn(student.dateOfBirth)}</span>
            <LevelBadge level={student.experienceLevel} />
          </p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={`/select-classes/${student.id}`} className={`${SMALL_BUTTON} border-brand-700 bg-brand-700 text-white hover:bg-brand-800`}>
          Manage Classes<span className="sr-only"> for {student.fullName}</span>
        </a>
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
        <button type="button" onClick={onRemove} className={`${SMALL_BUTTON} border-red-700 text-red-800 hover:bg-red-50`}>
          Remove<span className="sr-only"> {student.fullName}</span>
        </button>
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
    </li>
  )
}

const QUICK_ACTIONS = [
  { href: '/account', label: 'Manage Account', icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0' },
  { href: '/home', label: 'Browse Classes', icon: 'M4 5h16M4 12h16M4 19h10' },
  { href: '/contact', label: 'Contact Support', icon: 'M4 6h16v12H4zM4 6l8 7 8-7' },
  { href: '/billing', label: 'Billing', icon: 'M3 6h18v12H3zM3 10h18M7 15h4' },
]

function Dashboard({ user }: { user: UserDto }) {
  const family = useFamily(user)
  const classes = useClasses()
  const [removing, setRemoving] = useState<StudentDto | null>(null)

  const upcoming = useMemo(() => upcomingClasses(family.allEnrollments), [family.allEnrollments])
  const recommended = useMemo(
    () => (classes.data && !family.enrollmentsPending ? recommendedClasses(family.students, family.enrollmentsByStudent, classes.data) : []),
    [classes.data, family.enrollmentsPending, family.students, family.enrollmentsByStudent],
  )
  const firstStudent = family.students[0]

  return (
    <main id="main" className="space-y-5 px-4 py-5">
      <header>
        <h1 className="font-serif text-3xl leading-tight">Welcome, {user.fullName}</h1>
        <p className="mt-1 text-gray-800">Your dancers, their classes and what to try next.</p>
      </header>

      <WaitlistOffers />

      <section className={SECTION} aria-labelledby="students-title">
        <div className="flex items-center justify-between gap-3">
          <h2 id="students-title" className="font-serif text-xl">
            Your Students
          </h2>
          <a href="/account?add=student" className={`${SMALL_BUTTON} border-brand-700 text-brand-800 hover:bg-brand-50`}>
            <span aria-hidden="true">+</span>&nbsp;Add Student
          </a>
        </div>
        <div className="mt-3">
          {family.studentsPending ? (
            <SkeletonRows count={2} label="Loading students…" />
          ) : family.studentsError ? (
            <ErrorCard title={PORTAL_TEXT.failedStudents} onRetry={family.refetchStudents} />
          ) : family.students.length === 0 ? (
            <p className="text-gray-800">{PORTAL_TEXT.studentsEmpty}</p>
          ) : (
            <ul className="space-y-3">
              {family.students.map((student) => (
                <StudentCard
                  key={student.id}
                  student={student}
                  enrollments={family.enrollmentsByStudent.get(student.id)}
                  enrollmentsError={Boolean(family.enrollmentsError)}
                  onRemove={() => setRemoving(student)}
                />
              ))}
            </ul>
          )}
        </div>
      </section>

      <section className={SECTION} aria-labelledby="upcoming-title">
        <h2 id="upcoming-title" className="font-serif text-xl">
          Your Upcoming Classes
        </h2>
        <div className="mt-3">
          {family.enrollmentsPending ? (
            <SkeletonRows count={3} label="Loading classes…" className="h-16" />
          ) : family.enrollmentsError ? (
            <ErrorCard title={PORTAL_TEXT.failedEnrollments} />
          ) : upcoming.length === 0 ? (
            <p className="text-gray-800">
              No classes yet.{' '}
              <a href="/home" className="font-semibold text-brand-700 underline">
                Browse classes
              </a>
            </p>
          ) : (
            <ul className="space-y-2" aria-label="Upcoming classes">
              {upcoming.map((cls) => (
                <li key={cls.id} className="rounded-2xl bg-gray-50 p-3">
                  <p className="font-semibold">{cls.name}</p>
                  <ClassWhen cls={cls} />
                  <p className="text-sm text-gray-800">{cls.location}</p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <section className={SECTION} aria-labelledby="recommended-title">
        <h2 id="recommended-title" className="font-serif text-xl">
          Recommended for Your Students
        </h2>
        <div className="mt-3">
          {classes.isPending || family.enrollmentsPending ? (
            <SkeletonRows count={3} label="Loading recommendations…" className="h-16" />
          ) : classes.isError ? (
            <ErrorCard title={PORTAL_TEXT.failedClasses} onRetry={() => void classes.refetch()} />
          ) : !firstStudent ? (
            <p className="text-gray-800">Add a student to see classes that fit their age.</p>
          ) : recommended.length === 0 ? (
            <p className="text-gray-800">Your students are already in every class for their age group.</p>
          ) : (
            <ul className="space-y-2" aria-label="Recommended classes">
              {recommended.map((cls) => (
                <li key={cls.id}>
                  <a href={`/select-classes/${firstStudent.id}`} className="block rounded-2xl bg-brand-50 p-3 hover:bg-brand-100">
                    <span className="flex items-start justify-between gap-3">
                      <span className="font-semibold">{cls.name}</span>
                      <span className="shrink-0 text-sm font-semibold text-brand-800">{formatMonthlyPrice(cls.price)}</span>
                    </span>
                    <span className="block text-sm text-gray-800">
                      Ages {cls.ageGroup} · {cls.level}
                    </span>
                    <span className="block text-sm text-gray-800">
                      {cls.days}, {cls.time}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <section className={SECTION} aria-labelledby="actions-title">
        <h2 id="actions-title" className="font-serif text-xl">
          Quick Actions
        </h2>
        <ul className="mt-3 grid grid-cols-2 gap-2">
          {QUICK_ACTIONS.map((action) => (
            <li key={action.href}>
              <a
                href={action.href}
                className="flex min-h-20 flex-col items-center justify-center gap-1 rounded-2xl border border-gray-200 p-3 text-center text-sm font-semibold hover:border-brand-700 hover:text-brand-800"
              >
                <LineIcon>
                  <path d={action.icon} />
                </LineIcon>
                {action.label}
              </a>
            </li>
          ))}
        </ul>
      </section>

      <RemoveStudentDialog student={removing} onClose={() => setRemoving(null)} />
    </main>
  )
}

/** /dashboard (spec §2). */
export default function DashboardIsland({ user }: { user: UserDto }) {
  return (
    <PortalRoot user={user} flash>
      {(current) => <Dashboard user={current} />}
    </PortalRoot>
  )
}
