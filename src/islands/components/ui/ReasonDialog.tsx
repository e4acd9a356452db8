import { useId, useState, type ReactNode } from 'react'
import type { z } from 'zod'

import { ErrorAlert } from './Alert'
import { ConfirmDialog } from './Dialog'
import { TextField } from './Field'
import { validate } from '#islands/lib/form'

type ReasonSchema = z.ZodType<{ reason: string }, { reason: string }>

type ReasonDialogProps = {
  open: boolean
  title: string
  confirmLabel: string
  pendingLabel: string
  pending: boolean
  /** The action's own schema: the reason is checked as the server checks it. */
  schema: ReasonSchema
  placeholder: string
  /** The server's refusal, shown in the dialog (a toast would sit under it). */
  failure: { title: string; message: string } | null
  onConfirm: (reason: string) => void
  onClose: () => void
  /** What the action destroys or changes, named before the reason is asked for. */
  children: ReactNode
}

/**
 * A confirmation that needs a reason (voiding an invoice, reversing a payment): the reason is
 * recorded with who and when, so it is required and checked before the call.
 */
export function ReasonDialog({
  open,
  title,
  confirmLabel,
  pendingLabel,
  pending,
  schema,
  placeholder,
  failure,
  onConfirm,
  onClose,
  children,
}: ReasonDialogProps) {
  const id = useId()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()

  // Closed, it forgets (adjusted while rendering, not in an effect): the next invoice starts with an empty reason.
  const [wasOpen, setWasOpen] = useState(open)
  if (open !== wasOpen) {
    setWasOpen(open)
    if (!open) {
      setReason('')
      setError(undefined)
    }
  }

  function confirm() {
    const checked = validate(schema, { reason })
    if (!checked.ok) return setError(checked.errors.reason)
    setError(undefined)
    onConfirm(checked.data.reason)
  }

  return (
    <ConfirmDialog open={open} title={title} confirmLabel={confirmLabel} pendingLabel={pendingLabel} pending={pending} onConfirm={confirm} onCancel={onClose}>
      {open ? (
        <div className="space-y-3">
          {children}
          {failure ? <ErrorAlert title={failure.title}>{failure.message}</ErrorAlert> : null}
          <TextField
            id={`${id}-reason`}
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={300}
            placeholder={placeholder}
            error={error}
          />
        </div>
      ) : null}
    </ConfirmDialog>
  )
}
