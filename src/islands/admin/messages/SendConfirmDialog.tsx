import type { AudiencePreview } from '#api/messages/schemas'
import type { RichTextDocument } from '#api/messages/rich-text.schemas'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { ConfirmDialog } from '#islands/components/ui/Dialog'
import { RichMessage } from '#islands/components/RichMessage'
import { countOf } from '#shared/plural'

export type SendPlan = { subject: string; body: RichTextDocument | null; preview: AudiencePreview; when: string | null }

/**
 * The last look before a message goes out (issue 41): who receives it and how, and the message
 * as a family's inbox will show it. Nothing is sent until the office confirms; a refusal from the
 * server is shown here, with the dialog still open.
 */
export function SendConfirmDialog({
  plan,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  plan: SendPlan | null
  pending: boolean
  error: string | null
  onConfirm: () => void
  onCancel: () => void
}) {
  const households = plan ? countOf(plan.preview.households, 'household') : ''
  return (
    <ConfirmDialog
      open={plan !== null}
      title={plan?.when ? `Schedule this message to ${households}?` : `Send this message to ${households}?`}
      confirmLabel={plan?.when ? 'Schedule message' : 'Send message'}
      pendingLabel={plan?.when ? 'Scheduling…' : 'Sending…'}
      cancelLabel="Keep editing"
      destructive={false}
      pending={pending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {plan ? (
        <div className="space-y-3">
          <p>
            {countOf(plan.preview.guardians, 'guardian')}; {plan.preview.byEmail} by email{plan.when ? `, on ${plan.when}` : ''}.
            {plan.preview.portalOnly.length ? ` ${plan.preview.portalOnly.length} will see it in the portal only.` : ''}
          </p>
          <section aria-label="As families will see it" className="rounded-xl border border-gray-200 bg-gray-50 p-3">
            <p className="text-xs font-semibold tracking-wide text-gray-700 uppercase">As families will see it</p>
            <h3 className="mt-1 font-semibold">{plan.subject}</h3>
            {plan.body ? (
              <div className="mt-2">
                <RichMessage body={plan.body} />
              </div>
            ) : null}
          </section>
          {error ? <ErrorAlert title="Not sent">{error}</ErrorAlert> : null}
        </div>
      ) : null}
    </ConfirmDialog>
  )
}
