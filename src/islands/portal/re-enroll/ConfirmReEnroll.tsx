import type { SeasonDto, SuggestedClassDto } from '#api/seasons/schemas'
import { Dialog } from '#islands/components/ui/Dialog'
import { BUTTON } from '#islands/components/ui/styles'
import { ClassWhen } from '#islands/portal/components/ClassFacts'
import { EnrollmentQuote } from '#islands/portal/components/EnrollmentQuote'
import { formatPricePerMonth } from '#shared/money'

/** The last look before re-enrolling (issue 27): the class, and what the first invoice will charge, as Select Classes shows it. */
export function ConfirmReEnroll({
  open,
  studentId,
  fullName,
  season,
  cls,
  pending,
  onConfirm,
  onClose,
}: {
  open: boolean
  studentId: number
  fullName: string
  season: SeasonDto
  cls: SuggestedClassDto | null
  pending: boolean
  onConfirm: () => void
  onClose: () => void
}) {
  return (
    <Dialog
      open={open && cls !== null}
      title={`Re-enroll ${fullName}`}
      onClose={() => (pending ? undefined : onClose())}
      footer={
        <>
          <button type="button" className={BUTTON.secondary} onClick={onClose} disabled={pending}>
            Cancel
          </button>
          <button type="button" className={BUTTON.primary} onClick={onConfirm} disabled={pending}>
            {pending ? 'Processing...' : 'Confirm re-enrollment'}
          </button>
        </>
      }
    >
      {cls ? (
        <>
          <p>
            You are about to enroll {fullName} in {cls.name} for {season.name}.
          </p>
          <div className="mt-3 rounded-xl bg-gray-50 p-3 text-sm">
            <p className="font-semibold text-ink">{cls.name}</p>
            <p>
              Ages {cls.ageGroup}
              {cls.level ? ` · ${cls.level}` : ''}
              {cls.room ? ` · Room: ${cls.room}` : ''}
            </p>
            <ClassWhen cls={cls} />
            <p className="font-semibold text-brand-800">{formatPricePerMonth(cls.price)}</p>
          </div>
          <EnrollmentQuote studentId={studentId} classes={[cls]} enabled={open} />
        </>
      ) : null}
    </Dialog>
  )
}
