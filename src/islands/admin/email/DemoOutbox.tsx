import { useId } from 'react'

import type { EmailOutboxDto } from '#api/accounts/admin-users.schemas'
import { useEmailOutbox } from '#islands/api/email/admin-email-outbox'
import { ApiError } from '#islands/lib/http'
import { ErrorCard } from '#islands/components/ui/Alert'
import { Badge, type BadgeTone } from '#islands/components/ui/Badge'
import { Empty, Loading } from '#islands/components/ui/LoadState'
import { BUTTON, CARD } from '#islands/components/ui/styles'
import { useAcademyDateTime } from '#islands/admin/viewer'

type OutboxMessage = EmailOutboxDto['messages'][number]

const OUTCOME: Record<OutboxMessage['outcome'], { tone: BadgeTone; label: string }> = {
  sent: { tone: 'green', label: 'Sent' },
  logged: { tone: 'grey', label: 'Not sent: written to the server log' },
  failed: { tone: 'red', label: 'Could not be sent' },
}

/** Web addresses in a message become links, so a demo reset link can be followed from here. */
function TextWithLinks({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g)
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="break-all text-brand-800 underline">
            {part}
          </a>
        ) : (
          <span key={index}>{part}</span>
        ),
      )}
    </>
  )
}

function OutboxItem({ message }: { message: OutboxMessage }) {
  const formatDateTime = useAcademyDateTime()
  const outcome = OUTCOME[message.outcome]
  return (
    <li className="border-t border-gray-200 first:border-t-0">
      <details className="group px-4 py-3">
        <summary className="flex min-h-11 cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-semibold">{message.subject}</span>
          <span className="text-sm text-gray-700">to {message.to}</span>
          <span className="text-sm text-gray-700">{formatDateTime(message.sentAt)}</span>
          <Badge tone={outcome.tone}>{outcome.label}</Badge>
        </summary>
        <pre className="mt-3 overflow-x-auto rounded-xl bg-gray-50 p-3 font-sans text-sm break-words whitespace-pre-wrap">
          <TextWithLinks text={message.text} />
        </pre>
      </details>
    </li>
  )
}

/**
 * Demo mode's outbox: the latest mail the app sent or would have sent, newest first, so the
 * academy can be tried without a mail service. Outside demo mode there is nothing to show.
 */
export function DemoOutbox() {
  const id = useId()
  const outbox = useEmailOutbox()

  if (outbox.isPending) return <Loading label="Loading the demo outbox…" />
  if (outbox.isError) {
    return (
      <ErrorCard
        retryLabel="Try again"
        message={outbox.error instanceof ApiError ? outbox.error.message : 'Failed to load the demo outbox.'}
        onRetry={() => void outbox.refetch()}
      />
    )
  }
  if (!outbox.data.available) return null

  const { messages } = outbox.data
  return (
    <section aria-labelledby={`${id}-title`} className={`${CARD} space-y-3`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={`${id}-title`} className="text-base font-semibold">
            Demo outbox
          </h3>
          <p className="mt-1 text-sm text-gray-700">
            In demo mode the academy keeps the last 100 messages it sent or would have sent, newest first. A real deployment keeps no copy.
          </p>
        </div>
        <button type="button" className={BUTTON.secondary} onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
          {outbox.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {messages.length === 0 ? (
        <Empty>No messages yet.</Empty>
      ) : (
        <ul aria-label="Messages, newest first" className="rounded-2xl border border-gray-200">
          {messages.map((message) => (
            <OutboxItem key={message.id} message={message} />
          ))}
        </ul>
      )}
    </section>
  )
}
