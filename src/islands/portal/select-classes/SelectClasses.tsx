import { useEffect, useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'

import type { UserDto } from '#api/accounts/auth.schemas'
import { emergencyContactNeededMessage } from '#api/care/schemas'
import type { ClassDto } from '#api/classes/schemas'
import { useStudent } from '#islands/api/students/get-student'
import { useStudentPlacement } from '#islands/api/levels/get-student-placement'
import { useRequiredPolicies } from '#islands/api/policies/get-required-policies'
import { useClasses } from '#islands/api/classes/list-classes'
import { useStudentEnrollments } from '#islands/api/enrollment/list-student-enrollments'
import { useWaitlist } from '#islands/api/waitlist/list-waitlist'
import { reEnrollmentQueryOptions } from '#islands/api/seasons/re-enrollment'
import { useSelfServiceRules } from '#islands/api/self-service/self-service-rules'
import { ErrorCard } from '#islands/components/ui/Alert'
import { SkeletonRows } from '#islands/components/ui/LoadState'
import { ApiError } from '#islands/lib/http'
import { AgeFilterChips } from '#islands/portal/components/AgeFilterChips'
import { Avatar, LevelBadge } from '#islands/portal/components/StudentAvatar'
import { isFull } from '#islands/portal/format'
import { PORTAL_TEXT } from '#islands/portal/texts'
import { ageFitsGroup, ageForClass, ageOn, ALL_AGES, isEligibleClass, sortAgeGroups } from '#shared/eligibility'
import { isAdminUser, isViewOnlyGuardian, VIEW_ONLY_MESSAGE } from '#shared/roles'
import { levelReason, unavailableReason } from './availability'
import { ClassOption } from './ClassOption'
import { ConfirmSelection } from './ConfirmSelection'
import { SummaryBar } from './SummaryBar'
import { useAddToSchedule } from './use-add-to-schedule'
import { useClassSelection } from './use-class-selection'
import { WaitlistControls } from './WaitlistControls'
import { groupBySeason, seasonReason } from '#islands/lib/season-groups'
import { SeasonHeading } from './SeasonHeading'

/**
 * `classId`: a class chosen on the catalogue (issue 23), selected from the start.
 * `contactRequired`: the studio asks for an emergency contact before a first class (a studio setting, decisions §37).
 */
export function SelectClasses({
  studentId,
  user,
  classId,
  contactRequired = false,
}: {
  studentId: number
  user: UserDto
  classId: number | null
  contactRequired?: boolean
}) {
  const student = useStudent(studentId)
  const enrollments = useStudentEnrollments(studentId)
  const classes = useClasses()
  const waitlist = useWaitlist()
  const placement = useStudentPlacement(studentId)
  const [filter, setFilter] = useState(ALL_AGES)
  const { selectedIds, barShown, toggle, drop } = useClassSelection(classId)

  // Spec §2: a student that is not found (or not the family's) sends the user back to /account.
  const notFound = student.error instanceof ApiError && student.error.status === 404
  useEffect(() => {
    if (notFound) window.location.replace('/account')
  }, [notFound])

  // Each class counts the child's age on its own first day when that is still to come (decisions §32).
  const ageFor = (cls: ClassDto) => (student.data ? ageForClass(student.data.dateOfBirth, cls) : Number.NaN)
  const enrolledIds = useMemo(() => new Set((enrollments.data ?? []).map((e) => e.classId)), [enrollments.data])
  const groups = classes.data ? sortAgeGroups(classes.data.map((cls) => cls.ageGroup)) : []
  const offered = (classes.data ?? []).filter((cls) => isEligibleClass(cls, { age: ageFor(cls), enrolledClassIds: enrolledIds }, filter))
  // Administrators may enroll outside the age group (decisions §4); families may not.
  const ageChecked = !isAdminUser(user)
  // A view-and-attendance guardian may look at the classes, not choose them (decisions §23).
  const viewOnly = isViewOnlyGuardian(user)
  // A season's registration (issue 41): a family is told before choosing, not refused at Confirm.
  const rules = useSelfServiceRules()
  const reEnrollment = useQuery({ ...reEnrollmentQueryOptions(), enabled: ageChecked })
  const reasonFor = (cls: ClassDto) =>
    student.data
      ? (unavailableReason(cls, student.data, ageChecked, placement.data) ??
        (ageChecked ? seasonReason(cls, student.data.id, rules.data?.today, reEnrollment.data) : null))
      : null
  const selected = (classes.data ?? []).filter((cls) => selectedIds.includes(cls.id) && !enrolledIds.has(cls.id) && reasonFor(cls) === null)
  const entryFor = (cls: ClassDto) => (waitlist.data ?? []).find((e) => e.classId === cls.id && e.studentId === studentId)
  // A full class the student may join (age and level as for enrolling), or one the student is already in line for.
  const waitlistFor = (cls: ClassDto) =>
    student.data &&
    !viewOnly &&
    (entryFor(cls) || (isFull(cls) && (!ageChecked || (ageFitsGroup(ageFor(cls), cls.ageGroup) && !levelReason(cls, placement.data))))) ? (
      <WaitlistControls cls={cls} student={student.data} entry={entryFor(cls)} />
    ) : null
  // Issue 26: the documents this student must sign first, the chosen classes' own included.
  const policies = useRequiredPolicies(
    studentId,
    selected.map((cls) => cls.id),
  )
  const { confirming, pending, openConfirm, submit, cancel } = useAddToSchedule({ studentId, classId, selected, onPartlyAdded: drop })

  if (student.isPending || notFound) {
    return (
      <main id="main" className="px-4 py-5">
        <SkeletonRows count={3} label="Loading classes…" className="h-24" />
      </main>
    )
  }
  if (student.isError) {
    return (
      <main id="main" className="px-4 py-5">
        <ErrorCard title={PORTAL_TEXT.failedStudent} onRetry={() => void student.refetch()} />
      </main>
    )
  }
  const s = student.data
  // Spec §2's two empty states: nothing left for this age, or nothing for it at all.
  const fitting = (classes.data ?? []).filter((cls) => (filter === ALL_AGES ? ageFitsGroup(ageFor(cls), cls.ageGroup) : cls.ageGroup === filter))
  const allTaken = fitting.length > 0 && fitting.every((cls) => enrolledIds.has(cls.id))

  return (
    <main id="main" className={`space-y-4 px-4 py-5 ${barShown ? 'pb-64' : ''}`}>
      <header className="flex items-center gap-3">
        <a
          href="/account"
          aria-label="Back to My Account"
          className="grid h-11 w-11 shrink-0 place-items-center rounded-full border border-gray-300 bg-white hover:border-brand-700"
        >
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M15 18l-6-6 6-6" />
          </svg>
        </a>
        <h1 className="font-serif text-2xl">Select Classes</h1>
      </header>

      <section aria-label="Student" className="flex items-center gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm">
        <Avatar name={s.fullName} size="lg" />
        <div>
          <p className="text-lg font-semibold">{s.fullName}</p>
          <p className="flex flex-wrap items-center gap-2 text-sm text-gray-800">
            <span>Age {ageOn(s.dateOfBirth)}</span>
            <LevelBadge level={s.experienceLevel} />
          </p>
        </div>
      </section>

      {viewOnly ? (
        <p role="note" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-950">
          {VIEW_ONLY_MESSAGE}
        </p>
      ) : null}

      {contactRequired && ageChecked && !s.emergencyContact && enrollments.data?.length === 0 ? (
        <div role="note" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">{emergencyContactNeededMessage(s.fullName)}</p>
          <a href={`/account?care=${s.id}`} className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
            Add an emergency contact for {s.fullName}
          </a>
        </div>
      ) : null}

      {ageChecked && policies.data?.documents.some((doc) => doc.blocking) ? (
        // Issue 26: the server refuses to enroll until these are signed; the family signs, then comes back here.
        <div role="note" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">
            Before {s.fullName} can join a class, please sign:{' '}
            {policies.data.documents
              .filter((doc) => doc.blocking)
              .map((doc) => doc.title)
              .join(', ')}
          </p>
          <a
            href={`/policies?studentId=${s.id}&classIds=${selected.map((cls) => cls.id).join(',')}&next=${encodeURIComponent(`/select-classes/${s.id}${selected[0] ? `?class=${selected[0].id}` : ''}`)}`}
            className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
          >
            Read and sign the documents
          </a>
        </div>
      ) : null}

      {classes.isError ? null : <AgeFilterChips groups={groups} value={filter} onChange={setFilter} />}

      <section aria-labelledby="offered-title">
        <h2 id="offered-title" className="mb-2 font-semibold">
          {filter === ALL_AGES ? 'Recommended classes' : `Classes for ages ${filter}`}
        </h2>
        {classes.isPending || enrollments.isPending ? (
          <SkeletonRows count={3} label="Loading classes…" className="h-24" />
        ) : classes.isError ? (
          <ErrorCard title={PORTAL_TEXT.failedClasses} onRetry={() => void classes.refetch()} />
        ) : enrollments.isError ? (
          <ErrorCard title={PORTAL_TEXT.failedEnrollments} onRetry={() => void enrollments.refetch()} />
        ) : offered.length === 0 ? (
          <div className="rounded-2xl bg-white p-4 text-gray-800">
            {allTaken ? (
              <>
                <p>{PORTAL_TEXT.allEnrolled}</p>
                <a href="/account" className="mt-3 inline-flex rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
                  Return to Account
                </a>
              </>
            ) : (
              <p>{PORTAL_TEXT.noRecommended}</p>
            )}
          </div>
        ) : (
          // One list; after a rollover, one per season, the running one first (issue 41).
          groupBySeason(offered).map((group, index, groups) => (
            <div key={group.season?.id ?? 0} className={index > 0 ? 'mt-6' : ''}>
              {groups.length > 1 && group.season ? <SeasonHeading season={group.season} today={rules.data?.today} /> : null}
              <ul className="space-y-3" aria-label={groups.length > 1 ? (group.season?.name ?? 'Classes of no season') : undefined}>
                {group.classes.map((cls) => (
                  <ClassOption
                    key={cls.id}
                    cls={cls}
                    checked={selectedIds.includes(cls.id)}
                    reason={reasonFor(cls)}
                    onToggle={() => toggle(cls)}
                    waitlist={waitlistFor(cls)}
                  />
                ))}
              </ul>
            </div>
          ))
        )}
      </section>

      {barShown && !viewOnly ? <SummaryBar selected={selected} pending={pending} onSubmit={openConfirm} /> : null}
      <ConfirmSelection open={confirming} student={s} selected={selected} pending={pending} onConfirm={() => void submit()} onClose={cancel} />
    </main>
  )
}
