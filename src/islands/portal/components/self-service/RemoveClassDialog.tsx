import type { EnrollmentDto } from '#api/enrollment/schemas'
import type { StudentDto } from '#api/students/schemas'
import { useDeleteEnrollment } from '#islands/api/enrollment/delete-enrollment'
import { useSelfServiceRules } from '#islands/api/self-service/self-service-rules'
import { ErrorAlert, ErrorCard } from '#islands/components/ui/Alert'
import { ConfirmDialog, Dialog } from '#islands/components/ui/Dialog'
import { SkeletonRows } from '#islands/components/ui/LoadState'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'
import { PORTAL_TEXT } from '#islands/portal/texts'
import { calendarDay, formatDayWithWeekday } from '#shared/dates'
import { firstClassDay } from '#shared/first-class'
import { DropDialog } from './DropDialog'

/**
 * A family's Remove on an enrolled class (decisions §18): a drop under the studio's notice with
 * its last day and cost shown first; a class that has not met since the enrollment began (a
 * mistake, or a class not started) is removed outright, at no cost, as the server does.
 * Removing at once otherwise is an administrator's action.
 */
export function RemoveClassDialog({ enrollment, student, onClose }: { enrollment: EnrollmentDto; student: StudentDto; onClose: () => void }) {
  const rules = useSelfServiceRules()
  const notify = useNotify()
  const remove = useDeleteEnrollment()
  const cls = enrollment.class
  if (!rules.data) {
    return (
      <Dialog open onClose={onClose} title={`Remove ${cls.name}`}>
        {rules.isError ? (
          <ErrorCard message={errorMessage(rules.error, 'Could not load the studio rules.')} onRetry={() => void rules.refetch()} />
        ) : (
          <SkeletonRows count={2} label="Loading…" className="h-10" />
        )}
      </Dialog>
    )
  }
  const { today } = rules.data
  const firstDay = firstClassDay(enrollment.class, calendarDay(enrollment.enrollmentDate), rules.data.academyClosures)
  const notBegun = firstDay === null || firstDay >= today
  if (!notBegun) return <DropDialog enrollment={enrollment} student={student} rules={rules.data} mode="remove" onClose={onClose} />

  async function confirm() {
    try {
      const answer = await remove.mutateAsync({ id: enrollment.id, studentId: student.id })
      notify({ title: PORTAL_TEXT.classRemoved, text: answer?.message ?? `${cls.name} was removed from ${student.fullName}'s schedule.` })
      onClose()
    } catch {
      // Shown in the dialog below.
    }
  }
  return (
    <ConfirmDialog
      open
      title="Remove Class"
      confirmLabel="Remove Class"
      pendingLabel="Removing..."
      pending={remove.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      {remove.isError ? <ErrorAlert title="Not removed">{errorMessage(remove.error, 'Please try again.')}</ErrorAlert> : null}
      <p>
        {cls.name} has not met yet for {student.fullName}
        {firstDay ? ` (first class ${formatDayWithWeekday(firstDay, today)})` : ''}. Removing it now costs nothing. This cannot be undone.
      </p>
    </ConfirmDialog>
  )
}
