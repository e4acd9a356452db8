import { useState } from 'react'

import type { ClassDto } from '#api/classes/schemas'
import type { StudentDto } from '#api/students/schemas'
import type { WaitlistEntryDto } from '#api/waitlist/schemas'
import { useJoinWaitlist } from '#islands/api/waitlist/join-waitlist'
import { useLeaveWaitlist } from '#islands/api/waitlist/leave-waitlist'
import { ConfirmDialog } from '#islands/components/ui/Dialog'
import { BUTTON } from '#islands/components/ui/styles'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'
import { PORTAL_TEXT } from '#islands/portal/texts'
import { waitlistPositionText } from '#shared/ordinal'

/**
 * A full class's waitlist (decisions §15): Join, then the student's place in line with Leave,
 * or a pointer to the dashboard where an offer is answered.
 */
export function WaitlistControls({ cls, student, entry }: { cls: ClassDto; student: StudentDto; entry: WaitlistEntryDto | undefined }) {
  const join = useJoinWaitlist()
  const leave = useLeaveWaitlist()
  const notify = useNotify()
  const [confirming, setConfirming] = useState(false)

  async function onJoin() {
    try {
      await join.mutateAsync({ studentId: student.id, classId: cls.id })
      notify({ title: PORTAL_TEXT.waitlistJoined, text: `${student.fullName} is on the waitlist for ${cls.name}.` })
    } catch (error) {
      notify({ title: 'Error', text: errorMessage(error, PORTAL_TEXT.waitlistError), tone: 'error' })
    }
  }

  async function onLeave(id: number) {
    try {
      await leave.mutateAsync(id)
      setConfirming(false)
      notify({ title: PORTAL_TEXT.waitlistLeft, text: `${student.fullName} left the waitlist for ${cls.name}.` })
    } catch (error) {
      setConfirming(false)
      notify({ title: 'Error', text: errorMessage(error, PORTAL_TEXT.waitlistError), tone: 'error' })
    }
  }

  if (entry?.status === 'offered') {
    return (
      <p className="mt-3 pl-8 text-sm font-semibold text-brand-800" data-testid="waitlist-status">
        A place is offered to {student.fullName}.{' '}
        <a href="/dashboard" className="underline">
          Answer on your dashboard
        </a>
      </p>
    )
  }
  if (entry?.status === 'waiting' && entry.position != null) {
    return (
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 pl-8">
        <p className="text-sm font-semibold text-brand-800" data-testid="waitlist-status">
          {waitlistPositionText(entry.position)}
        </p>
        <button type="button" className={BUTTON.dangerOutline} onClick={() => setConfirming(true)}>
          Leave waitlist<span className="sr-only"> for {cls.name}</span>
        </button>
        <ConfirmDialog
          open={confirming}
          title="Leave Waitlist"
          confirmLabel="Leave Waitlist"
          pendingLabel="Leaving..."
          pending={leave.isPending}
          onConfirm={() => void onLeave(entry.id)}
          onCancel={() => setConfirming(false)}
        >
          <p>
            Take {student.fullName} off the waitlist for <strong>{cls.name}</strong>? Joining again puts them at the end of the line.
          </p>
        </ConfirmDialog>
      </div>
    )
  }
  return (
    <div className="mt-3 pl-8">
      <button type="button" className={BUTTON.primary} onClick={() => void onJoin()} disabled={join.isPending}>
        {join.isPending ? 'Joining...' : 'Join waitlist'}
        <span className="sr-only"> for {cls.name}</span>
      </button>
    </div>
  )
}
