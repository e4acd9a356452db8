import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import { useId, useMemo, useState, type FormEvent } from 'react'

import type { AutopayStateDto } from '#api/autopay/schemas'
import { PAYMENTS_NOT_CONFIGURED } from '#api/payments/schemas'
import { useAutopayState } from '#islands/api/autopay/autopay-state'
import { useCreateCardSetup } from '#islands/api/autopay/create-card-setup'
import { useRemoveCard } from '#islands/api/autopay/remove-card'
import { useSaveCard } from '#islands/api/autopay/save-card'
import { useSetAutopay } from '#islands/api/autopay/set-autopay'
import { useStripeConfig } from '#islands/api/payments/stripe-config'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { SubmitButton } from '#islands/components/ui/Button'
import { ConfirmDialog } from '#islands/components/ui/Dialog'
import { Loading } from '#islands/components/ui/LoadState'
import { BUTTON } from '#islands/components/ui/styles'
import { Switch } from '#islands/components/ui/Switch'
import { useNotify } from '#islands/components/ui/Toast'
import { errorMessage } from '#islands/lib/http'
import { loadStripeOnce } from '#islands/lib/stripe'
import { autopayExplanation, cardExpiry, cardLabel } from '#shared/autopay'
import { formatCalendarDay } from '#shared/dates'
import { formatDollars } from '#shared/money'

/** The Payment Element for a SetupIntent: the card goes from here to Stripe; our server gets the SetupIntent's id. */
function SaveCardForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const stripe = useStripe()
  const elements = useElements()
  const save = useSaveCard()
  const notify = useNotify()
  const [ready, setReady] = useState(false)
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!stripe || !elements || pending) return
    setFailure(null)
    setPending(true)
    try {
      const submitted = await elements.submit()
      if (submitted.error) return setFailure(submitted.error.message ?? 'Please check the card details.')
      const result = await stripe.confirmSetup({
        elements,
        confirmParams: { return_url: `${window.location.origin}/account` },
        redirect: 'if_required',
      })
      if (result.error) return setFailure(result.error.message ?? 'Your card could not be saved.')
      if (result.setupIntent.status !== 'succeeded') return setFailure('Your bank has not confirmed the card. Please try again.')
      const card = await save.mutateAsync({ setupIntentId: result.setupIntent.id })
      notify({ title: 'Card saved', text: `${cardLabel(card)} is saved for autopay.`, tone: 'success' })
      onDone()
    } catch (error) {
      setFailure(errorMessage(error, 'Your card could not be saved. Please try again.'))
    } finally {
      setPending(false)
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="mt-3 space-y-3" aria-busy={pending}>
      <div className="rounded-xl border border-gray-400 bg-white px-3 py-3">
        <PaymentElement options={{ layout: 'tabs' }} onReady={() => setReady(true)} />
        {!ready ? <Loading label="Loading secure card form…" /> : null}
      </div>
      {failure ? <ErrorAlert title="Card not saved">{failure}</ErrorAlert> : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <SubmitButton pending={pending} pendingLabel="Saving card…" disabled={!ready || !stripe}>
          Save card
        </SubmitButton>
        <button type="button" className={BUTTON.secondary} onClick={onCancel} disabled={pending}>
          Cancel
        </button>
      </div>
    </form>
  )
}

function Upcoming({ state }: { state: AutopayStateDto }) {
  const next = state.upcoming[0]
  if (!state.enabled || !next) return null
  return (
    <p className="mt-2 rounded-xl bg-brand-50 px-3 py-2 text-sm text-ink">
      Next charge: <strong>{formatDollars(next.amount)}</strong> for {next.description} on <strong>{formatCalendarDay(next.date)}</strong>.
    </p>
  )
}

/** /account "Card & autopay" (decisions §12): save a card with the Payment Element, remove it, switch autopay. */
export function CardAutopaySection() {
  const id = useId()
  const notify = useNotify()
  const state = useAutopayState()
  const config = useStripeConfig()
  const createSetup = useCreateCardSetup()
  const removeCard = useRemoveCard()
  const setAutopay = useSetAutopay()
  const [clientSecret, setClientSecret] = useState<string | null>(null)
  const [confirmRemove, setConfirmRemove] = useState(false)
  const [stripeFailed, setStripeFailed] = useState(false)

  const publicKey = config.data?.publicKey ?? null
  const stripePromise = useMemo(() => (publicKey ? loadStripeOnce(publicKey, () => setStripeFailed(true)) : null), [publicKey])
  const unavailable =
    config.data && !publicKey
      ? PAYMENTS_NOT_CONFIGURED
      : config.data?.paymentsDisabled
        ? 'Payments are currently disabled'
        : stripeFailed
          ? 'The secure card form could not be loaded. Please refresh the page.'
          : null

  async function startAdding() {
    try {
      const setup = await createSetup.mutateAsync()
      setClientSecret(setup.clientSecret)
    } catch (error) {
      notify({ title: 'Error', text: errorMessage(error, 'The card form could not be opened. Please try again.'), tone: 'error' })
    }
  }

  async function remove() {
    try {
      await removeCard.mutateAsync()
      setConfirmRemove(false)
      notify({ title: 'Card removed', text: 'Your card was removed and autopay is off.', tone: 'success' })
    } catch (error) {
      setConfirmRemove(false)
      notify({ title: 'Error', text: errorMessage(error, 'The card could not be removed. Please try again.'), tone: 'error' })
    }
  }

  async function toggle(enabled: boolean) {
    try {
      await setAutopay.mutateAsync({ enabled })
      notify({
        title: enabled ? 'Autopay on' : 'Autopay off',
        text: enabled ? 'Tuition will be charged to your saved card.' : 'Tuition will not be charged automatically.',
        tone: 'success',
      })
    } catch (error) {
      notify({ title: 'Error', text: errorMessage(error, 'Autopay could not be changed. Please try again.'), tone: 'error' })
    }
  }

  const data = state.data
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-3xl border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id={`${id}-title`} className="font-serif text-xl">
        Card &amp; autopay
      </h2>
      {state.isPending ? <Loading label="Loading your card…" /> : null}
      {state.isError ? (
        <ErrorAlert title="Error">
          Your card and autopay could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void state.refetch()}>
            Try again
          </button>
        </ErrorAlert>
      ) : null}
      {data ? (
        <div className="mt-2 space-y-4">
          {data.ownCard ? (
            <p className="text-sm text-gray-800">Your card: it pays only the invoices billed to you. The household’s card, kept by the payer, pays the rest.</p>
          ) : null}
          {data.card ? (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-gray-200 px-3 py-3">
              <div>
                {data.ownCard ? <p className="text-sm font-medium text-gray-800">Your card</p> : null}
                <p className="font-semibold">{cardLabel(data.card)}</p>
                <p className="text-sm text-gray-800">Expires {cardExpiry(data.card)}</p>
                {data.savedBy && !data.savedBy.you ? <p className="text-sm text-gray-800">Saved by {data.savedBy.fullName}</p> : null}
              </div>
              <button type="button" className={BUTTON.danger} onClick={() => setConfirmRemove(true)}>
                Remove card
              </button>
            </div>
          ) : (
            <p className="text-gray-800">No card saved. Save one to pay tuition automatically.</p>
          )}

          {unavailable ? <p className="text-sm font-medium text-red-800">{unavailable}</p> : null}
          {clientSecret && stripePromise && !unavailable ? (
            <Elements stripe={stripePromise} options={{ clientSecret }}>
              <SaveCardForm onDone={() => setClientSecret(null)} onCancel={() => setClientSecret(null)} />
            </Elements>
          ) : !unavailable ? (
            <button type="button" className={BUTTON.secondary} onClick={() => void startAdding()} disabled={createSetup.isPending}>
              {createSetup.isPending ? 'Opening card form…' : data.card ? 'Replace card' : 'Save a card'}
            </button>
          ) : null}

          <div>
            <Switch
              label="Autopay"
              checked={data.enabled}
              disabled={!data.card || setAutopay.isPending || (!data.enabled && data.savedBy?.you === false)}
              onChange={(next) => void toggle(next)}
              hint={autopayExplanation(data)}
            />
            {data.card && data.savedBy?.you === false ? (
              <p className="mt-1 text-sm text-gray-800">
                Only {data.savedBy.fullName}, who saved this card, can turn autopay on for it. You can turn it off, or save a card of your own.
              </p>
            ) : null}
            <Upcoming state={data} />
          </div>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirmRemove}
        title="Remove this card?"
        confirmLabel="Remove card"
        pendingLabel="Removing…"
        pending={removeCard.isPending}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmRemove(false)}
      >
        {data?.card ? `${cardLabel(data.card)} will be deleted and autopay turned off.` : 'The card will be deleted and autopay turned off.'}
      </ConfirmDialog>
    </section>
  )
}
