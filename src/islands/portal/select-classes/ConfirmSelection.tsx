import type { ClassDto } from '#api/classes/schemas'
import type { StudentDto } from '#api/students/schemas'
import { Dialog } from '#islands/components/ui/Dialog'
import { BUTTON } from '#islands/components/ui/styles'
import { EnrollmentQuote } from '#islands/portal/components/EnrollmentQuote'
import { classCount } from '#islands/portal/format'
import { formatCents, formatPricePerMonth } from '#shared/money'

/** The last look before enrolling: the selected classes, their monthly total and what the first invoice will charge (issue 23). */
export function ConfirmSelection({
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
      <ul aria-label="Classes to add" className="mt-3 max-h-[45vh] space-y-2 overflow-y-auto">
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
      <EnrollmentQuote studentId={student.id} classes={selected} enabled={open} />
    </Dialog>
  )
}
