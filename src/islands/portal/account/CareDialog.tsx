import type { StudentDto } from '#api/students/schemas'
import { useStudentCare } from '#islands/api/care/get-student-care'
import { ErrorCard } from '#islands/components/ui/Alert'
import { Dialog } from '#islands/components/ui/Dialog'
import { SkeletonRows } from '#islands/components/ui/LoadState'
import { CareForm } from './CareForm'
import { PickupsEditor } from './PickupsEditor'

/** A child's care information and authorised pickups (issue 24), from My Students on /account. */
export function CareDialog({ student, onClose }: { student: StudentDto | null; onClose: () => void }) {
  const care = useStudentCare(student?.id ?? null)
  return (
    <Dialog
      open={student !== null}
      onClose={onClose}
      wide
      closeButton
      title={student ? `Care and pickups of ${student.fullName}` : 'Care and pickups'}
      description="Visible to you, the studio and the teachers of this child's classes only."
    >
      {!student ? null : care.isPending ? (
        <SkeletonRows count={3} label="Loading care information…" className="h-16" />
      ) : care.isError ? (
        <ErrorCard title="Could not load the care information." onRetry={() => void care.refetch()} />
      ) : (
        <div className="space-y-4" key={student.id}>
          <CareForm care={care.data} />
          <PickupsEditor studentId={student.id} studentName={student.fullName} pickups={care.data.pickups} />
        </div>
      )}
    </Dialog>
  )
}
