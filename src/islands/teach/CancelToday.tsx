import { useState } from 'react'

import type { TeachClassDto } from '#api/attendance/schemas'
import { useCancelClassToday, useUndoCancelToday } from '#islands/api/messages/teach-class-message'
import { ErrorAlert, SuccessAlert } from '#islands/components/ui/Alert'
import { ConfirmDialog } from '#islands/components/ui/Dialog'
import { BUTTON } from '#islands/components/ui/styles'
import { errorMessage } from '#islands/lib/http'

/** A cancelled class, today: what the families were told, and the way back the same day. */
function CancelledToday({ cls, justNow, undo }: { cls: TeachClassDto; justNow: boolean; undo: ReturnType<typeof useUndoCancelToday> }) {
  const [asking, setAsking] = useState(false)
  return (
    <div className="space-y-2">
      <SuccessAlert title={justNow ? 'Families told' : 'Cancelled today'}>
        The families of {cls.name} were told that today’s class is cancelled. It is off their schedule and their calendar, and no attendance is taken.
      </SuccessAlert>
      {cls.cancelledToday ? (
        <button type="button" className={`${BUTTON.secondary} w-full`} onClick={() => setAsking(true)}>
          Undo the cancellation
        </button>
      ) : null}
      {undo.isError ? <ErrorAlert title="Not undone">{errorMessage(undo.error, 'Could not undo the cancellation. Please try again.')}</ErrorAlert> : null}
      <ConfirmDialog
        open={asking}
        title={`Hold ${cls.name} today after all?`}
        confirmLabel="Tell the families it is on"
        cancelLabel="Keep it cancelled"
        pendingLabel="Sending…"
        pending={undo.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => undo.mutate(cls.id, { onSettled: () => setAsking(false) })}
      >
        The class goes back on today’s schedule and every family of this class gets a message that it takes place after all.
      </ConfirmDialog>
    </div>
  )
}

/**
 * "Class cancelled today" in two taps (issue 25): the button, then the confirmation. Every family
 * of the class gets the notice in the portal inbox, and by email unless they chose the portal
 * only for class changes; the day becomes a closure of the class (issue 41), which the same day
 * can undo.
 */
export function CancelToday({ cls }: { cls: TeachClassDto }) {
  const [asking, setAsking] = useState(false)
  const cancel = useCancelClassToday()
  // Held here, not in the cancelled view: once undone the class meets again and that view is gone.
  const undo = useUndoCancelToday()
  if (undo.isSuccess) return <SuccessAlert title="Class on again">The families of {cls.name} were told that today’s class takes place after all.</SuccessAlert>
  if (cls.cancelledToday || cancel.isSuccess) return <CancelledToday cls={cls} justNow={cancel.isSuccess} undo={undo} />
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
        cancelLabel="Keep the class"
        pendingLabel="Sending…"
        pending={cancel.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => cancel.mutate(cls.id, { onSettled: () => setAsking(false) })}
      >
        Every family of this class gets a message that today’s class is cancelled, and the class comes off their schedule for today.
      </ConfirmDialog>
    </div>
  )
}
