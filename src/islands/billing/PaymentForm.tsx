import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js'
import { useCallback, useId, useState, type FormEvent } from 'react'

import { paymentFormSchema } from '#api/payments/schemas'
import type { InvoiceDto } from '#api/invoices/schemas'
import { useCreatePaymentIntent } from '#islands/api/payments/create-payment-intent'
import { useRecordPayment } from '#islands/api/payments/record-payment'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { SubmitButton } from '#islands/components/ui/Button'
import { SelectField, TextField } from '#islands/components/ui/Field'
import { useNotify } from '#islands/components/ui/Toast'
import { validate, type FieldErrors } from '#islands/lib/form'
import { useSearchParam } from '#islands/lib/use-location'
import { formatCalendarDay } from '#shared/dates'
import { formatDollars } from '#shared/money'

import { invoiceOptionLabel, invoiceStatusBadge, isPayable } from './billing-format'
import { PAYMENT_MESSAGES, payInvoiceByCard, paymentFailureText, waitForCardElement } from './card-payment'
import { CardBox } from './CardBox'
import { TestCards } from './TestCards'

type Props = {
  invoices: InvoiceDto[]
  invoicesLoading: boolean
  paymentsDisabled: boolean
  testMode: boolean
  /** Why the card box cannot be offered (not configured, Stripe.js failed to load), or null. */
  cardUnavailable: string | null
  defaultCardholder: string
}

/**
 * Make Payment (spec §2, §4, §5): choose an invoice, the amount it sets, the cardholder and the
 * card; Pay Now runs the card payment flow. Lives inside Stripe's <Elements>; /billing shows it
 * only while something is owed.
 */
export function PaymentForm({ invoices, invoicesLoading, paymentsDisabled, testMode, cardUnavailable, defaultCardholder }: Props) {
  const notify = useNotify()
  const id = useId()
  const stripe = useStripe()
  const elements = useElements()
  const createIntent = useCreatePaymentIntent()
  const record = useRecordPayment()
  // null until the family chooses: the autopay emails link to /billing?invoice=<id>, chosen already.
  const [pickedInvoiceId, setInvoiceId] = useState<string | null>(null)
  const linkedInvoiceId = useSearchParam('invoice')
  const chosenInvoiceId = pickedInvoiceId ?? (linkedInvoiceId && /^\d+$/.test(linkedInvoiceId) ? linkedInvoiceId : '')
  const [cardholderName, setCardholderName] = useState(defaultCardholder)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [cardReady, setCardReady] = useState(false)
  const [processing, setProcessing] = useState(false)

  const payable = invoices.filter((invoice) => isPayable(invoice.status))
  const selected = invoices.find((invoice) => String(invoice.id) === chosenInvoiceId && isPayable(invoice.status)) ?? null
  // An invoice paid meanwhile (another tab, the webhook) leaves the selection.
  const invoiceId = selected || invoicesLoading ? chosenInvoiceId : ''
  const systemReady = cardReady && !cardUnavailable && Boolean(stripe && elements)
  const payDisabled = processing || paymentsDisabled || payable.length === 0 || !systemReady

  const onCardReady = useCallback((ready: boolean) => setCardReady(ready), [])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (processing) return
    setFailure(null)
    if (!selected) {
      setErrors({ invoiceId: PAYMENT_MESSAGES.missing })
      notify({ title: PAYMENT_MESSAGES.missingTitle, text: PAYMENT_MESSAGES.missing, tone: 'error' })
      return
    }
    const checked = validate(paymentFormSchema, { invoiceId: selected.id, amount: selected.amount, cardholderName })
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    if (!stripe || !elements || !systemReady) {
      notify({ title: PAYMENT_MESSAGES.notReadyTitle, text: PAYMENT_MESSAGES.notReady, tone: 'error' })
      return
    }

    setProcessing(true)
    try {
      const card = await waitForCardElement(() => elements.getElement(CardElement))
      await payInvoiceByCard({
        stripe,
        card,
        invoiceId: checked.data.invoiceId,
        amount: checked.data.amount,
        cardholderName: checked.data.cardholderName,
        createIntent: (input) => createIntent.mutateAsync(input),
        recordPayment: (input) => record.mutateAsync(input),
      })
      notify({ title: PAYMENT_MESSAGES.successTitle, text: `${formatDollars(selected.amount)} paid for ${selected.description}. Thank you!`, tone: 'success' })
      setInvoiceId('')
      try {
        card.clear()
      } catch {
        // Paying the last owed invoice takes the form, and its card box, away as the list refreshes.
      }
    } catch (error) {
      setFailure(paymentFailureText(error))
    } finally {
      setProcessing(false)
    }
  }

  const badge = selected ? invoiceStatusBadge(selected.status) : null

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-labelledby={`${id}-title`} aria-busy={processing}>
      <h2 id={`${id}-title`} className="font-serif text-2xl text-ink">
        Pay an invoice
      </h2>

      <SelectField
        id={`${id}-invoice`}
        name="invoiceId"
        label="Invoice"
        value={invoiceId}
        onChange={(event) => {
          setInvoiceId(event.target.value)
          setErrors((current) => ({ ...current, invoiceId: undefined, amount: undefined }))
        }}
        disabled={processing || invoicesLoading}
        error={errors.invoiceId}
      >
        <option value="">{invoicesLoading ? 'Loading invoices…' : 'Select an invoice'}</option>
        {invoices.map((invoice) => (
          <option key={invoice.id} value={invoice.id} disabled={!isPayable(invoice.status)}>
            {invoiceOptionLabel(invoice)}
          </option>
        ))}
      </SelectField>

      {selected && badge ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-gray-800">
          <span className={badge.className}>{badge.label}</span>
          <span>Due {formatCalendarDay(selected.dueDate)}</span>
        </p>
      ) : null}

      <TextField
        id={`${id}-amount`}
        name="amount"
        label="Amount (USD)"
        value={selected ? formatDollars(selected.amount) : ''}
        placeholder="Choose an invoice"
        readOnly
        aria-readonly="true"
        hint="The amount is set by the invoice and cannot be changed."
        error={errors.amount}
        className="[&_input]:bg-gray-50"
      />

      <TextField
        id={`${id}-cardholder`}
        name="cardholderName"
        label="Cardholder name"
        autoComplete="cc-name"
        value={cardholderName}
        onChange={(event) => setCardholderName(event.target.value)}
        disabled={processing}
        error={errors.cardholderName}
        required
      />

      <CardBox id={`${id}-card`} disabled={processing || paymentsDisabled} unavailable={cardUnavailable} onReadyChange={onCardReady} />

      {testMode ? <TestCards /> : null}

      {failure ? <ErrorAlert title={PAYMENT_MESSAGES.failedTitle}>{failure}</ErrorAlert> : null}

      <SubmitButton pending={processing} pendingLabel="Processing..." disabled={payDisabled}>
        Pay Now
      </SubmitButton>
    </form>
  )
}
