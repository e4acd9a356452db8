import { useId, useState, type FormEvent } from 'react'

import type { EnrollmentDto } from '#api/enrollment/schemas'
import type { SelfServiceRulesDto } from '#api/self-service/schemas'
import type { StudentDto } from '#api/students/schemas'
import { useDropEnrollment } from '#islands/api/drop-enrollment'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { Dialog, FormDialogActions } from '#islands/components/ui/Dialog'
import { TextField } from '#islands/components/ui/Field'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'
import { formatCalendarDay } from '#shared/dates'
import { earliestLastDay } from '#shared/self-service'

/** Drop a class from a chosen last day on; a refusal shows inside the dialog (a toast would sit under it). */
export function DropDialog({
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
