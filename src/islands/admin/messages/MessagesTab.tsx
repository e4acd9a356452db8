import { useState } from 'react'

import type { MessageDto } from '#api/messages/schemas'
import { useAdminMessage, useAdminMessages, useCancelMessage } from '#islands/api/messages/admin-messages'
import { ErrorCard } from '#islands/components/ui/Alert'
import { Badge } from '#islands/components/ui/Badge'
import { Dialog } from '#islands/components/ui/Dialog'
import { Empty, Loading } from '#islands/components/ui/LoadState'
import { SectionHeader } from '#islands/components/ui/SectionHeader'
import { useNotifyFailure } from '#islands/components/ui/Toast'
import { BUTTON, CARD } from '#islands/components/ui/styles'
import { ComposeMessage } from './ComposeMessage'
import { useAcademyDateTime } from '#islands/admin/viewer'
import { countOf } from '#shared/plural'

const DELIVERY_TONE = { queued: 'yellow', sent: 'green', failed: 'red', 'portal-only': 'grey' } as const

/** One message's recipients, each with how their copy went (issue 25). */
function Recipients({ id, onClose }: { id: number; onClose: () => void }) {
  const message = useAdminMessage(id)
  return (
    <Dialog open onClose={onClose} title={message.data?.subject ?? 'Message'} wide closeButton>
      {message.isPending ? <Loading label="Loading recipients" /> : null}
      {message.isError ? <ErrorCard message="Could not load the recipients." /> : null}
      {message.data ? (
        <ul className="space-y-2">
          {message.data.recipients.map((recipient) => (
            <li key={recipient.userId} className="flex flex-wrap items-center gap-2 border-b border-gray-200 py-2 text-sm">
              <span className="font-semibold">{recipient.fullName}</span>
              <Badge tone={DELIVERY_TONE[recipient.delivery]}>{recipient.delivery}</Badge>
              {recipient.readAt ? <Badge tone="brand">read</Badge> : null}
              {recipient.smtpAnswer ? <span className="text-red-800">{recipient.smtpAnswer}</span> : null}
              {recipient.students.length ? <span className="text-gray-700">for {recipient.students.map((s) => s.fullName).join(', ')}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </Dialog>
  )
}

function MessageRow({ message, onOpen }: { message: MessageDto; onOpen: () => void }) {
  const formatDateTime = useAcademyDateTime()
  const cancel = useCancelMessage()
  const notifyFailure = useNotifyFailure()
  const { counts } = message
  return (
    <li className={CARD}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{message.subject}</span>
        <Badge tone={message.status === 'sent' ? 'green' : message.status === 'cancelled' ? 'grey' : 'yellow'}>{message.status}</Badge>
      </div>
      <p className="mt-1 text-sm text-gray-700">
        {message.audienceLabel}
        {message.senderName ? ` · by ${message.senderName}` : ''}
        {message.sentAt ? ` · sent ${formatDateTime(message.sentAt)}` : message.scheduledFor ? ` · for ${formatDateTime(message.scheduledFor)}` : ''}
      </p>
      {message.notSentReason ? <p className="mt-1 text-sm text-gray-700">{message.notSentReason}</p> : null}
      {message.status === 'sent' ? (
        <p className="mt-1 text-sm text-gray-700">
          {countOf(counts.recipients, 'recipient')}: {counts.sent} emailed, {counts.queued} queued, {counts.failed} failed, {counts.portalOnly} portal only,{' '}
          {counts.read} read
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={BUTTON.secondary} onClick={onOpen}>
          Recipients<span className="sr-only">: {message.subject}</span>
        </button>
        {message.status === 'scheduled' ? (
          <button
            type="button"
            className={BUTTON.dangerOutline}
            onClick={() => cancel.mutate(message.id, { onError: (error) => notifyFailure('Could not cancel', error) })}
          >
            Cancel sending<span className="sr-only">: {message.subject}</span>
          </button>
        ) : null}
      </div>
    </li>
  )
}

/** The console's Messages tab (issue 25): compose, then every message with its delivery. */
export function MessagesTab() {
  const messages = useAdminMessages()
  const [openId, setOpenId] = useState<number | null>(null)
  return (
    <div className="space-y-6">
      <section aria-labelledby="compose-title" className="space-y-3">
        <SectionHeader id="compose-title" title="New message" />
        <ComposeMessage />
      </section>
      <section aria-labelledby="sent-title" className="space-y-3">
        <SectionHeader id="sent-title" title="Messages" />
        {messages.isPending ? <Loading label="Loading messages" /> : null}
        {messages.isError ? <ErrorCard message="Could not load the messages." /> : null}
        {messages.data?.length === 0 ? <Empty>No messages yet.</Empty> : null}
        <ul className="space-y-3">
          {(messages.data ?? []).map((message) => (
            <MessageRow key={message.id} message={message} onOpen={() => setOpenId(message.id)} />
          ))}
        </ul>
      </section>
      {openId !== null ? <Recipients id={openId} onClose={() => setOpenId(null)} /> : null}
    </div>
  )
}
