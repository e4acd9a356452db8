import { useEffect, useId, useMemo, useState, type ReactNode } from 'react'

import type { UserDto } from '#api/accounts/auth.schemas'
import type { ClassDto } from '#api/classes/schemas'
import { ageFitsGroup, ageOn, ALL_AGES, isEligibleClass, sortAgeGroups } from '#shared/eligibility'
import type { StudentDto } from '#api/students/schemas'
import { notInAgeGroupMessage } from '#api/enrollment/schemas'
import { isAdminUser } from '#shared/roles'
import { EnrollmentBatchError, useCreateEnrollments } from '#islands/api/create-enrollment'
import { studentQueryOptions, useStudent } from '#islands/api/get-student'
import { useClasses } from '#islands/api/list-classes'
import { useStudentEnrollments } from '#islands/api/list-student-enrollments'
import { useJoinWaitlist } from '#islands/api/join-waitlist'
import { useLeaveWaitlist } from '#islands/api/leave-waitlist'
import { useWaitlist } from '#islands/api/list-waitlist'
import type { WaitlistEntryDto } from '#api/waitlist/schemas'
import { waitlistPositionText } from '#shared/ordinal'
import { useNotify } from '#islands/components/ui/Toast'
import { ApiError, errorMessage } from '#islands/lib/http'
import { AgeFilterChips } from './components/AgeFilterChips'
import { ClassDetailsList, FullBadge } from './components/ClassFacts'
import { ConfirmDialog, Dialog } from '#islands/components/ui/Dialog'
import { BUTTON } from '#islands/components/ui/styles'
import { Disclosure } from './components/Disclosure'
import { ErrorCard } from '#islands/components/ui/Alert'
import { PortalRoot } from './components/PortalRoot'
import { SkeletonRows } from '#islands/components/ui/LoadState'
import { Avatar, LevelBadge } from './components/StudentAvatar'
import { setFlash } from '#islands/lib/flash'
import { addedSchedulePath } from './components/FirstClassNotice'
import { formatCents, formatMonthlyPrice, formatPricePerMonth } from '#shared/money'

import { classCount, isFull } from './format'
import { PORTAL_TEXT } from './texts'

/** Why a class cannot be chosen for this student, or null when it can (the server's own rules, shown before it refuses). */
function unavailableReason(cls: ClassDto, student: StudentDto, age: number, ageChecked: boolean): string | null {
  if (isFull(cls)) return 'This class is full.'
  if (ageChecked && !ageFitsGroup(age, cls.ageGroup)) return notInAgeGroupMessage(student.fullName, cls.name, cls.ageGroup)
  return null
}

/**
 * A full class's waitlist (decisions §15): Join, then the student's place in line with Leave,
 * or a pointer to the dashboard where an offer is answered.
 */
function WaitlistControls({ cls, student, entry }: { cls: ClassDto; student: StudentDto; entry: WaitlistEntryDto | undefined }) {
  const join = useJoinWaitlist()
  const leave = useLeaveWaitlist()
  const notify = useNotify()
  const [confirming, setConfirming] = useState(false)

  async function onJoin() {
    try {
      await join.mutateAsync({ studentId: student.id, classId: cls.id })
      notify({ title: PORTAL_TEXT.waitlistJoined, text: `${student.fullName} is on the waitlist for ${cls.name}.` })
    } catch (error) {
      notify({ title: 'Error', text: errorMessage(error, PORTAL_TEXT.waitlistError), tone: 'error' })
    }
  }

  async function onLeave(id: number) {
    try {
      await leave.mutateAsync(id)
      setConfirming(false)
      notify({ title: PORTAL_TEXT.waitlistLeft, text: `${student.fullName} left the waitlist for ${cls.name}.` })
    } catch (error) {
      setConfirming(false)
      notify({ title: 'Error', text: errorMessage(error, PORTAL_TEXT.waitlistError), tone: 'error' })
    }
  }

  if (entry?.status === 'offered') {
    return (
      <p className="mt-3 pl-8 text-sm font-semibold text-brand-800" data-testid="waitlist-status">
        A place is offered to {student.fullName}.{' '}
        <a href="/dashboard" className="underline">
          Answer on your dashboard
        </a>
      </p>
    )
  }
  if (entry?.status === 'waiting' && entry.position != null) {
    return (
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 pl-8">
        <p className="text-sm font-semibold text-brand-800" data-testid="waitlist-status">
          {waitlistPositionText(entry.position)}
        </p>
        <button type="button" className={BUTTON.dangerOutline} onClick={() => setConfirming(true)}>
          Leave waitlist<span className="sr-only"> for {cls.name}</span>
        </button>
        <ConfirmDialog
          open={confirming}
          title="Leave Waitlist"
          confirmLabel="Leave Waitlist"
          pendingLabel="Leaving..."
          pending={leave.isPending}
          onConfirm={() => void onLeave(entry.id)}
          onCancel={() => setConfirming(false)}
        >
          <p>
            Take {student.fullName} off the waitlist for <strong>{cls.name}</strong>? Joining again puts them at the end of the line.
          </p>
        </ConfirmDialog>
      </div>
    )
  }
  return (
    <div className="mt-3 pl-8">
      <button type="button" className={BUTTON.primary} onClick={() => void onJoin()} disabled={join.isPending}>
        {join.isPending ? 'Joining...' : 'Join waitlist'}
        <span className="sr-only"> for {cls.name}</span>
      </button>
    </div>
  )
}

function ClassOption({
  cls,
  checked,
  reason,
  onToggle,
  waitlist,
}: {
  cls: ClassDto
  checked: boolean
  reason: string | null
  onToggle: () => void
  waitlist?: ReactNode
}) {
  const full = isFull(cls)
  const blocked = reason !== null
  const id = useId()
  return (
    <li
      className={`rounded-2xl border-2 bg-white p-4 shadow-sm ${checked ? 'border-brand-700 bg-brand-50' : 'border-gray-200'} ${blocked ? 'opacity-80' : ''}`}
      data-testid="class-option"
    >
      <label htmlFor={id} className={`flex items-start gap-3 ${blocked ? 'cursor-not-allowed' : 'cursor-pointer'}`}>
        <input
          id={id}
          type="checkbox"
          checked={checked && !blocked}
          disabled={blocked}
          onChange={onToggle}
          aria-describedby={blocked ? `${id}-reason` : undefined}
          className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
        />
        <span className="min-w-0 flex-1">
          <span className="flex items-start justify-between gap-3">
            <span className="font-semibold">{cls.name}</span>
            <span className="shrink-0 font-semibold text-brand-800">{formatMonthlyPrice(cls.price)}</span>
          </span>
          <span className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-gray-800">
            <span>Ages {cls.ageGroup}</span>
            <LevelBadge level={cls.level} />
            {full ? <FullBadge /> : null}
          </span>
          <span className="mt-1 block text-sm text-gray-800">
            {cls.days} · {cls.time}
          </span>
          {blocked ? (
            <span id={`${id}-reason`} className="mt-1 block text-sm font-medium text-gray-800">
              {reason}
            </span>
          ) : null}
        </span>
      </label>
      {waitlist}
      <Disclosure label="Details" openLabel="Hide details" className="mt-2 pl-8">
        <ClassDetailsList cls={cls} />
      </Disclosure>
    </li>
  )
}

function SummaryBar({ selected, pending, onSubmit }: { selected: ClassDto[]; pending: boolean; onSubmit: () => void }) {
  const [open, setOpen] = useState(false)
  const listId = useId()
  const total = selected.reduce((sum, cls) => sum + cls.price, 0)
  return (
    <section
      aria-label="Selected classes"
      className="fixed inset-x-0 bottom-[calc(3.75rem+env(safe-area-inset-bottom))] z-30 mx-auto w-full max-w-[500px] px-2"
      data-testid="summary-bar"
    >
      <div className="rounded-2xl border border-gray-200 bg-white p-3 shadow-[0_-4px_24px_rgba(0,0,0,0.12)]">
        <div className="flex items-center justify-between gap-3">
          <div aria-live="polite">
            <p className="font-semibold">{classCount(selected.length)} selected</p>
            <p className="text-sm text-gray-800">
              Total: <span className="font-semibold">{formatCents(total)}</span>/month
            </p>
          </div>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((v) => !v)}
            className="rounded-full px-3 py-1.5 text-sm font-semibold text-brand-700 hover:underline"
          >
            {open ? 'Hide list' : 'Show list'}
          </button>
        </div>
        <ul id={listId} hidden={!open} className="mt-2 max-h-48 space-y-1 overflow-y-auto border-t border-gray-200 pt-2 text-sm">
          {selected.map((cls) => (
            <li key={cls.id} className="flex justify-between gap-3">
              <span>
                <span className="font-semibold">{cls.name}</span>
                <span className="block text-gray-800">
                  {cls.days} · {cls.time}
                </span>
              </span>
              <span className="shrink-0">{formatPricePerMonth(cls.price)}</span>
            </li>
          ))}
        </ul>
        <button
          type="button"
          onClick={onSubmit}
          disabled={pending}
          className="mt-2 inline-flex w-full items-center justify-center rounded-full bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
        >
          {pending ? 'Adding to Schedule...' : 'Add to Schedule'}
        </button>
      </div>
    </section>
  )
}

function ConfirmSelection({
  open,
  student,
  selected,
  pending,
  onConfirm,
  onClose,
}: {
  open: boolean
  student: StudentDto
  selected: ClassDto[]
  pending: boolean
  onConfirm: () => void
  onClose: () => void
}) {
  const total = selected.reduce((sum, cls) => sum + cls.price, 0)
  return (
    <Dialog
      open={open}
      title="Confirm Class Selection"
      onClose={() => (pending ? undefined : onClose())}
      footer={
        <>
          <button type="button" className={BUTTON.secondary} onClick={onClose} disabled={pending}>
            Cancel
          </button>
          <button type="button" className={BUTTON.primary} onClick={onConfirm} disabled={pending}>
            {pending ? 'Processing...' : 'Confirm & Add to Schedule'}
          </button>
        </>
      }
    >
      <p>
        You are about to add {classCount(selected.length)} to {student.fullName}'s schedule. Total monthly cost: {formatCents(total)}
      </p>
      <ul className="mt-3 max-h-[45vh] space-y-2 overflow-y-auto">
        {selected.map((cls) => (
          <li key={cls.id} className="rounded-xl bg-gray-50 p-3 text-sm">
            <p className="font-semibold text-ink">{cls.name}</p>
            <p>
              Ages {cls.ageGroup} · {cls.level}
            </p>
            <p>
              {cls.days} · {cls.time}
            </p>
            <p className="font-semibold text-brand-800">{formatPricePerMonth(cls.price)}</p>
          </li>
        ))}
      </ul>
    </Dialog>
  )
}

/** `classId`: a class chosen on the catalogue (issue 23), selected from the start. */
function SelectClasses({ studentId, user, classId }: { studentId: number; user: UserDto; classId: number | null }) {
  const student = useStudent(studentId)
  const enrollments = useStudentEnrollments(studentId)
  const classes = useClasses()
  const enroll = useCreateEnrollments()
  const waitlist = useWaitlist()
  const notify = useNotify()
  const [filter, setFilter] = useState(ALL_AGES)
  const [selectedIds, setSelectedIds] = useState<number[]>(classId ? [classId] : [])
  const [barShown, setBarShown] = useState(classId !== null)
  const [confirming, setConfirming] = useState(false)

  // Spec §2: a student that is not found (or not the family's) sends the user back to /account.
  const notFound = student.error instanceof ApiError && student.error.status === 404
  useEffect(() => {
    if (notFound) window.location.replace('/account')
  }, [notFound])

  const age = student.data ? ageOn(student.data.dateOfBirth) : Number.NaN
  const enrolledIds = useMemo(() => new Set((enrollments.data ?? []).map((e) => e.classId)), [enrollments.data])
  const groups = classes.data ? sortAgeGroups(classes.data.map((cls) => cls.ageGroup)) : []
  const offered = (classes.data ?? []).filter((cls) => isEligibleClass(cls, { age, enrolledClassIds: enrolledIds }, filter))
  // Administrators may enroll outside the age group (decisions §4); families may not.
  const ageChecked = !isAdminUser(user)
  const reasonFor = (cls: ClassDto) => (student.data ? unavailableReason(cls, student.data, age, ageChecked) : null)
  const selected = (classes.data ?? []).filter((cls) => selectedIds.includes(cls.id) && !enrolledIds.has(cls.id) && reasonFor(cls) === null)
  const entryFor = (cls: ClassDto) => (waitlist.data ?? []).find((e) => e.classId === cls.id && e.studentId === studentId)
  // A full class the student may join (age as for enrolling), or one the student is already in line for.
  const waitlistFor = (cls: ClassDto) =>
    student.data && (entryFor(cls) || (isFull(cls) && (!ageChecked || ageFitsGroup(age, cls.ageGroup)))) ? (
      <WaitlistControls cls={cls} student={student.data} entry={entryFor(cls)} />
    ) : null

  function toggle(cls: ClassDto) {
    setBarShown(true)
    setSelectedIds((ids) => (ids.includes(cls.id) ? ids.filter((id) => id !== cls.id) : [...ids, cls.id]))
  }

  function openConfirm() {
    if (selected.length === 0) return notify({ title: PORTAL_TEXT.noSelectionTitle, text: PORTAL_TEXT.noSelectionText, tone: 'error' })
    setConfirming(true)
  }

  async function submit() {
    try {
      const added = await enroll.mutateAsync({ studentId, classIds: selected.map((cls) => cls.id) })
      const message = { title: PORTAL_TEXT.classesAdded, text: PORTAL_TEXT.classesAddedText }
      setFlash(message)
      notify(message)
      // From the catalogue, the family sees the week with the first class dates (issue 23).
      window.location.assign(classId ? addedSchedulePath(studentId, added) : '/account')
    } catch (error) {
      setConfirming(false)
      const text = error instanceof EnrollmentBatchError ? error.message : PORTAL_TEXT.addClassesError
      const added = error instanceof EnrollmentBatchError ? error.added.length : 0
      notify({ title: 'Error', text: added ? `${classCount(added)} added. ${text}` : text, tone: 'error' })
      if (error instanceof EnrollmentBatchError) {
        const addedIds = new Set(error.added.map((e) => e.classId))
        setSelectedIds((ids) => ids.filter((id) => !addedIds.has(id)))
      }
    }
  }

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
  const fitting = (classes.data ?? []).filter((cls) => (filter === ALL_AGES ? ageFitsGroup(age, cls.ageGroup) : cls.ageGroup === filter))
  const allTaken = fitting.length > 0 && fitting.every((cls) => enrolledIds.has(cls.id))

  return (
    <main id="main" className={`space-y-4 px-4 py-5 ${barShown ? 'pb-64' : ''}`}>
      <header className="flex items-center gap-3">
        <a
          href="/account"
          aria-label="Back to My Account"
          className="grid h-10 w-10 shrink-0 place-items-center rounded-full border border-gray-300 bg-white hover:border-brand-700"
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
            <span>Age {age}</span>
            <LevelBadge level={s.experienceLevel} />
          </p>
        </div>
      </section>

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
          <ul className="space-y-3">
            {offered.map((cls) => (
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
        )}
      </section>

      {barShown ? <SummaryBar selected={selected} pending={enroll.isPending} onSubmit={openConfirm} /> : null}
      <ConfirmSelection
        open={confirming}
        student={s}
        selected={selected}
        pending={enroll.isPending}
        onConfirm={() => void submit()}
        onClose={() => setConfirming(false)}
      />
    </main>
  )
}

/** /select-classes/{studentId} (spec §2): the page has already checked the student is the family's. */
export default function SelectClassesIsland({ user, student, classId = null }: { user: UserDto; student: StudentDto; classId?: number | null }) {
  return (
    <PortalRoot user={user} seeds={[[studentQueryOptions(student.id).queryKey, student]]}>
      {(viewer) => <SelectClasses studentId={student.id} user={viewer} classId={classId} />}
    </PortalRoot>
  )
}
