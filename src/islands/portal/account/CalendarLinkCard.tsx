import { useState } from 'react'

import { useResetCalendarLink } from '#islands/api/calendar/reset-calendar-link'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'
import { ConfirmDialog } from '#islands/components/ui/Dialog'

/** Beyond the spec (issue 5): the private calendar feed's link can be replaced if it was shared. */
export function CalendarLinkCard() {
  const notify = useNotify()
  const [confirming, setConfirming] = useState(false)
  const reset = useResetCalendarLink()
  async function confirm() {
    try {
      await reset.mutateAsync()
      setConfirming(false)
      notify({ title: 'Calendar Link Reset', text: 'The old link no longer works. Add the new one from the Schedule page.' })
    } catch (error) {
      notify({ title: 'Error', text: errorMessage(error, 'Failed to reset the calendar link. Please try again.'), tone: 'error' })
    }
  }
  return (
    <section aria-labelledby="calendar-link-title" className="rounded-3xl border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id="calendar-link-title" className="font-serif text-xl">
        Calendar Link
      </h2>
      <p className="mt-1 text-sm text-gray-800">
        Your private calendar link shows your family's classes in your phone's calendar (add it from the Schedule page). If you shared it by mistake, reset it:
        the old link stops working at once.
      </p>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        className="mt-3 inline-flex min-h-11 items-center rounded-full border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
      >
        Reset Calendar Link
      </button>
      <ConfirmDialog
        open={confirming}
        title="Reset Calendar Link"
        confirmLabel="Reset Link"
        pendingLabel="Resetting..."
        pending={reset.isPending}
        destructive={false}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      >
        <p>Calendars that use the current link will stop updating. You will need to add the new link from the Schedule page.</p>
      </ConfirmDialog>
    </section>
  )
}
