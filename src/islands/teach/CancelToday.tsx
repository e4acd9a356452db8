import { useState } from 'react'

import type { TeachClassDto } from '#api/attendance/schemas'
import { useCancelClassToday } from '#islands/api/teach-class-message'
import { ErrorAlert, SuccessAlert } from '#islands/components/ui/Alert'
import { ConfirmDialog } from '#islands/components/ui/Dialog'
import { BUTTON } from '#islands/components/ui/styles'
import { errorMessage } from '#islands/lib/http'

/**
 * "Class cancelled today" in two taps (issue 25): the button, then the confirmation. Every family
 * of the class gets the notice in the portal inbox, and by email unless they chose the portal
 * only for class changes.
 */
export function CancelToday({ cls }: { cls: TeachClassDto }) {
  const [asking, setAsking] = useState(false)
  const cancel = useCancelClassToday()
  if (cancel.isSuccess) return <SuccessAlert title="Families told">The families of {cls.name} were told that today’s class is cancelled.</SuccessAlert>
  return (
    <div className="space-y-2">
      <button type="button" className={`${BUTTON.dangerOutline} w-full`} onClick={() => setAsking(true)}>
        Class cancelled today
      </button>
      {cancel.isError ? <ErrorAlert title="Not sent">{errorMessage(cancel.error, 'Could not tell the families. Please try again.')}</ErrorAlert> : null}
      <ConfirmDialog
        open={asking}
        title={`Cancel ${cls.name} today?`}
        confirmLabel="Tell the families"
        pendingLabel="Sending…"
        pending={cancel.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => cancel.mutate(cls.id, { onSettled: () => setAsking(false) })}
      >
        Every family of this class gets a message that today’s class is cancelled.
      </ConfirmDialog>
    </div>
  )
}
