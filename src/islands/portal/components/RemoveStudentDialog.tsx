import type { StudentDto } from '#api/students/schemas'
import { useDeleteStudent } from '#islands/api/students/delete-student'
import { ConfirmDialog } from '#islands/components/ui/Dialog'
import { useNotify } from '#islands/components/ui/Toast'
import { PORTAL_TEXT } from '#islands/portal/texts'

/** Removing a student asks first, and also removes all their enrollments (spec §5 "Deletions"). */
export function RemoveStudentDialog({ student, onClose }: { student: StudentDto | null; onClose: () => void }) {
  const notify = useNotify()
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
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>
        Are you sure you want to remove <strong>{student?.fullName}</strong>? All of their class enrollments will be removed too. This action cannot be undone.
      </p>
    </ConfirmDialog>
  )
}
