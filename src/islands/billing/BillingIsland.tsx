import { Elements } from '@stripe/react-stripe-js'
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'

import { PAYMENTS_NOT_CONFIGURED } from '#api/payments/schemas'
import { useAutopayState } from '#islands/api/autopay/autopay-state'
import { useInvoices } from '#islands/api/invoices/list-invoices'
import { usePayments } from '#islands/api/payments/list-payments'
import { useStripeConfig } from '#islands/api/payments/stripe-config'
import { QueryProvider } from '#islands/components/QueryProvider'
import { LineIcon } from '#islands/components/ui/Icon'
import { Loading } from '#islands/components/ui/LoadState'
import { NotifyProvider, useNotify } from '#islands/components/ui/Toast'
import { scrollToTop } from '#islands/lib/scroll'
import { useCanChangeFamily, VIEW_ONLY_NOTICE } from '#islands/lib/use-family-access'
import { loadStripeOnce } from '#islands/lib/stripe'
import { cardLabel } from '#shared/autopay'
import { isPayable } from './billing-format'
import { PAYMENT_MESSAGES } from './card-payment'
import { InvoiceList } from './InvoiceList'
import { PaymentForm } from './PaymentForm'
import { PaymentHistory } from './PaymentHistory'
import { StatementSection } from './StatementSection'

type Props = {
  fullName: string
  /** The academy's time zone (ACADEMY_TIMEZONE), so the days shown are the academy's. */
  timeZone?: string | null
}
type Tab = 'pay' | 'history'

const TABS: { id: Tab; label: string }[] = [
  { id: 'pay', label: 'Make Payment' },
  { id: 'history', label: 'Payment History' },
]

function Billing({ fullName, timeZone = null }: Props) {
  const id = useId()
  const [tab, setTab] = useState<Tab>('pay')
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ pay: null, history: null })
  const notify = useNotify()
  const config = useStripeConfig()
  const invoices = useInvoices()
  const payments = usePayments()
  const autopay = useAutopayState()
  // A view-and-attendance guardian reads the statement; a guardian with full access pays (decisions §23).
  const canPay = useCanChangeFamily()
  const autopayCharges = useMemo(() => {
    const state = autopay.data
    const card = state?.card
    if (!state?.enabled || !card) return undefined
    return new Map(state.upcoming.map((charge) => [charge.invoiceId, { date: charge.date, card: cardLabel(card) }]))
  }, [autopay.data])
  const [stripeLoadFailed, setStripeLoadFailed] = useState(false)

  // Spec §8: load failures are toasts titled Error. The page has one toast at a time, so when
  // neither the invoices nor the history could be read it says so once: the page has no data.
  const loadFailure = billingLoadFailure(invoices.isError, payments.isError)
  useEffect(() => {
    if (loadFailure) notify({ title: 'Error', text: loadFailure, tone: 'error' })
  }, [loadFailure, notify])
  useEffect(() => {
    if (config.isError) notify({ title: 'Error', text: 'Failed to load Stripe configuration. Please try again.', tone: 'error' })
  }, [config.isError, notify])

  const publicKey = config.data?.publicKey ?? null
  const stripePromise = useMemo(() => (publicKey ? loadStripeOnce(publicKey, () => setStripeLoadFailed(true)) : null), [publicKey])
  const paymentsDisabled = config.data?.paymentsDisabled === true
  const owed = (invoices.data ?? []).some((invoice) => isPayable(invoice.status))

  let cardUnavailable: string | null = null
  if (config.isError || stripeLoadFailed) cardUnavailable = PAYMENT_MESSAGES.formNotLoaded
  else if (config.data && !publicKey) cardUnavailable = PAYMENTS_NOT_CONFIGURED

  function select(next: Tab, focus = false) {
    setTab(next)
    if (focus) tabRefs.current[next]?.focus()
    // Another tab is another view: back to the top, as on a page change (spec §2).
    if (next !== tab) scrollToTop()
  }

  // WAI-ARIA tabs: arrows, Home and End move between the two tabs.
  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.findIndex((t) => t.id === tab)
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    select(TABS[(target + TABS.length) % TABS.length]!.id, true)
  }

  return (
    <div className="space-y-5">
      {paymentsDisabled ? (
        <div role="status" className="flex items-start gap-3 rounded-2xl border border-red-700 bg-red-700 px-4 py-3 font-semibold text-white">
          <LineIcon className="mt-0.5 shrink-0">
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v6M12 16.5v.5" />
          </LineIcon>
          <p>Payments are currently disabled</p>
        </div>
      ) : null}

      <StatementSection />

      <div role="tablist" aria-label="Billing" className="grid grid-cols-2 gap-1 rounded-full bg-gray-100 p-1">
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(node) => {
              tabRefs.current[t.id] = node
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`${id}-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => select(t.id)}
            onKeyDown={onTabKeyDown}
            className={`min-h-11 rounded-full px-3 text-sm font-semibold ${tab === t.id ? 'bg-white text-brand-800 shadow' : 'text-gray-700 hover:text-brand-800'}`}
          >
            {t.label}
          </button>
        ))}
      </div>

      {/* Both panels stay mounted, so the card box keeps what was typed when the tabs switch. */}
      <section
        role="tabpanel"
        id={`${id}-panel-pay`}
        aria-labelledby={`${id}-tab-pay`}
        hidden={tab !== 'pay'}
        tabIndex={0}
        className="rounded-3xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
      >
        {invoices.isError ? (
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-900">
            <p>Failed to load billing information. Please try again.</p>
            <button type="button" onClick={() => void invoices.refetch()} className="rounded-full border border-red-800 px-4 py-1.5 font-semibold">
              Try again
            </button>
          </div>
        ) : null}
        {/* The card form only while something is owed (issue 23); the list below shows everything else. */}
        {owed && !canPay ? (
          <p role="note" className="rounded-xl bg-gray-50 px-4 py-3 text-gray-800">
            {VIEW_ONLY_NOTICE}
          </p>
        ) : owed ? (
          <Elements stripe={stripePromise}>
            <PaymentForm
              invoices={invoices.data ?? []}
              invoicesLoading={invoices.isPending}
              paymentsDisabled={paymentsDisabled}
              testMode={config.data?.testMode === true}
              cardUnavailable={cardUnavailable}
              defaultCardholder={fullName}
            />
          </Elements>
        ) : invoices.isPending ? (
          <Loading label="Loading your invoices…" />
        ) : invoices.isSuccess ? (
          <p className="rounded-xl bg-gray-50 px-4 py-3 text-gray-800" data-testid="nothing-owed">
            Nothing is owed: you have no pending invoices.
          </p>
        ) : null}
        <InvoiceList invoices={invoices.data ?? []} headingId={`${id}-invoices`} autopay={autopayCharges} />
      </section>

      <section
        role="tabpanel"
        id={`${id}-panel-history`}
        aria-labelledby={`${id}-tab-history`}
        hidden={tab !== 'history'}
        tabIndex={0}
        className="rounded-3xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 className="mb-4 font-serif text-2xl text-ink">Payment history</h2>
        <PaymentHistory
          payments={payments.data}
          timeZone={timeZone}
          loading={payments.isPending}
          failed={payments.isError}
          onRetry={() => void payments.refetch()}
          paymentsDisabled={paymentsDisabled}
          onGoToForm={() => select('pay', true)}
        />
      </section>
    </div>
  )
}

/**
 * /billing (spec §2): the family's statement (decisions §11) with the coming invoice explained,
 * then Make Payment (the card form while something is owed, and the one invoice list with its
 * filter) and Payment History.
 */
export default function BillingIsland(props: Props) {
  return (
    <QueryProvider>
      <NotifyProvider>
        <Billing {...props} />
      </NotifyProvider>
    </QueryProvider>
  )
}

function billingLoadFailure(invoicesFailed: boolean, paymentsFailed: boolean): string | null {
  if (invoicesFailed && paymentsFailed) return 'Failed to load data. Please try again.'
  if (invoicesFailed) return 'Failed to load billing information. Please try again.'
  if (paymentsFailed) return 'Failed to load payment history. Please try again.'
  return null
}
