import type { StudentDto } from '#api/schemas/students'
import { useDeleteStudent } from '#islands/api/delete-student'
import type { ToastMessage } from '#islands/components/Toast'
import { PORTAL_TEXT } from '#islands/portal/texts'
import { ConfirmDialog } from './Dialog'

/** Removing a student asks first, and also removes all their enrolments (spec §5 "Deletions"). */
export function RemoveStudentDialog({
  student,
  onClose,
  notify,
}: {
  student: StudentDto | null
  onClose: () => void
  notify: (message: ToastMessage) => void
}) {
  const remove = useDeleteStudent()
  async function confirm() {
    if (!student) return
    try {
      await remove.mutateAsync(student.id)
      notify({ title: PORTAL_TEXT.studentRemoved, text: `${student.fullName} has been removed.` })
      onClose()
    } catch {
      notify({ title: 'Error', text: PORTAL_TEXT.studentRemoveError, tone: 'error' })
    }
  }
  return (
    <ConfirmDialog
      open={student !== null}
      title="Remove Student"
      confirmLabel="Remove Student"
      pendingLabel="Removing..."
      pending={remove.isPending}
      danger
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <p>
        Are you sure you want to remove <strong>{student?.fullName}</strong>? All of their class enrollments will be removed too. This action cannot be undone.
      </p>
    </ConfirmDialog>
  )
}
