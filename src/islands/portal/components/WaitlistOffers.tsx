import { useEffect, useState } from 'react'

import type { WaitlistEntryDto } from '#api/waitlist/schemas'
import { useAnswerWaitlistOffer } from '#islands/api/waitlist/answer-waitlist-offer'
import { useWaitlist } from '#islands/api/waitlist/list-waitlist'
import { ConfirmDialog } from '#islands/components/ui/Dialog'
import { BUTTON } from '#islands/components/ui/styles'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'
import { useCanChangeFamily, VIEW_ONLY_NOTICE } from '#islands/lib/use-family-access'
import { timeLeftText } from '#shared/ordinal'
import { PORTAL_TEXT } from '#islands/portal/texts'

/** Now, again every minute: the time left on an offer counts down while the page is open. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000)
    return () => window.clearInterval(timer)
  }, [])
  return now
}

function Offer({ entry, now }: { entry: WaitlistEntryDto; now: Date }) {
  const answer = useAnswerWaitlistOffer()
  const notify = useNotify()
  // A view-and-attendance guardian sees the offer; a guardian with full access answers it (decisions §23).
  const canChange = useCanChangeFamily()
  const [confirming, setConfirming] = useState<'accept' | 'decline' | null>(null)
  const expiresAt = entry.offerExpiresAt ? new Date(entry.offerExpiresAt) : now

  async function send(kind: 'accept' | 'decline') {
    try {
      await answer.mutateAsync({ id: entry.id, answer: kind })
      setConfirming(null)
      notify(
        kind === 'accept'
          ? { title: PORTAL_TEXT.offerAccepted, text: `${entry.studentName} is now enrolled in ${entry.className}.` }
          : { title: PORTAL_TEXT.offerDeclined, text: `The place in ${entry.className} goes to the next family on the waitlist.` },
      )
    } catch (error) {
      setConfirming(null)
      notify({ title: 'Error', text: errorMessage(error, PORTAL_TEXT.offerError), tone: 'error' })
    }
  }

  return (
    <li className="rounded-2xl border-2 border-brand-700 bg-brand-50 p-4" data-testid="waitlist-offer">
      <p className="font-semibold">
        A place in {entry.className} is offered to {entry.studentName}
      </p>
      <p className="mt-1 text-sm text-gray-800">
        Held for you for <span className="font-semibold">{timeLeftText(expiresAt, now)}</span> more, until{' '}
        {expiresAt.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}.
      </p>
      {canChange ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={BUTTON.primary} onClick={() => setConfirming('accept')}>
            Accept<span className="sr-only"> the place in {entry.className}</span>
          </button>
          <button type="button" className={BUTTON.dangerOutline} onClick={() => setConfirming('decline')}>
            Decline<span className="sr-only"> the place in {entry.className}</span>
          </button>
        </div>
      ) : (
        <p className="mt-3 text-sm text-gray-800">{VIEW_ONLY_NOTICE}</p>
      )}
      <ConfirmDialog
        open={confirming === 'accept'}
        title="Accept Place"
        confirmLabel="Accept Place"
        pendingLabel="Accepting..."
        destructive={false}
        pending={answer.isPending}
        onConfirm={() => void send('accept')}
        onCancel={() => setConfirming(null)}
      >
        <p>
          Enroll {entry.studentName} in <strong>{entry.className}</strong>? The class is added to their schedule and billed like any other.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'decline'}
        title="Decline Place"
        confirmLabel="Decline Place"
        pendingLabel="Declining..."
        pending={answer.isPending}
        onConfirm={() => void send('decline')}
        onCancel={() => setConfirming(null)}
      >
        <p>
          Decline the place in <strong>{entry.className}</strong> for {entry.studentName}? It goes to the next family on the waitlist, and
          {` ${entry.studentName}`} leaves the waitlist.
        </p>
      </ConfirmDialog>
    </li>
  )
}

/** The dashboard's banner of open waitlist offers (decisions §15); nothing when there are none. */
export function WaitlistOffers() {
  const waitlist = useWaitlist()
  const now = useMinuteClock()
  const offers = (waitlist.data ?? []).filter((entry) => entry.status === 'offered')
  if (offers.length === 0) return null
  return (
    <section aria-labelledby="offers-title" className="rounded-3xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="offers-title" className="font-serif text-xl">
        A place is waiting for you
      </h2>
      <ul className="mt-3 space-y-3">
        {offers.map((entry) => (
          <Offer key={entry.id} entry={entry} now={now} />
        ))}
      </ul>
    </section>
  )
}
