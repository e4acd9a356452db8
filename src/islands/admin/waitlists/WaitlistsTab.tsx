import { useId, useState, type FormEvent } from 'react'

import { WAITLIST_LIMITS, WAITLIST_MESSAGES, type AdminWaitlistDto, type AdminWaitlistEntryDto, type WaitlistStatus } from '#api/waitlist/schemas'
import { useOverrideWaitlist } from '#islands/api/waitlist/admin-override-waitlist'
import { useRemoveWaitlistEntry } from '#islands/api/waitlist/admin-remove-waitlist-entry'
import { useAdminWaitlists } from '#islands/api/waitlist/admin-waitlists'
import { ErrorAlert, ErrorCard } from '#islands/components/ui/Alert'
import { Badge, type BadgeTone } from '#islands/components/ui/Badge'
import { Dialog, FormDialogActions } from '#islands/components/ui/Dialog'
import { TextAreaField } from '#islands/components/ui/Field'
import { Empty, Loading } from '#islands/components/ui/LoadState'
import { SectionHeader } from '#islands/components/ui/SectionHeader'
import { BUTTON, CARD } from '#islands/components/ui/styles'
import { useLoadFailureToast, useNotify } from '#islands/components/ui/Toast'
import { ApiError } from '#islands/lib/http'
import { ordinal } from '#shared/ordinal'
import { useAcademyDateTime } from '#islands/admin/viewer'

const LOAD_FAILED = 'Failed to load the waitlists. Please try again.'

const STATUS_TONE: Record<WaitlistStatus, BadgeTone> = {
  waiting: 'yellow',
  offered: 'brand',
  accepted: 'green',
  declined: 'grey',
  expired: 'grey',
  cancelled: 'grey',
  removed: 'red',
}

type Action = { kind: 'offer' | 'enroll' | 'remove'; entry: AdminWaitlistEntryDto; className: string }

const ACTION_TEXT = {
  offer: { title: 'Move to the Front', submit: 'Move to Front', pending: 'Moving...', done: 'Moved to the Front' },
  enroll: { title: 'Enroll Now', submit: 'Enroll Now', pending: 'Enrolling...', done: 'Enrolled' },
  remove: { title: 'Remove from Waitlist', submit: 'Remove', pending: 'Removing...', done: 'Removed from the Waitlist' },
} as const

/** Every out-of-order step asks why: the reason is kept on the entry and shown here (decisions §15). */
function ReasonDialog({ action, onClose }: { action: Action | null; onClose: () => void }) {
  return (
    <Dialog closeButton open={action !== null} onClose={onClose} title={action ? ACTION_TEXT[action.kind].title : 'Waitlist'}>
      {action ? <ReasonForm key={`${action.kind}-${action.entry.id}`} action={action} onDone={onClose} /> : null}
    </Dialog>
  )
}

function ReasonForm({ action, onDone }: { action: Action; onDone: () => void }) {
  const id = useId()
  const override = useOverrideWaitlist()
  const remove = useRemoveWaitlistEntry()
  const notify = useNotify()
  const [error, setError] = useState<string | undefined>()
  const [failure, setFailure] = useState<string | null>(null)
  const text = ACTION_TEXT[action.kind]
  const { entry, className } = action

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFailure(null)
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim()
    if (!reason || reason.length > WAITLIST_LIMITS.maxReason) return setError(WAITLIST_MESSAGES.reasonRequired)
    setError(undefined)
    try {
      if (action.kind === 'remove') await remove.mutateAsync({ id: entry.id, input: { reason } })
      else await override.mutateAsync({ id: entry.id, input: { action: action.kind, reason } })
      notify({ title: text.done, text: `${entry.studentName} · ${className}` })
      onDone()
    } catch (caught) {
      setFailure(caught instanceof ApiError && caught.serverMessage ? caught.serverMessage : 'Please check your connection and try again.')
    }
  }

  const explanation = {
    offer: `${entry.studentName} goes to the front of the line for ${className}, and is offered the next free place (at once, if one is free).`,
    enroll: `${entry.studentName} is enrolled in ${className} now, ahead of the line and even if the class is full.`,
    remove: `${entry.studentName} leaves the waitlist for ${className}. An open offer goes to the next family.`,
  }[action.kind]

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {failure ? <ErrorAlert title="The waitlist was not changed">{failure}</ErrorAlert> : null}
      <p>{explanation}</p>
      <TextAreaField
        id={`${id}-reason`}
        name="reason"
        label="Reason (required, kept on record)"
        rows={3}
        maxLength={WAITLIST_LIMITS.maxReason}
        required
        error={error}
      />
      <FormDialogActions onCancel={onDone} pending={override.isPending || remove.isPending} submitLabel={text.submit} pendingLabel={text.pending} />
    </form>
  )
}

function EntryCard({ entry, className, onAction }: { entry: AdminWaitlistEntryDto; className: string; onAction: (action: Action) => void }) {
  const formatDateTime = useAcademyDateTime()
  const active = entry.status === 'waiting' || entry.status === 'offered'
  return (
    <li className="rounded-2xl bg-gray-50 p-3" data-waitlist-entry={entry.id}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">
            {entry.position != null ? <span className="font-mono">{ordinal(entry.position)} </span> : null}
            {entry.studentName}
          </p>
          <p className="text-sm break-all text-gray-800">
            {entry.familyName} · {entry.familyEmail}
          </p>
          <p className="text-sm text-gray-800">Joined {formatDateTime(entry.joinedAt)}</p>
          {entry.status === 'offered' && entry.offerExpiresAt ? (
            <p className="text-sm text-gray-800">Offer open until {formatDateTime(entry.offerExpiresAt)}</p>
          ) : null}
        </div>
        <Badge tone={STATUS_TONE[entry.status]}>{entry.status}</Badge>
      </div>
      {entry.overrideReason ? (
        <p className="mt-2 text-sm text-gray-800">
          <span className="font-semibold">{entry.overrideAction === 'enroll' ? 'Enrolled out of order' : 'Moved to the front'}</span> by{' '}
          {entry.overrideBy ?? 'an administrator'}
          {entry.overrideAt ? ` on ${formatDateTime(entry.overrideAt)}` : ''}: {entry.overrideReason}
        </p>
      ) : null}
      {entry.removalReason ? (
        <p className="mt-2 text-sm text-gray-800">
          <span className="font-semibold">Removed</span> by {entry.removedBy ?? 'an administrator'}
          {entry.removedAt ? ` on ${formatDateTime(entry.removedAt)}` : ''}: {entry.removalReason}
        </p>
      ) : null}
      {active ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {entry.status === 'waiting' ? (
            <button type="button" className={BUTTON.secondary} onClick={() => onAction({ kind: 'offer', entry, className })}>
              Move to Front<span className="sr-only"> for {entry.studentName}</span>
            </button>
          ) : null}
          <button type="button" className={BUTTON.secondary} onClick={() => onAction({ kind: 'enroll', entry, className })}>
            Enroll Now<span className="sr-only"> for {entry.studentName}</span>
          </button>
          <button type="button" className={BUTTON.dangerOutline} onClick={() => onAction({ kind: 'remove', entry, className })}>
            Remove<span className="sr-only"> for {entry.studentName}</span>
          </button>
        </div>
      ) : null}
    </li>
  )
}

function ClassWaitlist({ waitlist, onAction }: { waitlist: AdminWaitlistDto; onAction: (action: Action) => void }) {
  const active = waitlist.entries.filter((e) => e.status === 'waiting' || e.status === 'offered')
  const history = waitlist.entries.filter((e) => e.status !== 'waiting' && e.status !== 'offered')
  const headingId = `waitlist-class-${waitlist.classId}`
  return (
    <li className={CARD} aria-labelledby={headingId}>
      <h3 id={headingId} className="font-serif text-lg">
        {waitlist.className}
      </h3>
      <p className="text-sm text-gray-800">
        {waitlist.capacity == null ? `${waitlist.enrolled} enrolled, no limit` : `${waitlist.enrolled} of ${waitlist.capacity} places taken`} · {waitlist.held}{' '}
        held by offers · {active.length} in line
      </p>
      {active.length === 0 ? (
        <p className="mt-2 text-sm text-gray-800">Nobody is in line.</p>
      ) : (
        <ul className="mt-3 space-y-2" aria-label={`Waitlist of ${waitlist.className}`}>
          {active.map((entry) => (
            <EntryCard key={entry.id} entry={entry} className={waitlist.className} onAction={onAction} />
          ))}
        </ul>
      )}
      {history.length > 0 ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-semibold text-brand-800">History ({history.length})</summary>
          <ul className="mt-2 space-y-2" aria-label={`Waitlist history of ${waitlist.className}`}>
            {history.map((entry) => (
              <EntryCard key={entry.id} entry={entry} className={waitlist.className} onAction={onAction} />
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  )
}

/** The admin console's Waitlists tab: each class's line in order, offers, and every override with its reason. */
export function WaitlistsTab() {
  const waitlists = useAdminWaitlists()
  const [action, setAction] = useState<Action | null>(null)
  useLoadFailureToast(waitlists.isError, LOAD_FAILED)

  return (
    <section aria-labelledby="waitlists-heading">
      <SectionHeader id="waitlists-heading" title="Waitlists">
        Families in line for full classes, first come, first offered. Moving a family ahead or removing it needs a reason, which is kept.
      </SectionHeader>
      {waitlists.isPending ? (
        <Loading label="Loading waitlists…" />
      ) : waitlists.isError ? (
        <ErrorCard retryLabel="Try again" message={LOAD_FAILED} onRetry={() => waitlists.refetch()} />
      ) : waitlists.data.length === 0 ? (
        <Empty>No class has a waitlist.</Empty>
      ) : (
        <ul className="space-y-3">
          {waitlists.data.map((waitlist) => (
            <ClassWaitlist key={waitlist.classId} waitlist={waitlist} onAction={setAction} />
          ))}
        </ul>
      )}
      <ReasonDialog action={action} onClose={() => setAction(null)} />
    </section>
  )
}
