import { useState, type FormEvent } from 'react'

import type { Audience, MessageCategory } from '#api/messages/schemas'
import { usePreviewAudience, useSendMessage } from '#islands/api/messages/admin-messages'
import { useClasses } from '#islands/api/classes/list-classes'
import { groupBySeason } from '#islands/lib/season-groups'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { SelectField, TextField } from '#islands/components/ui/Field'
import { useNotify } from '#islands/components/ui/Toast'
import { BUTTON, CARD } from '#islands/components/ui/styles'
import { errorMessage } from '#islands/lib/http'
import { zonedTimeToInstant } from '#shared/zoned-time'
import { useAcademyZone } from '#islands/admin/viewer'
import { RichTextEditor } from './RichTextEditor'
import { countOf } from '#shared/plural'
import { messageBodySchema } from '#api/messages/rich-text.schemas'
import { SendConfirmDialog, type SendPlan } from './SendConfirmDialog'

type Kind = Audience['kind']
const KINDS: { value: Kind; label: string }[] = [
  { value: 'classes', label: 'One or more classes' },
  { value: 'everyone', label: 'Everyone' },
  { value: 'age-group', label: 'An age group' },
  { value: 'waitlist', label: 'Families waiting for a class' },
  { value: 'unpaid', label: 'Guardians with an unpaid invoice' },
  { value: 'term', label: 'A term’s families' },
]
const CATEGORIES: { value: MessageCategory; label: string }[] = [
  { value: 'announcements', label: 'Announcement' },
  { value: 'class-changes', label: 'Class change' },
  { value: 'billing', label: 'Billing' },
  { value: 'reminders', label: 'Reminder' },
  { value: 'service', label: 'Service (payments or safety: always emailed)' },
]

/**
 * Compose (issue 25): the words, the audience, a preview of who receives it and how, then send now
 * or at a time, after a last look at the message as families will see it (issue 41).
 */
export function ComposeMessage() {
  const classes = useClasses()
  const preview = usePreviewAudience()
  const send = useSendMessage()
  const notify = useNotify()
  const zone = useAcademyZone()
  const [subject, setSubject] = useState('')
  // The editor's Lexical JSON; a new `draft` number gives an empty editor after sending.
  const [body, setBody] = useState<unknown>(null)
  const [draft, setDraft] = useState(0)
  const [category, setCategory] = useState<MessageCategory>('announcements')
  const [kind, setKind] = useState<Kind>('classes')
  const [classIds, setClassIds] = useState<number[]>([])
  const [ageGroup, setAgeGroup] = useState('')
  const [when, setWhen] = useState('')
  const [term, setTerm] = useState({ from: '', to: '' })
  const [plan, setPlan] = useState<SendPlan | null>(null)

  const audience = (): Audience => {
    if (kind === 'classes' || kind === 'waitlist') return { kind, classIds }
    if (kind === 'age-group') return { kind, ageGroup }
    if (kind === 'term') return { kind, ...term }
    return { kind }
  }
  const toggleClass = (id: number) => setClassIds((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]))

  // The time typed is the academy's wall clock, whatever zone this device is in.
  const scheduledFor = () => (when ? zonedTimeToInstant(when, zone)?.toISOString() : undefined)

  // Sending asks who receives it first; the server's refusal of the audience shows under the preview.
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (when && !scheduledFor()) return
    send.reset()
    preview.mutate(
      { audience: audience(), category },
      {
        onSuccess: (answer) => {
          const rebuilt = messageBodySchema.safeParse(body)
          setPlan({
            subject,
            body: rebuilt.success ? rebuilt.data : null,
            preview: answer,
            when: when ? `${when.replace('T', ' at ')} (${zone ?? 'UTC'})` : null,
          })
        },
      },
    )
  }

  const confirmSend = () => {
    const at = scheduledFor()
    send.mutate(
      { subject, body, category, audience: audience(), scheduledFor: at },
      {
        onSuccess: (message) => {
          notify({ title: at ? 'Message scheduled' : 'Message sent', text: message.subject })
          setPlan(null)
          setSubject('')
          setBody(null)
          setDraft((n) => n + 1)
          preview.reset()
        },
      },
    )
  }

  return (
    <form onSubmit={submit} className={`${CARD} space-y-4`} aria-label="New message">
      <TextField id="message-subject" label="Subject" value={subject} onChange={(event) => setSubject(event.target.value)} required maxLength={200} />
      <RichTextEditor
        key={draft}
        id="message-body"
        label="Message"
        hint="Enter starts a new paragraph. Choose words, then Bold, Italic or Link; Heading and the lists change the paragraph."
        onChange={setBody}
      />
      <SelectField id="message-category" label="Kind of message" value={category} onChange={(event) => setCategory(event.target.value as MessageCategory)}>
        {CATEGORIES.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <SelectField id="message-audience" label="Send to" value={kind} onChange={(event) => (setKind(event.target.value as Kind), preview.reset())}>
        {KINDS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      {kind === 'classes' || kind === 'waitlist'
        ? // One group per season once there are two (issue 41): a rolled-over class has a namesake.
          groupBySeason(classes.data ?? []).map((group, _, groups) => (
            <fieldset key={group.season?.id ?? 0}>
              <legend className="text-sm font-semibold">
                {groups.length > 1 ? `Classes — ${group.season ? `Season ${group.season.name}` : 'no season'}` : 'Classes'}
              </legend>
              <ul className="mt-2 grid gap-1 sm:grid-cols-2">
                {group.classes.map((cls) => (
                  <li key={cls.id}>
                    <label className="flex min-h-11 items-center gap-2">
                      <input type="checkbox" className="size-5" checked={classIds.includes(cls.id)} onChange={() => (toggleClass(cls.id), preview.reset())} />
                      {cls.name}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ))
        : null}
      {kind === 'age-group' ? (
        <TextField
          id="message-age-group"
          label="Age group"
          hint="For example 6-8 or 18+"
          value={ageGroup}
          onChange={(event) => setAgeGroup(event.target.value)}
        />
      ) : null}
      {kind === 'term' ? (
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="text-sm font-semibold">The term: families with a child in a class running between these days</legend>
          <TextField
            id="message-term-from"
            type="date"
            label="First day"
            value={term.from}
            onChange={(event) => setTerm({ ...term, from: event.target.value })}
          />
          <TextField id="message-term-to" type="date" label="Last day" value={term.to} onChange={(event) => setTerm({ ...term, to: event.target.value })} />
        </fieldset>
      ) : null}
      <div>
        <button type="button" className={BUTTON.secondary} onClick={() => preview.mutate({ audience: audience(), category })} disabled={preview.isPending}>
          Preview audience
        </button>
        {preview.data ? (
          <div role="status" className="mt-2 text-sm text-gray-800">
            <p>
              {countOf(preview.data.households, 'household')}, {countOf(preview.data.guardians, 'guardian')}; {preview.data.byEmail} by email.
            </p>
            {preview.data.portalOnly.length ? <p>Portal only: {preview.data.portalOnly.map((row) => `${row.fullName} (${row.reason})`).join('; ')}</p> : null}
          </div>
        ) : null}
        {preview.isError ? <ErrorAlert title="Cannot preview">{errorMessage(preview.error, 'Could not preview the audience.')}</ErrorAlert> : null}
      </div>
      <TextField
        id="message-when"
        type="datetime-local"
        label="Send later (optional)"
        hint={`The academy's time (${zone ?? 'UTC'}).`}
        value={when}
        onChange={(event) => setWhen(event.target.value)}
      />
      {send.isError && !plan ? <ErrorAlert title="Not sent">{errorMessage(send.error, 'Could not send the message.')}</ErrorAlert> : null}
      <button type="submit" className={BUTTON.primary} disabled={send.isPending || preview.isPending}>
        {when ? 'Schedule message' : 'Send message'}
      </button>
      <SendConfirmDialog
        plan={plan}
        pending={send.isPending}
        error={send.isError ? errorMessage(send.error, 'Could not send the message.') : null}
        onConfirm={confirmSend}
        onCancel={() => setPlan(null)}
      />
    </form>
  )
}
