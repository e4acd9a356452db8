import { useState, type FormEvent } from 'react'

import type { UserDto } from '#api/accounts/auth.schemas'
import type { InboxItemDto } from '#api/messages/schemas'
import { useInbox, useMarkMessageRead, useReplyToMessage } from '#islands/api/messages/inbox-messages'
import { ErrorCard, SuccessAlert } from '#islands/components/ui/Alert'
import { Badge } from '#islands/components/ui/Badge'
import { SubmitButton } from '#islands/components/ui/Button'
import { BUTTON } from '#islands/components/ui/styles'
import { TextAreaField } from '#islands/components/ui/Field'
import { Empty, SkeletonRows } from '#islands/components/ui/LoadState'
import { errorMessage } from '#islands/lib/http'
import { formatDateTime } from '#shared/dates'
import { PortalRoot } from './components/PortalRoot'
import { RichMessage } from '#islands/components/RichMessage'

/**
 * The family's inbox (issue 25): every message the studio sent them, in full, newest first.
 * Opening one marks it read (the nav's badge counts the others); a reply goes to the studio's
 * inquiries with the message it answers.
 */
function Reply({ message }: { message: InboxItemDto }) {
  const reply = useReplyToMessage()
  const [text, setText] = useState('')
  const [sent, setSent] = useState(false)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    reply.mutate({ id: message.id, message: text }, { onSuccess: () => (setSent(true), setText('')) })
  }
  if (sent) return <SuccessAlert title="Reply sent">The studio will answer you by email.</SuccessAlert>
  return (
    <form onSubmit={submit} className="mt-4 space-y-3">
      <TextAreaField
        id={`reply-${message.id}`}
        label="Your reply"
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={reply.isError ? errorMessage(reply.error, 'Could not send your reply. Please try again.') : undefined}
      />
      <SubmitButton pending={reply.isPending} pendingLabel="Sending...">
        Send reply
      </SubmitButton>
    </form>
  )
}

function MessageCard({ message, timeZone }: { message: InboxItemDto; timeZone: string | null }) {
  const [open, setOpen] = useState(false)
  const markRead = useMarkMessageRead()
  const toggle = () => {
    setOpen(!open)
    if (!open && !message.readAt) markRead.mutate(message.id)
  }
  const bodyId = `message-${message.id}`
  return (
    <li className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm">
      <button type="button" className="w-full text-left" aria-expanded={open} aria-controls={bodyId} onClick={toggle}>
        <span className="flex flex-wrap items-center gap-2">
          {message.readAt ? null : <Badge tone="brand">New</Badge>}
          <span className="font-semibold text-ink">{message.subject}</span>
        </span>
        <span className="mt-1 block text-sm text-gray-700">
          {formatDateTime(message.sentAt, timeZone ?? undefined)}
          {message.senderName ? ` · ${message.senderName}` : ''}
        </span>
        {message.students.length > 0 ? (
          <span className="mt-1 block text-sm text-gray-700">For {message.students.map((student) => student.fullName).join(', ')}</span>
        ) : null}
      </button>
      {open ? (
        <div id={bodyId} className="mt-3 border-t border-gray-200 pt-3">
          <RichMessage body={message.bodyRich} />
          <Reply message={message} />
        </div>
      ) : null}
    </li>
  )
}

function Inbox({ timeZone }: { timeZone: string | null }) {
  const inbox = useInbox()
  if (inbox.isPending) return <SkeletonRows count={3} label="Loading your messages" />
  if (inbox.isError) return <ErrorCard message="Could not load your messages. Please check your connection and reload the page." />
  // A message sent while older pages were read may show on two pages: once is enough.
  const messages = [...new Map(inbox.data.pages.flat().map((message) => [message.id, message])).values()]
  if (messages.length === 0) return <Empty>No messages yet. Messages from the studio will appear here.</Empty>
  return (
    <>
      <ul className="space-y-3">
        {messages.map((message) => (
          <MessageCard key={message.id} message={message} timeZone={timeZone} />
        ))}
      </ul>
      {inbox.hasNextPage ? (
        <button type="button" className={`${BUTTON.secondary} mt-4`} disabled={inbox.isFetchingNextPage} onClick={() => void inbox.fetchNextPage()}>
          {inbox.isFetchingNextPage ? 'Loading older messages...' : 'Show older messages'}
        </button>
      ) : null}
      {inbox.isFetchNextPageError ? <ErrorCard message="Could not load older messages. Please try again." /> : null}
    </>
  )
}

export default function InboxIsland({ user, timeZone }: { user: UserDto | null; timeZone: string | null }) {
  return <PortalRoot user={user}>{() => <Inbox timeZone={timeZone} />}</PortalRoot>
}
