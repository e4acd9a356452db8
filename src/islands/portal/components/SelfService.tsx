import { useId, useState, type FormEvent } from 'react'

import type { EnrollmentDto } from '#api/enrollment/schemas'
import type { AbsenceDto, SelfServiceRulesDto } from '#api/self-service/schemas'
import type { StudentDto } from '#api/students/schemas'
import { useBookMakeup } from '#islands/api/book-makeup'
import { useCancelAbsence } from '#islands/api/cancel-absence'
import { useCancelMakeup } from '#islands/api/cancel-makeup'
import { useDropEnrollment, useUndoDrop } from '#islands/api/drop-enrollment'
import { useStudentAbsences } from '#islands/api/list-student-absences'
import { useMakeupOptions } from '#islands/api/makeup-options'
import { useReportAbsence } from '#islands/api/report-absence'
import { useSelfServiceRules } from '#islands/api/self-service-rules'
import { ErrorAlert, ErrorCard } from '#islands/components/ui/Alert'
import { ConfirmDialog, Dialog, DialogActions, FormDialogActions } from '#islands/components/ui/Dialog'
import { SelectField, TextField } from '#islands/components/ui/Field'
import { SkeletonRows } from '#islands/components/ui/LoadState'
import { useNotify } from '#islands/components/ui/Toast'
import { BUTTON } from '#islands/components/ui/styles'
import { errorMessage } from '#islands/lib/http'
import { formatCalendarDay } from '#shared/dates'
import { earliestLastDay, isDropPending, lastReportableDay, meetingDays } from '#shared/self-service'

/*
 * A family's own changes in the portal (decisions §16): drop a class from a last day on, report
 * an absence, book and cancel makeups. Each dialog shows a refusal inside itself (a toast would
 * sit under the dialog) and closes with the server's own answer as a toast.
 */

export const SMALL_ACTION = 'inline-flex min-h-10 items-center justify-center rounded-full border px-3.5 py-1.5 text-sm font-semibold'
const OUTLINE = `${SMALL_ACTION} border-brand-700 text-brand-800 hover:bg-brand-50`
const DANGER = `${SMALL_ACTION} border-red-700 text-red-800 hover:bg-red-50`

/** How many coming class days the absence dialog offers. */
const ABSENCE_CHOICES = 12

function DropDialog({
  enrollment,
  student,
  rules,
  onClose,
}: {
  enrollment: EnrollmentDto
  student: StudentDto
  rules: SelfServiceRulesDto
  onClose: () => void
}) {
  const notify = useNotify()
  const drop = useDropEnrollment()
  const earliest = earliestLastDay(rules.today, rules.dropNoticeDays)
  const [lastDay, setLastDay] = useState(enrollment.endDate && enrollment.endDate >= earliest ? enrollment.endDate : earliest)
  const id = useId()
  async function submit(event: FormEvent) {
    event.preventDefault()
    try {
      const answer = await drop.mutateAsync({ id: enrollment.id, studentId: student.id, lastDay })
      notify({ title: 'Drop scheduled', text: answer.message })
      onClose()
    } catch {
      // Shown in the dialog below.
    }
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Drop ${enrollment.class.name}`}
      description={
        <p>
          Choose {student.fullName}'s last day in this class. The studio needs {rules.dropNoticeDays} days' notice, so the earliest last day is{' '}
          {formatCalendarDay(earliest)}. Tuition is prorated to the last day.
        </p>
      }
    >
      <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
        {drop.isError ? <ErrorAlert title="Not scheduled">{errorMessage(drop.error, 'Please try again.')}</ErrorAlert> : null}
        <TextField
          id={`${id}-last-day`}
          label="Last day"
          type="date"
          required
          min={earliest}
          value={lastDay}
          onChange={(event) => setLastDay(event.target.value)}
        />
        <FormDialogActions onCancel={onClose} pending={drop.isPending} submitLabel="Schedule Drop" pendingLabel="Scheduling..." />
      </form>
    </Dialog>
  )
}

function AbsenceDialog({
  enrollment,
  student,
  rules,
  onClose,
}: {
  enrollment: EnrollmentDto
  student: StudentDto
  rules: SelfServiceRulesDto
  onClose: () => void
}) {
  const notify = useNotify()
  const report = useReportAbsence()
  const horizon = lastReportableDay(rules.today)
  const last = enrollment.endDate && enrollment.endDate < horizon ? enrollment.endDate : horizon
  const days = meetingDays(enrollment.class, rules.today, last, rules.academyClosures).slice(0, ABSENCE_CHOICES)
  const [date, setDate] = useState(days[0] ?? '')
  const id = useId()
  async function submit(event: FormEvent) {
    event.preventDefault()
    try {
      const answer = await report.mutateAsync({ studentId: student.id, classId: enrollment.classId, date })
      notify({ title: 'Absence reported', text: answer.message })
      onClose()
    } catch {
      // Shown in the dialog below.
    }
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title="Report Absence"
      description={
        <p>
          Which day will {student.fullName} miss {enrollment.class.name}? The teacher sees it on the class list, and you can book a makeup in another class
          afterwards.
        </p>
      }
    >
      {days.length === 0 ? (
        <div className="space-y-4">
          <p>This class has no coming days we can read from its timetable ({enrollment.class.days}). Please contact the studio.</p>
          <DialogActions>
            <button type="button" className={BUTTON.secondary} onClick={onClose}>
              Close
            </button>
          </DialogActions>
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
          {report.isError ? <ErrorAlert title="Not reported">{errorMessage(report.error, 'Please try again.')}</ErrorAlert> : null}
          <SelectField id={`${id}-date`} label="Class day" value={date} onChange={(event) => setDate(event.target.value)}>
            {days.map((day) => (
              <option key={day} value={day}>
                {formatCalendarDay(day)}
                {day === rules.today ? ' (today)' : ''}
              </option>
            ))}
          </SelectField>
          <FormDialogActions onCancel={onClose} pending={report.isPending} submitLabel="Report Absence" pendingLabel="Reporting..." />
        </form>
      )}
    </Dialog>
  )
}

function MakeupDialog({ absence, student, onClose }: { absence: AbsenceDto; student: StudentDto; onClose: () => void }) {
  const notify = useNotify()
  const options = useMakeupOptions(absence.id)
  const book = useBookMakeup()
  const [choice, setChoice] = useState<string | null>(null)
  const name = useId()
  async function submit(event: FormEvent) {
    event.preventDefault()
    const picked = options.data?.find((o) => `${o.classId}:${o.date}` === choice)
    if (!picked) return
    try {
      const answer = await book.mutateAsync({ absenceId: absence.id, classId: picked.classId, date: picked.date, studentId: student.id })
      notify({ title: 'Makeup booked', text: answer.message })
      onClose()
    } catch {
      // Shown in the dialog below.
    }
  }
  return (
    <Dialog
      open
      onClose={onClose}
      wide
      title="Book a Makeup"
      description={
        <p>
          {student.fullName} misses {absence.className} on {formatCalendarDay(absence.date)}. Choose a class of the same age group with a free place between{' '}
          {formatCalendarDay(absence.makeupWindow.first)} and {formatCalendarDay(absence.makeupWindow.last)}.
        </p>
      }
    >
      {options.isPending ? (
        <SkeletonRows count={3} label="Looking for free places…" className="h-12" />
      ) : options.isError ? (
        <ErrorCard message={errorMessage(options.error, 'Could not load the free places.')} onRetry={() => void options.refetch()} />
      ) : (
        <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
          {book.isError ? <ErrorAlert title="Not booked">{errorMessage(book.error, 'Please try again.')}</ErrorAlert> : null}
          {options.data.length === 0 ? (
            <p>No class of this age group has a free place in the makeup window.</p>
          ) : (
            <fieldset>
              <legend className="text-sm font-semibold">Class and day</legend>
              <ul className="mt-2 max-h-[45vh] space-y-2 overflow-y-auto">
                {options.data.map((option) => {
                  const value = `${option.classId}:${option.date}`
                  return (
                    <li
                      key={value}
                      className="flex items-start gap-3 rounded-xl border border-gray-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                    >
                      <input
                        id={`${name}-${value}`}
                        type="radio"
                        name={name}
                        value={value}
                        checked={choice === value}
                        onChange={() => setChoice(value)}
                        className="mt-1 h-5 w-5 shrink-0"
                      />
                      <label htmlFor={`${name}-${value}`} className="cursor-pointer">
                        <span className="block font-semibold">{`${option.className}, ${formatCalendarDay(option.date)}`}</span>
                        <span className="block text-sm text-gray-800">
                          {`${option.time} · ${option.location} · ${option.level}`}
                          {option.freePlaces !== null ? ` · ${option.freePlaces} place${option.freePlaces === 1 ? '' : 's'} free` : ''}
                        </span>
                      </label>
                    </li>
                  )
                })}
              </ul>
            </fieldset>
          )}
          <FormDialogActions
            onCancel={onClose}
            pending={book.isPending || choice === null}
            submitLabel="Book Makeup"
            pendingLabel={book.isPending ? 'Booking...' : 'Book Makeup'}
          />
        </form>
      )}
    </Dialog>
  )
}

/** The drop, absence and makeup actions of one enrollment on the dashboard. */
export function EnrollmentSelfService({ enrollment, student }: { enrollment: EnrollmentDto; student: StudentDto }) {
  const notify = useNotify()
  const rules = useSelfServiceRules()
  const undo = useUndoDrop()
  const [open, setOpen] = useState<'drop' | 'absence' | 'undo' | null>(null)
  const cls = enrollment.class
  const today = rules.data?.today
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
          {ended ? 'Left the class after' : 'Last day:'} {formatCalendarDay(enrollment.endDate)}
        </p>
      ) : null}
      {ended ? null : (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={OUTLINE} onClick={() => setOpen('absence')}>
            Report Absence<span className="sr-only"> from {cls.name}</span>
          </button>
          {pending ? (
            <button type="button" className={OUTLINE} onClick={() => setOpen('undo')}>
              Undo Drop<span className="sr-only"> of {cls.name}</span>
            </button>
          ) : null}
          <button type="button" className={DANGER} onClick={() => setOpen('drop')}>
            {pending ? 'Change Last Day' : 'Drop from…'}
            <span className="sr-only"> {cls.name}</span>
          </button>
        </div>
      )}
      {open === 'drop' ? <DropDialog enrollment={enrollment} student={student} rules={rules.data} onClose={() => setOpen(null)} /> : null}
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
          Keep {student.fullName} in <strong>{cls.name}</strong> after {enrollment.endDate ? formatCalendarDay(enrollment.endDate) : ''}?
        </p>
      </ConfirmDialog>
    </div>
  )
}

function AbsenceItem({ absence, student }: { absence: AbsenceDto; student: StudentDto }) {
  const notify = useNotify()
  const cancelAbsence = useCancelAbsence()
  const cancelMakeup = useCancelMakeup()
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
        {absence.className}, {formatCalendarDay(absence.date)}
      </p>
      <p className="text-sm text-gray-800">{absence.reportedBy === 'family' ? 'Absence reported by you' : 'Marked absent by the teacher'}</p>
      {makeup ? (
        <p className="mt-1 text-sm font-semibold text-brand-800">
          Makeup: {makeup.className}, {formatCalendarDay(makeup.date)} · {makeup.time} · {makeup.location}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {absence.canBookMakeup ? (
          <button type="button" className={OUTLINE} onClick={() => setOpen('makeup')}>
            Book Makeup
            <span className="sr-only">
              {' '}
              for {absence.className} on {formatCalendarDay(absence.date)}
            </span>
          </button>
        ) : null}
        {makeup?.cancellable ? (
          <button type="button" className={DANGER} onClick={() => setOpen('cancel-makeup')}>
            Cancel Makeup<span className="sr-only"> in {makeup.className}</span>
          </button>
        ) : null}
        {absence.cancellable ? (
          <button type="button" className={DANGER} onClick={() => setOpen('withdraw')}>
            Withdraw Absence
            <span className="sr-only">
              {' '}
              from {absence.className} on {formatCalendarDay(absence.date)}
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
          {student.fullName} will attend {absence.className} on {formatCalendarDay(absence.date)} after all?
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
          Give back {student.fullName}'s place in {makeup?.className} on {makeup ? formatCalendarDay(makeup.date) : ''}?
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
