import { useEffect, useRef, useState } from 'react'

import type { PolicyDto } from '#api/policies/schemas'
import { useSignPolicy } from '#islands/api/policies/sign-policy'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { TextField } from '#islands/components/ui/Field'
import { BUTTON, CARD } from '#islands/components/ui/styles'
import { errorMessage } from '#islands/lib/http'

const STATUS: Record<PolicyDto['status'], string> = {
  signed: 'Signed',
  unsigned: 'Not signed yet',
  resign: 'Changed: please sign the new version',
  withdrawn: 'Withdrawn',
}

/**
 * One document to sign (issue 26): its whole text in a scrolled box (signing opens once the end
 * was reached), the choices it offers (a photo release: one of them), the typed full name.
 */
export function PolicyCard({
  policy,
  studentId,
  studentName,
  classIds = [],
}: {
  policy: PolicyDto
  studentId: number
  studentName: string
  /** The classes being joined: a document of theirs applies before the child is in one. */
  classIds?: number[]
}) {
  const sign = useSignPolicy()
  const textRef = useRef<HTMLDivElement>(null)
  const [read, setRead] = useState(false)
  const [fullName, setFullName] = useState('')
  const [choices, setChoices] = useState<string[]>([])
  const single = policy.kind === 'photo-release'
  const id = `policy-${policy.documentId}`

  const checkRead = () => {
    const box = textRef.current
    if (box && box.scrollTop + box.clientHeight >= box.scrollHeight - 8) setRead(true)
  }
  // A short text that needs no scrolling is read as it shows.
  useEffect(checkRead, [policy.version.text])

  const toggle = (option: string) =>
    setChoices((current) => (single ? [option] : current.includes(option) ? current.filter((c) => c !== option) : [...current, option]))
  const submit = () =>
    sign.mutate({
      documentId: policy.documentId,
      input: { studentId: policy.appliesTo === 'household' ? undefined : studentId, versionId: policy.version.id, fullName, choices, classIds },
    })

  return (
    <section aria-labelledby={`${id}-title`} className={`${CARD} space-y-3`}>
      <header>
        <h2 id={`${id}-title`} className="font-serif text-xl">
          {policy.title}
        </h2>
        <p className="text-sm text-gray-800">
          Version {policy.version.number} · {policy.required ? 'Required' : 'Optional'} ·{' '}
          {policy.appliesTo === 'household' ? 'For your household' : `For ${studentName}`} · <span className="font-semibold">{STATUS[policy.status]}</span>
        </p>
      </header>
      {policy.changes && policy.changes.paragraphs.length > 0 ? <Changes id={`${id}-changes`} changes={policy.changes} /> : null}
      <div
        ref={textRef}
        onScroll={checkRead}
        tabIndex={0}
        role="region"
        aria-label={`Text of ${policy.title}`}
        className="max-h-72 overflow-y-auto rounded-xl border border-gray-300 bg-gray-50 p-3 text-sm whitespace-pre-line"
      >
        {policy.version.text}
      </div>
      {!read ? <p className="text-sm text-gray-800">Please scroll to the end of the text to sign.</p> : null}
      {policy.options.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="font-semibold">{single ? 'Choose one' : 'Choose any that apply'}</legend>
          {policy.options.map((option) => (
            <label key={option} className="flex min-h-11 items-center gap-3">
              <input
                type={single ? 'radio' : 'checkbox'}
                name={`${id}-choice`}
                checked={choices.includes(option)}
                onChange={() => toggle(option)}
                className="h-5 w-5"
              />
              {option}
            </label>
          ))}
        </fieldset>
      ) : null}
      <TextField id={`${id}-name`} label="Type your full name to sign" autoComplete="name" value={fullName} onChange={(e) => setFullName(e.target.value)} />
      {sign.isError ? <ErrorAlert title="Could not sign">{errorMessage(sign.error, 'Please try again.')}</ErrorAlert> : null}
      <button
        type="button"
        className={`${BUTTON.primary} w-full`}
        disabled={!read || !fullName.trim() || sign.isPending || (single && policy.options.length > 0 && choices.length === 0)}
        onClick={submit}
      >
        {sign.isPending ? 'Signing…' : `Sign “${policy.title}”`}
      </button>
    </section>
  )
}

/** Before signing again (issue 41): the paragraphs taken out and put in since the version the family signed. */
function Changes({ id, changes }: { id: string; changes: NonNullable<PolicyDto['changes']> }) {
  return (
    <section aria-labelledby={id} className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-gray-900">
      <h3 id={id} className="font-semibold">
        What changed since version {changes.sinceVersion}
      </h3>
      <ul className="space-y-2">
        {changes.paragraphs.map((change, index) => (
          <li key={index}>
            <span className="font-semibold">{change.kind === 'added' ? 'Added:' : 'Removed:'}</span>{' '}
            {change.kind === 'added' ? <ins className="no-underline">{change.text}</ins> : <del>{change.text}</del>}
          </li>
        ))}
      </ul>
    </section>
  )
}
