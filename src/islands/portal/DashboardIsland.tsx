import { useMemo, useState } from 'react'

import type { UserDto } from '#api/accounts/auth.schemas'
import type { StudentDto } from '#api/students/schemas'
import { useClasses } from '#islands/api/classes/list-classes'
import { LineIcon } from '#islands/components/ui/Icon'
import { ClassWhen } from './components/ClassFacts'
import { ErrorCard } from '#islands/components/ui/Alert'
import { PoliciesBanner } from './components/PoliciesBanner'
import { PortalRoot } from './components/PortalRoot'
import { ReEnrollBanner } from './re-enroll/ReEnrollBanner'
import { RemoveStudentDialog } from './components/RemoveStudentDialog'
import { SkeletonRows } from '#islands/components/ui/LoadState'
import { SMALL_BUTTON, StudentCard } from './components/StudentCard'
import { WaitlistOffers } from './components/WaitlistOffers'
import { ExamEntries } from './components/ExamEntries'
import { recommendedClasses, upcomingClasses } from './family'
import { formatMonthlyPrice } from '#shared/money'
import { useFamily } from './hooks/use-family'
import { PORTAL_TEXT } from './texts'

const SECTION = 'rounded-3xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5'

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
      <PoliciesBanner />
      <ReEnrollBanner />
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

      {/* Exam entries waiting for the household's answer (decisions §29). */}
      <ExamEntries />

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
