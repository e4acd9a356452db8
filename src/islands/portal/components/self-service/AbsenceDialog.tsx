import { useId, useState, type FormEvent } from 'react'

import type { EnrollmentDto } from '#api/enrollment/schemas'
import type { SelfServiceRulesDto } from '#api/self-service/schemas'
import type { StudentDto } from '#api/students/schemas'
import { useReportAbsence } from '#islands/api/self-service/report-absence'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { Dialog, DialogActions, FormDialogActions } from '#islands/components/ui/Dialog'
import { SelectField } from '#islands/components/ui/Field'
import { useNotify } from '#islands/components/ui/Toast'
import { BUTTON } from '#islands/components/ui/styles'
import { errorMessage } from '#islands/lib/http'
import { formatDayWithWeekday } from '#shared/dates'
import { lastReportableDay, meetingDays } from '#shared/self-service'

/** How many coming class days the absence dialog offers. */
const ABSENCE_CHOICES = 12

/** Report an absence on one of the coming class days; a refusal shows inside the dialog. */
export function AbsenceDialog({
  enrollment,
  student,
  rules,
  initialDate,
  onClose,
}: {
  enrollment: EnrollmentDto
  student: StudentDto
  rules: SelfServiceRulesDto
  /** The day chosen first, when it is one of the days offered (the schedule's class dialog hands over its day). */
  initialDate?: string
  onClose: () => void
}) {
  const notify = useNotify()
  const report = useReportAbsence()
  const horizon = lastReportableDay(rules.today)
  const last = enrollment.endDate && enrollment.endDate < horizon ? enrollment.endDate : horizon
  const days = meetingDays(enrollment.class, rules.today, last, rules.academyClosures).slice(0, ABSENCE_CHOICES)
  const [date, setDate] = useState(initialDate && days.includes(initialDate) ? initialDate : (days[0] ?? ''))
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
                {formatDayWithWeekday(day, rules.today)}
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
