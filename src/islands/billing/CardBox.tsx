import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js'
import type { StripeCardElementChangeEvent, StripeCardElementOptions } from '@stripe/stripe-js'
import { useEffect, useMemo, useState } from 'react'

import { CARD_MOUNT_DELAY_MS, READINESS_CHECK_MS } from './card-payment'

type Props = {
  id: string
  disabled: boolean
  /** Why no card box can be shown (Stripe.js failed to load, payments not configured), or null. */
  unavailable: string | null
  onReadyChange: (ready: boolean) => void
}

/**
 * Stripe's card box (card data never touches our server, decisions §5). Spec §9: a spinner for
 * 750 ms before the box mounts, then a readiness check after 1000 ms; the box's own 'ready'
 * event counts too. Its validation errors show inline under it (spec §5).
 */
export function CardBox({ id, disabled, unavailable, onReadyChange }: Props) {
  const stripe = useStripe()
  const elements = useElements()
  const [mounted, setMounted] = useState(false)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    const timer = setTimeout(() => setMounted(true), CARD_MOUNT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])

  useEffect(() => {
    if (!mounted || !stripe || !elements) return
    const timer = setTimeout(() => {
      if (elements.getElement(CardElement)) onReadyChange(true)
    }, READINESS_CHECK_MS)
    return () => clearTimeout(timer)
  }, [mounted, stripe, elements, onReadyChange])

  const options = useMemo<StripeCardElementOptions>(
    () => ({
      disabled,
      hidePostalCode: false,
      style: {
        base: { fontSize: '16px', color: '#1f1a24', fontFamily: 'system-ui, sans-serif', '::placeholder': { color: '#4b5563' } },
        invalid: { color: '#991b1b', iconColor: '#991b1b' },
      },
    }),
    [disabled],
  )

  function onChange(event: StripeCardElementChangeEvent) {
    setError(event.error?.message ?? null)
  }

  const showSpinner = !unavailable && (!mounted || !stripe)

  return (
    <div>
      <p id={`${id}-label`} className="block text-sm font-semibold text-ink">
        Card details
      </p>
      <div
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-busy={showSpinner}
        className={`mt-1 min-h-12 rounded-xl border bg-white px-3 py-3 shadow-sm ${error ? 'border-red-700' : 'border-gray-400'} ${disabled ? 'opacity-70' : ''}`}
      >
        {unavailable ? (
          <p className="text-sm font-medium text-red-800">{unavailable}</p>
        ) : showSpinner ? (
          <div role="status" className="flex items-center gap-2 text-sm text-gray-700">
            <span className="h-5 w-5 animate-spin rounded-full border-2 border-gray-300 border-t-brand-700" aria-hidden="true" />
            Loading secure card form…
          </div>
        ) : null}
        {mounted && !unavailable ? <CardElement id={id} options={options} onChange={onChange} onReady={() => onReadyChange(true)} /> : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  )
}
