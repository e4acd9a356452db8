import { useId, useState, type FormEvent } from 'react'

import type { EnrollmentDto } from '#api/enrollment/schemas'
import type { SelfServiceRulesDto } from '#api/self-service/schemas'
import type { StudentDto } from '#api/students/schemas'
import { useDropEnrollment } from '#islands/api/self-service/drop-enrollment'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { Dialog, FormDialogActions } from '#islands/components/ui/Dialog'
import { TextField } from '#islands/components/ui/Field'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'
import { calendarDay, formatDayWithWeekday } from '#shared/dates'
import { earliestLastDay } from '#shared/self-service'
import { DropPreview } from './DropPreview'

/**
 * Remove a class (a drop from a chosen last day on, decisions §18), or change the last day of a
 * drop still to come. The last day, the day the place is free and the last month's tuition are
 * shown before confirming; a refusal shows inside the dialog (a toast would sit under it).
 */
export function DropDialog({
  enrollment,
  student,
  rules,
  mode,
  onClose,
}: {
  enrollment: EnrollmentDto
  student: StudentDto
  rules: SelfServiceRulesDto
  mode: 'remove' | 'change'
  onClose: () => void
}) {
  const notify = useNotify()
  const drop = useDropEnrollment()
  const earliest = earliestLastDay(rules.today, rules.dropNoticeDays)
  const [lastDay, setLastDay] = useState(enrollment.endDate && enrollment.endDate >= earliest ? calendarDay(enrollment.endDate) : earliest)
  const id = useId()
  const notice = `${rules.dropNoticeDays} day${rules.dropNoticeDays === 1 ? '' : 's'}'`
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
      title={mode === 'remove' ? `Remove ${enrollment.class.name}` : `Change last day in ${enrollment.class.name}`}
      description={
        <p>
          {mode === 'remove' ? `Removing a class from ${student.fullName}'s schedule is a drop with notice. ` : ''}
          Choose {student.fullName}'s last day in this class. The studio needs {notice} notice, so the earliest last day is{' '}
          {formatDayWithWeekday(earliest, rules.today)}. Tuition is prorated to the last day.
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
        <DropPreview enrollment={enrollment} lastDay={lastDay} today={rules.today} academyClosures={rules.academyClosures} />
        <FormDialogActions
          onCancel={onClose}
          pending={drop.isPending}
          submitLabel={mode === 'remove' ? 'Confirm Drop' : 'Change Last Day'}
          pendingLabel="Scheduling..."
        />
      </form>
    </Dialog>
  )
}
