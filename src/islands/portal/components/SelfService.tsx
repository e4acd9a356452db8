import { useState } from 'react'

import type { EnrollmentDto } from '#api/enrollment/schemas'
import type { AbsenceDto } from '#api/self-service/schemas'
import type { StudentDto } from '#api/students/schemas'
import { useCancelAbsence } from '#islands/api/self-service/cancel-absence'
import { useCancelMakeup } from '#islands/api/self-service/cancel-makeup'
import { useUndoDrop } from '#islands/api/self-service/drop-enrollment'
import { useStudentAbsences } from '#islands/api/self-service/list-student-absences'
import { useSelfServiceRules } from '#islands/api/self-service/self-service-rules'
import { ErrorCard } from '#islands/components/ui/Alert'
import { ConfirmDialog } from '#islands/components/ui/Dialog'
import { SkeletonRows } from '#islands/components/ui/LoadState'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'
import { useCanChangeFamily } from '#islands/lib/use-family-access'
import { formatDayWithWeekday } from '#shared/dates'
import { isDropPending } from '#shared/self-service'

import { AbsenceDialog } from './self-service/AbsenceDialog'
import { DropDialog } from './self-service/DropDialog'
import { MakeupDialog } from './self-service/MakeupDialog'

/*
 * A family's own changes in the portal (decisions §16): drop a class from a last day on, report
 * an absence, book and cancel makeups. Each dialog (one file each under self-service/) shows a
 * refusal inside itself (a toast would sit under the dialog) and closes with the server's own
 * answer as a toast.
 */

export const SMALL_ACTION = 'inline-flex min-h-11 items-center justify-center rounded-full border px-3.5 py-1.5 text-sm font-semibold'
const OUTLINE = `${SMALL_ACTION} border-brand-700 text-brand-800 hover:bg-brand-50`
const DANGER = `${SMALL_ACTION} border-red-700 text-red-800 hover:bg-red-50`

/** The drop, absence and makeup actions of one enrollment on the dashboard. */
export function EnrollmentSelfService({ enrollment, student }: { enrollment: EnrollmentDto; student: StudentDto }) {
  const notify = useNotify()
  const rules = useSelfServiceRules()
  const undo = useUndoDrop()
  // A view-and-attendance guardian reports absences; drops are for a guardian with full access.
  const canChange = useCanChangeFamily()
  const [open, setOpen] = useState<'drop' | 'absence' | 'undo' | null>(null)
  const cls = enrollment.class
  const today = rules.data?.today
  const showDay = (value: string) => formatDayWithWeekday(value, today)
  const pending = today !== undefined && isDropPending(enrollment, today)
  const ended = today !== undefined && enrollment.endDate !== null && !pending

  async function confirmUndo() {
    try {
      const answer = await undo.mutateAsync({ id: enrollment.id, studentId: student.id })
      notify({ title: 'Drop undone', text: answer.message })
    } catch (error) {
      notify({ title: 'Not undone', text: errorMessage(error, 'Please try again.'), tone: 'error' })
    }
    setOpen(null)
  }

  if (!rules.data) return null
  return (
    <div className="mt-2 space-y-2">
      {enrollment.endDate ? (
        <p className="text-sm font-semibold text-amber-900">
          {ended ? 'Left the class after' : 'Last day:'} {showDay(enrollment.endDate)}
        </p>
      ) : null}
      {ended ? null : (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={OUTLINE} onClick={() => setOpen('absence')}>
            Report Absence<span className="sr-only"> from {cls.name}</span>
          </button>
          {pending && canChange ? (
            <button type="button" className={OUTLINE} onClick={() => setOpen('undo')}>
              Undo Drop<span className="sr-only"> of {cls.name}</span>
            </button>
          ) : null}
          {pending && canChange ? (
            <button type="button" className={DANGER} onClick={() => setOpen('drop')}>
              Change Last Day<span className="sr-only"> in {cls.name}</span>
            </button>
          ) : null}
        </div>
      )}
      {open === 'drop' ? <DropDialog enrollment={enrollment} student={student} rules={rules.data} mode="change" onClose={() => setOpen(null)} /> : null}
      {open === 'absence' ? <AbsenceDialog enrollment={enrollment} student={student} rules={rules.data} onClose={() => setOpen(null)} /> : null}
      <ConfirmDialog
        open={open === 'undo'}
        title="Undo Drop"
        confirmLabel="Undo Drop"
        pendingLabel="Undoing..."
        destructive={false}
        pending={undo.isPending}
        onConfirm={() => void confirmUndo()}
        onCancel={() => setOpen(null)}
      >
        <p>
          Keep {student.fullName} in <strong>{cls.name}</strong> after {enrollment.endDate ? showDay(enrollment.endDate) : ''}?
        </p>
      </ConfirmDialog>
    </div>
  )
}

function AbsenceItem({ absence, student }: { absence: AbsenceDto; student: StudentDto }) {
  const notify = useNotify()
  const cancelAbsence = useCancelAbsence()
  const cancelMakeup = useCancelMakeup()
  const today = useSelfServiceRules().data?.today
  const showDay = (value: string) => formatDayWithWeekday(value, today)
  const canChange = useCanChangeFamily()
  const [open, setOpen] = useState<'makeup' | 'withdraw' | 'cancel-makeup' | null>(null)
  async function run(action: () => Promise<{ message: string }>, title: string) {
    try {
      notify({ title, text: (await action()).message })
    } catch (error) {
      notify({ title: 'Not changed', text: errorMessage(error, 'Please try again.'), tone: 'error' })
    }
    setOpen(null)
  }
  const makeup = absence.makeup
  return (
    <li className="rounded-2xl border border-gray-200 p-3" data-testid="absence">
      <p className="font-semibold">
        {absence.className}, {showDay(absence.date)}
      </p>
      <p className="text-sm text-gray-800">{absence.reportedBy === 'family' ? 'Absence reported by you' : 'Marked absent by the teacher'}</p>
      {makeup ? (
        <p className="mt-1 text-sm font-semibold text-brand-800">
          Makeup: {makeup.className}, {showDay(makeup.date)} · {makeup.time} · {makeup.location}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {absence.canBookMakeup && canChange ? (
          <button type="button" className={OUTLINE} onClick={() => setOpen('makeup')}>
            Book Makeup
            <span className="sr-only">
              {' '}
              for {absence.className} on {showDay(absence.date)}
            </span>
          </button>
        ) : null}
        {makeup?.cancellable && canChange ? (
          <button type="button" className={DANGER} onClick={() => setOpen('cancel-makeup')}>
            Cancel Makeup<span className="sr-only"> in {makeup.className}</span>
          </button>
        ) : null}
        {absence.cancellable ? (
          <button type="button" className={DANGER} onClick={() => setOpen('withdraw')}>
            Withdraw Absence
            <span className="sr-only">
              {' '}
              from {absence.className} on {showDay(absence.date)}
            </span>
          </button>
        ) : null}
      </div>
      {open === 'makeup' ? <MakeupDialog absence={absence} student={student} onClose={() => setOpen(null)} /> : null}
      <ConfirmDialog
        open={open === 'withdraw'}
        title="Withdraw Absence"
        confirmLabel="Withdraw Absence"
        pendingLabel="Withdrawing..."
        pending={cancelAbsence.isPending}
        onConfirm={() => void run(() => cancelAbsence.mutateAsync({ id: absence.id, studentId: student.id }), 'Absence withdrawn')}
        onCancel={() => setOpen(null)}
      >
        <p>
          {student.fullName} will attend {absence.className} on {showDay(absence.date)} after all?
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'cancel-makeup'}
        title="Cancel Makeup"
        confirmLabel="Cancel Makeup"
        pendingLabel="Cancelling..."
        pending={cancelMakeup.isPending}
        onConfirm={() => void run(() => cancelMakeup.mutateAsync({ id: makeup!.id, studentId: student.id }), 'Makeup cancelled')}
        onCancel={() => setOpen(null)}
      >
        <p>
          Give back {student.fullName}'s place in {makeup?.className} on {makeup ? showDay(makeup.date) : ''}?
        </p>
      </ConfirmDialog>
    </li>
  )
}

/** A student's recent and coming absences, each with its makeup or a way to book one. */
export function StudentAbsences({ student, enabled }: { student: StudentDto; enabled: boolean }) {
  const absences = useStudentAbsences(student.id, enabled)
  if (!enabled) return null
  if (absences.isPending) return <SkeletonRows count={1} label="Loading absences…" className="h-14" />
  if (absences.isError) return <ErrorCard message={errorMessage(absences.error, 'Could not load the absences.')} onRetry={() => void absences.refetch()} />
  if (absences.data.length === 0) return null
  return (
    <section aria-label={`Absences and makeups of ${student.fullName}`} className="mt-3">
      <h4 className="text-sm font-semibold tracking-wide text-gray-700 uppercase">Absences and makeups</h4>
      <ul className="mt-2 space-y-2">
        {absences.data.map((absence) => (
          <AbsenceItem key={absence.id} absence={absence} student={student} />
        ))}
      </ul>
    </section>
  )
}
