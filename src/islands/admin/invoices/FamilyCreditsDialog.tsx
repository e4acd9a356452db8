import { useId, useState, type FormEvent } from 'react'

import { createCreditSchema, CREDIT_MESSAGES, type CreditDto } from '#api/invoices/credits.schemas'
import { useCancelCredit } from '#islands/api/invoices/admin-cancel-credit'
import { useCreateCredit } from '#islands/api/invoices/admin-create-credit'
import { useFamilyCredits } from '#islands/api/invoices/admin-list-credits'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { Badge } from '#islands/components/ui/Badge'
import { Dialog, FormDialogActions } from '#islands/components/ui/Dialog'
import { TextField } from '#islands/components/ui/Field'
import { Loading } from '#islands/components/ui/LoadState'
import { useNotify } from '#islands/components/ui/Toast'
import { BUTTON } from '#islands/components/ui/styles'
import { serverFieldErrors, validate, type FieldErrors } from '#islands/lib/form'
import { ApiError, errorMessage } from '#islands/lib/http'
import { calendarDay, formatCalendarDay } from '#shared/dates'
import { formatCents, parseDollarsToCents } from '#shared/money'

export type CreditFamily = { userId: number; name: string }

/**
 * A family's credits (decisions §10): what the academy owes it, taken off its next tuition
 * invoices by the monthly run. The administrator issues one (dollars here, cents on the wire)
 * and cancels what is left of an open one.
 */
export function FamilyCreditsDialog({ family, onClose }: { family: CreditFamily | null; onClose: () => void }) {
  return (
    <Dialog
      closeButton
      wide
      open={family !== null}
      onClose={onClose}
      title={family ? `Credits · ${family.name}` : 'Credits'}
      description="A credit comes off the family's next tuition invoices; what one invoice cannot use waits for the next."
    >
      {family ? <FamilyCredits family={family} onDone={onClose} /> : null}
    </Dialog>
  )
}

function FamilyCredits({ family, onDone }: { family: CreditFamily; onDone: () => void }) {
  const credits = useFamilyCredits(family.userId)
  const open = (credits.data ?? []).filter((credit) => credit.status === 'open' && credit.remainingCents > 0)
  const past = (credits.data ?? []).filter((credit) => !open.includes(credit))
  return (
    <div className="space-y-5">
      <section aria-labelledby={`credits-open-${family.userId}`}>
        <h3 id={`credits-open-${family.userId}`} className="font-semibold">
          Open credits
        </h3>
        {credits.isPending ? (
          <Loading label="Loading credits…" />
        ) : credits.isError ? (
          <ErrorAlert title="Failed to load credits">{errorMessage(credits.error, 'Please try again.')}</ErrorAlert>
        ) : open.length === 0 ? (
          <p className="mt-1 text-gray-700">No open credits.</p>
        ) : (
          <ul className="mt-2 space-y-2" aria-label="Open credits">
            {open.map((credit) => (
              <CreditRow key={credit.id} credit={credit} />
            ))}
          </ul>
        )}
        {past.length > 0 ? (
          <details className="mt-3">
            <summary className="cursor-pointer text-sm font-semibold text-brand-800">Used or cancelled ({past.length})</summary>
            <ul className="mt-2 space-y-2">
              {past.map((credit) => (
                <CreditRow key={credit.id} credit={credit} />
              ))}
            </ul>
          </details>
        ) : null}
      </section>
      <IssueCreditForm family={family} onDone={onDone} />
    </div>
  )
}

function CreditRow({ credit }: { credit: CreditDto }) {
  const cancel = useCancelCredit()
  const notify = useNotify()
  const [confirming, setConfirming] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const cancellable = credit.status === 'open' && credit.remainingCents > 0
  const used = credit.amountCents - credit.remainingCents

  function onCancel() {
    setFailure(null)
    cancel.mutate(credit.id, {
      onSuccess: () => notify({ title: 'Credit Cancelled', text: `The credit "${credit.reason}" will not be used.` }),
      onError: (error) => setFailure(errorMessage(error, 'Failed to cancel the credit. Please try again.')),
      onSettled: () => setConfirming(false),
    })
  }

  return (
    <li className="rounded-xl border border-gray-200 p-3" data-credit-id={credit.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-medium">{credit.reason}</p>
          <p className="text-sm text-gray-700">
            {formatCents(credit.amountCents)} issued {formatCalendarDay(calendarDay(credit.createdAt))}
            {used > 0 && credit.status === 'open' ? ` · ${formatCents(used)} used` : ''}
          </p>
        </div>
        <div className="text-right">
          {cancellable ? (
            <p className="font-semibold tabular-nums">{formatCents(credit.remainingCents)} left</p>
          ) : (
            <Badge tone="grey">{credit.status === 'cancelled' ? 'cancelled' : 'used'}</Badge>
          )}
        </div>
      </div>
      {failure ? <p className="mt-2 text-sm font-medium text-red-800">{failure}</p> : null}
      {cancellable ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {confirming ? (
            <>
              <button type="button" className={BUTTON.danger} disabled={cancel.isPending} onClick={onCancel}>
                {cancel.isPending ? 'Cancelling…' : `Yes, cancel the ${formatCents(credit.remainingCents)} left of “${credit.reason}”`}
              </button>
              <button type="button" className={BUTTON.secondary} onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </>
          ) : (
            <button type="button" className={BUTTON.dangerOutline} onClick={() => setConfirming(true)}>
              Cancel credit<span className="sr-only"> {credit.reason}</span>
            </button>
          )}
        </div>
      ) : null}
    </li>
  )
}

const FIELDS = ['amountCents', 'reason'] as const

function IssueCreditForm({ family, onDone }: { family: CreditFamily; onDone: () => void }) {
  const id = useId()
  const create = useCreateCredit()
  const notify = useNotify()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFailure(null)
    const element = event.currentTarget
    const form = new FormData(element)
    const cents = parseDollarsToCents(String(form.get('amount') ?? ''))
    const checked = validate(createCreditSchema, { userId: family.userId, amountCents: cents ?? undefined, reason: String(form.get('reason') ?? '') })
    if (!checked.ok) return setErrors(cents === null ? { ...checked.errors, amountCents: 'Amount must be dollars and cents, such as 25.00' } : checked.errors)
    setErrors({})
    try {
      const credit = await create.mutateAsync(checked.data)
      notify({ title: 'Credit Issued', text: `${formatCents(credit.amountCents)} for ${family.name} comes off their next tuition invoice.` })
      element.reset()
    } catch (error) {
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.errors, FIELDS))
      setFailure(errorMessage(error, 'Please check your connection and try again.'))
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4 border-t border-gray-200 pt-4" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="font-semibold">
        Issue a credit
      </h3>
      {failure ? <ErrorAlert title="Credit not issued">{failure}</ErrorAlert> : null}
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <TextField
          id={`${id}-amount`}
          name="amount"
          label="Amount (USD)"
          inputMode="decimal"
          placeholder="25.00"
          autoComplete="off"
          error={errors.amountCents === CREDIT_MESSAGES.amountCents ? 'Amount must be from $0.01 to $1,000,000.00' : errors.amountCents}
        />
        <TextField id={`${id}-reason`} name="reason" label="Reason" maxLength={300} placeholder="Missed classes in December" error={errors.reason} />
      </div>
      <FormDialogActions onCancel={onDone} pending={create.isPending} submitLabel="Issue credit" pendingLabel="Issuing…" />
    </form>
  )
}
